#!/usr/bin/env bash
# Installs the system packages GoodsDesk needs, only when one is missing.
# Used by the README's commands and by CI; safe to run again.
set -euo pipefail

# Debian packages the build, the install and the tests need (libadwaita gives the Adwaita style manager: dark style and named colours; libsoup fetches pictures by URL, glib-networking gives it TLS, libglib2.0-dev-bin has glib-compile-resources for the .ui GResources). (The Swift toolchain comes with the machine.)
packages=(pkg-config libsqlite3-dev libgtk-4-dev libadwaita-1-dev libsoup-3.0-dev glib-networking librsvg2-common fonts-noto-cjk xvfb xauth dbus imagemagick python3-pyatspi at-spi2-core dbus-x11 xdotool
          meson ninja-build gettext desktop-file-utils appstream libglib2.0-bin libglib2.0-dev-bin gtk-update-icon-cache)
# The web plugin (plugins/web) builds on WebKitGTK 6; its web processes' sandbox uses bubblewrap
# and xdg-dbus-proxy. Only that plugin links WebKit: the app runs without it.
packages+=(libwebkitgtk-6.0-dev bubblewrap xdg-dbus-proxy)
# The Debian package: debhelper builds it (dpkg-buildpackage), lintian checks it.
packages+=(debhelper lintian fakeroot dpkg-dev)

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup-deps: installing ${missing[*]}" >&2
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo_cmd apt-get update -qq
    $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

command -v swift >/dev/null || { echo "setup-deps: the Swift toolchain (swift) is not on PATH" >&2; exit 1; }
