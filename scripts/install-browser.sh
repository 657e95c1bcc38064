#!/usr/bin/env bash
# Install the headless Chromium that tests/browser drives through Playwright.
#
# Debian's own `chromium` package is used (not Playwright's downloaded browsers) so the browser
# comes from the distribution's signed archive and updates with the system. Idempotent: when
# /usr/bin/chromium already exists nothing is touched, so `make test` can call it every time.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
    echo "install-browser: $CHROMIUM already present ($("$CHROMIUM" --version 2>/dev/null || echo 'version unknown'))"
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-browser: apt-get not found; install Chromium so that $CHROMIUM exists" >&2
    exit 1
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    else
        echo "install-browser: run as root (or install sudo) to install Chromium" >&2
        exit 1
    fi
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y --no-install-recommends chromium

if [ ! -x "$CHROMIUM" ]; then
    echo "install-browser: the chromium package installed but $CHROMIUM is missing" >&2
    exit 1
fi
echo "install-browser: installed $("$CHROMIUM" --version 2>/dev/null || echo chromium)"
