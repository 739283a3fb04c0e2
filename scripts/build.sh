#!/usr/bin/env bash
# Release build of dist/ for deployment (tools must be installed: scripts/setup-tools.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
trunk build --release --offline
