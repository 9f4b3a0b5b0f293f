#!/usr/bin/env bash
# The browser journeys use Debian's Chromium (never a downloaded browser). Installs it when missing.
set -euo pipefail
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser journeys..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "Chromium is needed for the browser journeys: sudo apt-get install -y chromium (or set CHROMIUM_PATH)." >&2
  exit 1
fi
