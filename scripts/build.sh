#!/usr/bin/env bash
# Release build of dist/ for deployment: installs what is missing (scripts/setup-tools.sh), then builds. Trunk's
# post_build hook (scripts/post-build.mjs) adds the loader's hash to the CSP and writes the service worker sw.js.
# Extra arguments go to trunk (e.g. --dist /tmp/planner-dist).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-tools.sh --no-browser
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
trunk build --release --offline "$@"
