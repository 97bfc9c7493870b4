#!/usr/bin/env bash
# The friends-at-home test puts Debian's Caddy (a TLS reverse proxy with its own certificate
# authority) in front of the app. Install it when we can (root with apt); otherwise say so:
# that test then skips with the reason, unless HOMEGAME_REQUIRE_SERVICES=1 turns the skip
# into a failure.
set -euo pipefail
if command -v caddy >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's caddy for the TLS proxy test..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq caddy >/dev/null
else
  echo "Caddy is not installed (apt-get install caddy); the TLS proxy test will be skipped."
fi
