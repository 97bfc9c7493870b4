"""QR codes of links, drawn on the server as SVG (no script): inline in a page, or as an image
file for a page that links to one."""

from __future__ import annotations

import io

import segno
from django.utils.safestring import SafeString, mark_safe

# Dark modules on white with a quiet zone: phone cameras read that even on a dark page.
LOOK = {"dark": "#000", "light": "#fff", "border": 3, "omitsize": True}


def qr_svg(url: str) -> SafeString:
    code = segno.make(url, error="m")
    svg = code.svg_inline(title="QR code of " + url, **LOOK)
    return mark_safe(svg)  # segno's own markup; it escapes the URL in the title


def qr_svg_file(url: str) -> bytes:
    """The QR code as a standalone SVG document: an <img> draws only SVG that names its
    namespace, which the inline markup leaves out."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", title="QR code of " + url, **LOOK)
    return out.getvalue()
