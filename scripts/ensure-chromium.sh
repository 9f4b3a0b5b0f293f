#!/usr/bin/env bash
# The browser journeys use Debian's Chromium (never a downloaded browser) and a CJK font so the
# Chinese screens render; the deploy-shape test validates the compose proxy with Debian's
# HAProxy. Installs what is missing.
set -euo pipefail
missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
[ -e /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] || missing+=(fonts-wqy-microhei)
command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's ${missing[*]} for the browser journeys..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
elif [[ " ${missing[*]} " == *" chromium "* ]]; then
  echo "The browser journeys need: sudo apt-get install -y ${missing[*]} (or set CHROMIUM_PATH)." >&2
  exit 1
else
  echo "Optional, for the Chinese screenshots and the proxy check: sudo apt-get install -y ${missing[*]}" >&2
fi
