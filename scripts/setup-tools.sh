#!/usr/bin/env bash
# Installs every tool the build and the tests need, skipping what is already present.
# Only package registries are used (crates.io, npm, Debian): nothing is downloaded from a project's release page.
set -euo pipefail
cd "$(dirname "$0")/.."

# Must equal the wasm-bindgen version in Cargo.lock (pinned with "=" in app/Cargo.toml).
WASM_BINDGEN_VERSION=0.2.130
TRUNK_VERSION=0.21.14

log() { printf '[setup] %s\n' "$*"; }

need_browser=1
need_wasm=1
for arg in "$@"; do
  case "$arg" in
    --no-browser) need_browser=0 ;;
    --no-wasm) need_wasm=0 ;;
  esac
done

export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

# Root runs apt-get directly; anyone else needs sudo.
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# Node.js 20 or newer runs the build hook, the size report and the browser tests (playwright-core needs 20).
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 20 ]; then
  log "installing Node.js from Debian (need 20 or newer; found ${node_major})"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq nodejs npm >/dev/null
  node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
  if [ "$node_major" -lt 20 ]; then
    echo "[setup] Node.js $node_major is too old: install Node.js 20 or newer (https://nodejs.org or your distribution's backports) and run again" >&2
    exit 1
  fi
fi

# The test command checks formatting and lints.
for component in rustfmt clippy; do
  if ! rustup component list --installed 2>/dev/null | grep -q "^$component"; then
    log "adding the $component component"
    rustup component add "$component"
  fi
done

if [ "$need_wasm" = 1 ]; then
  if ! rustup target list --installed | grep -q '^wasm32-unknown-unknown$'; then
    log "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
  if ! trunk --version 2>/dev/null | grep -q "trunk 0.21"; then
    log "installing trunk $TRUNK_VERSION (about 15 min on 2 cores, once per machine)"
    cargo install trunk --version "$TRUNK_VERSION" --locked
  fi
  if ! wasm-bindgen --version 2>/dev/null | grep -q "$WASM_BINDGEN_VERSION"; then
    log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 4 min)"
    # No --locked: its lock file pins a crate version that crates.io no longer serves.
    cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
  fi
fi

if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/esbuild ] || { [ "$need_browser" = 1 ] && { [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/axe-core ]; }; }; then
  log "installing npm packages (binaryen for wasm-opt, esbuild, playwright-core, axe-core)"
  npm ci --no-audit --no-fund
fi

# The browser tests take $CHROMIUM, else chromium or chromium-browser on PATH (tests/e2e/browser.mjs).
if [ "$need_browser" = 1 ] && [ -z "${CHROMIUM:-}" ] && ! command -v chromium >/dev/null 2>&1 \
  && ! command -v chromium-browser >/dev/null 2>&1; then
  log "installing Debian's chromium"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium >/dev/null
fi
log "tools ready"
