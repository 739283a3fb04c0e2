#!/usr/bin/env bash
# Builds the calculator and serves it on http://127.0.0.1:8080 (installs missing tools first).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-tools.sh --no-browser
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
scripts/build.sh
exec node scripts/serve.mjs dist "${PORT:-8080}" 127.0.0.1
