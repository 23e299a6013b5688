#!/usr/bin/env bash
# Installs the system libraries Haven links against, only when pkg-config
# cannot already find them. Debian/Ubuntu (apt-get); elsewhere it says what
# to install and stops.
set -euo pipefail

modules=(yaml-0.1 lua5.4 libedit sqlite3 zlib libxml-2.0)
packages=(libyaml-dev liblua5.4-dev libsqlite3-dev libedit-dev zlib1g-dev libxml2-dev pkg-config libcurl4)
# `ensure-deps.sh --test` also installs what the tests drive Haven with.
if [ "${1:-}" = "--test" ]; then packages+=(tmux vim less zsh fish sqlite3 git curl man-db libxml2-utils chromium libnotify-bin dbus python3-dbus python3-gi postgresql fzf qrencode chromium-driver); fi

missing=()
if command -v pkg-config >/dev/null 2>&1; then
  for m in "${modules[@]}"; do
    pkg-config --exists "$m" || missing+=("$m")
  done
else
  missing=(pkg-config)
fi
# libcurl is loaded by `haven sync` when it first talks to a server.
ldconfig -p 2>/dev/null | grep -q 'libcurl\(-gnutls\)\?\.so\.4' || missing+=(libcurl4)
if [ "${1:-}" = "--test" ]; then
  for tool in tmux vim less zsh fish sqlite3 git curl man xmllint chromium notify-send dbus-daemon fzf qrencode chromedriver; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
  /usr/bin/python3 -c "import dbus, gi" 2>/dev/null || missing+=(python3-dbus)
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

echo "haven: missing system libraries (${missing[*]}); installing ${packages[*]}" >&2
if ! command -v apt-get >/dev/null 2>&1; then
  echo "haven: no apt-get here; install the development packages for: ${modules[*]} and pkg-config" >&2
  exit 1
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq "${packages[@]}" >/dev/null
