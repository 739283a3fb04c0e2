#!/usr/bin/env bash
# Rewrites the table of share-link keys in docs/share-links.md from the fields registry
# (`cargo run -p capacity-model --example key_table`); model/tests/readme_keys.rs checks it.
set -euo pipefail
cd "$(dirname "$0")/.."
table="$(cargo run -q -p capacity-model --example key_table)"
TABLE="$table" python3 - <<'PY'
import os
lines = open('docs/share-links.md').read().split('\n')
start = next(i for i, l in enumerate(lines) if l.startswith('| key | field'))
end = start
while end + 1 < len(lines) and lines[end + 1].startswith('|'):
    end += 1
lines[start:end + 1] = os.environ['TABLE'].rstrip('\n').split('\n')
open('docs/share-links.md', 'w').write('\n'.join(lines))
PY
