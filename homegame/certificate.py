"""The laptop's own TLS certificate for `make run`: made once, kept beside `.secret_key`.

Phones on the home Wi-Fi need https for a secure context (the screen wake lock, secure
cookies) and so that nobody else on the Wi-Fi can read the cards. No public authority can
vouch for a laptop's LAN address, so the certificate is self-signed: each phone shows a warning
the first time and remembers the choice for that address. Anyone may compare the certificate's
fingerprint, printed by `make run` and shown on the clock screen, with the one their browser
shows before going on.

It is made again only when it has expired or does not name this computer's current LAN
address: a phone's earlier choice was for the old address anyway.
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import socket
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

# Apple's devices refuse a server certificate valid for longer than 825 days.
VALID_DAYS = 825
# Made again this long before it runs out, not during a night.
RENEW_BEFORE = datetime.timedelta(days=30)

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


def names_for(lan_address: str) -> tuple[list[str], list[IPAddress]]:
    """The DNS names and addresses the certificate names: this computer by name (and its
    `.local` name, which phones may resolve by mDNS), the loopback addresses and the LAN address.

    >>> names, addresses = names_for("192.168.1.20")
    >>> "localhost" in names, ipaddress.ip_address("192.168.1.20") in addresses
    (True, True)
    """
    host = socket.gethostname().split(".")[0].lower()
    names = ["localhost"]
    if host and host != "localhost":
        names += [host, f"{host}.local"]
    addresses = [ipaddress.ip_address(a) for a in dict.fromkeys(["127.0.0.1", "::1", lan_address])]
    return names, addresses


def fingerprint(certificate: x509.Certificate) -> str:
    """SHA-256 of the certificate, in the colon-separated hex browsers show."""
    return certificate.fingerprint(hashes.SHA256()).hex(":").upper()


def fingerprint_of(path: Path) -> str:
    return fingerprint(x509.load_pem_x509_certificate(path.read_bytes()))


def _still_good(certificate: x509.Certificate, addresses: list[IPAddress], now: datetime.datetime) -> bool:
    if certificate.not_valid_after_utc - RENEW_BEFORE <= now:
        return False
    try:
        named = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return False
    return set(addresses) <= set(named.get_values_for_type(x509.IPAddress))


def make_certificate(
    names: list[str], addresses: list[IPAddress], now: datetime.datetime
) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    """A self-signed server certificate for these names and addresses.

    >>> now = datetime.datetime(2026, 12, 7, tzinfo=datetime.UTC)
    >>> made, _key = make_certificate(["localhost"], [ipaddress.ip_address("127.0.0.1")], now)
    >>> (made.not_valid_after_utc - now).days
    825
    """
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"Homegame on {names[-1]}")])
    alternative = [x509.DNSName(name) for name in names] + [x509.IPAddress(a) for a in addresses]
    certificate = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=VALID_DAYS))
        .add_extension(x509.SubjectAlternativeName(alternative), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(key, hashes.SHA256())
    )
    return certificate, key


def ensure_certificate(
    certificate_path: Path, key_path: Path, lan_address: str, now: datetime.datetime | None = None
) -> bool:
    """Make the certificate and its key unless the kept ones are still good; True if made."""
    now = now or datetime.datetime.now(tz=datetime.UTC)
    names, addresses = names_for(lan_address)
    if certificate_path.exists() and key_path.exists():
        kept = x509.load_pem_x509_certificate(certificate_path.read_bytes())
        if _still_good(kept, addresses, now):
            return False
    certificate, key = make_certificate(names, addresses, now)
    key_bytes = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    # The key is readable by its owner only, like .secret_key, and written before the certificate
    # that names it.
    descriptor = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as written:
        written.write(key_bytes)
    key_path.chmod(0o600)
    certificate_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    return True
