#!/usr/bin/env bash
# The end-to-end tests (tests/e2e) drive Debian's Chromium: install it when it is missing.
set -euo pipefail

if [ -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  exit 0
fi
echo "installing Debian's chromium and chromium-driver for the end-to-end tests"
export DEBIAN_FRONTEND=noninteractive
sudo_=""
if [ "$(id -u)" != 0 ]; then sudo_="sudo"; fi
if ! $sudo_ apt-get install -y -q chromium chromium-driver; then
  $sudo_ apt-get update -q
  $sudo_ apt-get install -y -q chromium chromium-driver
fi
"${CHROMIUM:-/usr/bin/chromium}" --version
