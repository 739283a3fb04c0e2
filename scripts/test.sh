#!/usr/bin/env bash
# Runs every test: model and app unit tests, property tests, planner tests, the release build, the size
# report and the end-to-end tests in headless Chromium. Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-tools.sh
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

echo "== formatting"
cargo fmt --all -- --check
echo "== model and app tests"
cargo test --workspace --all-features
echo "== lints"
cargo clippy --workspace --all-features --all-targets --quiet -- -D warnings
echo "== documentation (every link resolves)"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --all-features --no-deps --quiet
echo "== wasm32 build of the model"
cargo build -p capacity-model --target wasm32-unknown-unknown --quiet
echo "== release build of dist/"
scripts/build.sh
echo "== size report"
node scripts/size-report.mjs
echo "== browser tests"
# The files by name: Node 21 and later read a folder argument as a pattern and find no tests in it.
node --test --test-concurrency=1 tests/e2e/*.test.mjs
