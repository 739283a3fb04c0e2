//! Every relative link of README.md and `docs/*.md` leads somewhere: the file it names exists, and an
//! anchor (`#…`, alone or after a Markdown file) is a heading of the file it points to. The README's long
//! sections moved to `docs/`, and a link or anchor left pointing at the old place would read fine and lead
//! nowhere.

mod common;

use common::{documents, root};

/// The lines outside fenced code blocks, with their numbers (1-based).
fn prose(markdown: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for (index, line) in markdown.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            lines.push((index + 1, line));
        }
    }
    lines
}

/// A heading's anchor as GitHub writes it: lower case, punctuation dropped (but `-` and `_`), spaces as
/// `-`. A heading that repeats gets `-1`, `-2` … (see `anchors`).
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings.
fn anchors(markdown: &str) -> Vec<String> {
    let (mut found, mut seen) = (Vec::new(), Vec::new());
    for (_, line) in prose(markdown) {
        let hashes = line.len() - line.trim_start_matches('#').len();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(&line[hashes..]);
        let before = seen.iter().filter(|s| **s == base).count();
        found.push(if before == 0 { base.clone() } else { format!("{base}-{before}") });
        seen.push(base);
    }
    found
}

/// The targets of the inline links `[text](target)` on a line, inline code left out.
fn link_targets(line: &str) -> Vec<String> {
    // Inline code is not a link, but a link's text may be code: drop what is between backticks.
    let text: String = line.split('`').enumerate().filter(|(i, _)| i % 2 == 0).map(|(_, part)| part).collect();
    let mut targets = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        if let Some(end) = rest.find(')') {
            targets.push(rest[..end].to_string());
            rest = &rest[end + 1..];
        }
    }
    targets
}

/// Why a link from `document` to `target` leads nowhere, or `None` when it leads somewhere.
fn broken(document: &str, target: &str) -> Option<String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (file, anchor) = match target.split_once('#') {
        Some((file, anchor)) => (file, Some(anchor)),
        None => (target, None),
    };
    let here = root().join(document);
    let path = if file.is_empty() { here.clone() } else { here.parent().unwrap().join(file) };
    if !path.exists() {
        return Some(format!("{} does not exist", path.display()));
    }
    let anchor = anchor?;
    if !file.is_empty() && !file.ends_with(".md") {
        return None;
    }
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (!anchors(&text).iter().any(|a| a == anchor))
        .then(|| format!("no heading of {} has the anchor #{anchor}", path.display()))
}

#[test]
fn every_link_of_the_readme_and_docs_leads_somewhere() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for (document, text) in documents() {
        for (number, line) in prose(&text) {
            for target in link_targets(line) {
                if let Some(why) = broken(&document, &target) {
                    failures.push(format!("{document}:{number}: ({target}): {why}"));
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= 20, "only {checked} links found in README.md and docs/*.md");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn anchors_are_written_as_github_writes_them() {
    assert_eq!(slug("The model in brief (model version 2)"), "the-model-in-brief-model-version-2");
    assert_eq!(slug("Repository targets and copy to tape"), "repository-targets-and-copy-to-tape");
    assert_eq!(slug("seed-000-1client-3streams"), "seed-000-1client-3streams");
    assert_eq!(slug("`cargo plan` and its JSON"), "cargo-plan-and-its-json");
    assert_eq!(anchors("# A\n\n```\n# not a heading\n```\n## A\n#no\n### B.c"), ["a", "a-1", "bc"]);
    assert_eq!(link_targets("see [`x.md`](docs/x.md#y) and `[a](b)` and [c](#d)"), ["docs/x.md#y", "#d"]);
}
