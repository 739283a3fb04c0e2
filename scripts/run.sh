#!/usr/bin/env bash
# Builds the calculator and serves it on http://127.0.0.1:8080 (scripts/build.sh installs missing tools first).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
exec node scripts/serve.mjs dist "${PORT:-8080}" 127.0.0.1
