#!/usr/bin/env bash
# Browser tests drive Debian's Chromium. Install it when we can (root with apt);
# otherwise say so: the browser tests then skip with that reason, unless
# HOMEGAME_REQUIRE_SERVICES=1 turns the skip into a failure.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium >/dev/null
else
  echo "Chromium is not installed (apt-get install chromium); browser tests will be skipped."
fi
