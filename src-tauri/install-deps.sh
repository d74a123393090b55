#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages that building and running the desktop app needs
# (WebKitGTK 4.1 and friends), plus what its tests use (Xvfb, a window manager, a session
# bus, ffmpeg for screenshots, WebKit's WebDriver). Run as root: sudo src-tauri/install-deps.sh
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq \
  libwebkit2gtk-4.1-dev libxdo-dev libssl-dev libayatana-appindicator3-dev librsvg2-dev \
  pkg-config build-essential \
  xvfb matchbox-window-manager dbus ffmpeg webkit2gtk-driver
echo "desktop build dependencies installed"
