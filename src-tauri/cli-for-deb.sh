#!/bin/sh
# tauri.conf.json's beforeBuildCommand (run by `npx tauri build` in src-tauri/): builds
# the `entrada` command line that the .deb ships beside the app and leaves a copy without
# debug line tables where the bundle's file list takes it from (deb-cli/, not in git).
#
# Both packages in one invocation: the library and every shared dependency get the same
# features as in the app's own build that follows, so the release build is done once
# (issue 42). The binary is found in cargo's own target directory (CARGO_TARGET_DIR or
# build.target-dir, as cargo metadata reports it), so a shared target dir works.
set -eu
cargo build --release -p entrada -p entrada-desktop --bin entrada
target=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
[ -n "$target" ] || { echo "cli-for-deb: cargo metadata named no target directory" >&2; exit 1; }
mkdir -p deb-cli
strip --strip-debug -o deb-cli/entrada "$target/release/entrada"
