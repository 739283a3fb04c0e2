//! What the tests that read the documentation share: where the repository's root is, and its documents.

use std::path::{Path, PathBuf};

/// The repository's root: README.md, `docs/` and the `tests/jobs/` lists are there.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the model is one folder below the root").to_path_buf()
}

/// README.md, then every `docs/*.md` in name order: each with its path from the root, for the messages,
/// and its text.
pub fn documents() -> Vec<(String, String)> {
    let mut names = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(root().join("docs"))
        .expect("docs/ is readable")
        .map(|entry| entry.expect("docs/ lists its files").file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    docs.sort();
    names.extend(docs);
    names
        .into_iter()
        .map(|name| {
            let text = std::fs::read_to_string(root().join(&name)).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, text)
        })
        .collect()
}
