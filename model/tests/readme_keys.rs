//! The docs document every share-link key, with its current default and range (the table of
//! `docs/share-links.md`, which `scripts/readme-keys.sh` rewrites).

use capacity_model::fields::FIELDS;
use capacity_model::Scenario;

#[test]
fn readme_lists_every_key_with_its_default_and_range() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/share-links.md")).unwrap();
    let defaults = Scenario::default();
    for field in FIELDS {
        let row = readme
            .lines()
            .find(|line| line.starts_with(&format!("| `{}` |", field.key)))
            .unwrap_or_else(|| panic!("docs/share-links.md has no row for key {}", field.key));
        let default = format!("`{}`", field.format((field.get)(&defaults)));
        assert!(row.contains(&default), "docs/share-links.md row for {} lacks default {default}: {row}", field.key);
        assert!(
            row.contains(&field.allowed()),
            "docs/share-links.md row for {} lacks range {}: {row}",
            field.key,
            field.allowed()
        );
    }
    let rows = readme.lines().filter(|l| l.starts_with("| `") && l.matches('|').count() == 6).count();
    assert_eq!(rows, FIELDS.len(), "no rows for keys that do not exist (scripts/readme-keys.sh rewrites the table)");
}
