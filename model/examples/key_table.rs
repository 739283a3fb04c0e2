//! Prints the table of share-link keys (docs/share-links.md) from the field registry:
//! `cargo run -p capacity-model --example key_table`. The `readme_keys` test checks that table
//! against the registry, so a new field shows up there until its row is pasted in.

use capacity_model::fields::{Kind, FIELDS};
use capacity_model::Scenario;

fn main() {
    let defaults = Scenario::default();
    println!("| key | field | unit of the value | default | allowed |");
    println!("|---|---|---|---|---|");
    for field in FIELDS {
        let unit = match field.kind {
            Kind::Bytes => "bytes; suffixes KB, KiB, MB, MiB, GB, TB",
            Kind::Rate => "MB/s (suffixes such as MiB/s accepted)",
            Kind::Millis => "ms",
            Kind::Hours => "hours",
            Kind::Seconds => "s",
            Kind::Count if field.key == "mtu" => "bytes",
            Kind::Count => "count",
            Kind::Number => "number",
            Kind::Percent => "per cent (a trailing % is accepted)",
            Kind::Choice(_) => "name",
        };
        println!(
            "| `{}` | {} ({}) | {unit} | `{}` | {} |",
            field.key,
            field.label,
            field.group.title(),
            field.format((field.get)(&defaults)),
            field.allowed()
        );
    }
}
