#!/usr/bin/env bash
# Installs Debian's Chromium (and a CJK font, so Chinese pages render) when missing.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if command -v chromium >/dev/null 2>&1 && fc-list 2>/dev/null | grep -qi "wenquanyi\|wqy"; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
echo "Installing Chromium and a CJK font from Debian's packages..."
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null
