#!/bin/sh
# Starts GNOME Keyring's Secret Service in the current D-Bus session, unlocked as a login
# would unlock it, and returns only once it answers on the bus.
#
# Why the wait: `gnome-keyring-daemon --unlock` returns before its daemon has claimed
# org.freedesktop.secrets. A program that asks in that gap makes D-Bus start a second,
# locked daemon, whose unlock prompt has no display and is dismissed, so the program is
# told (rightly) that the store is locked. Tests that ask at once saw that one run in ten.
#
# Used by tests/privacy_secret_store.rs and .ci/desktop; needs dbus-send (Debian dbus).
set -eu
printf '%s' "${1:-kiosk-login}" | gnome-keyring-daemon --unlock --components=secrets >/dev/null
i=0
while [ "$i" -lt 200 ]; do
  if dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null \
    | grep -q 'boolean true'; then
    exit 0
  fi
  sleep 0.05
  i=$((i + 1))
done
echo "the unlocked keyring did not claim org.freedesktop.secrets within 10 s" >&2
exit 1
