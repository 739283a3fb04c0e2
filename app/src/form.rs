//! The input form's drafts, as pure functions native tests check: what a field shows for a value (in
//! the unit a person would pick), how its text is read (a bare number in a size field is in the picked
//! unit), the message an invalid text gets (naming the field by its label, with the allowed range), and
//! which fields apply to a scenario. The form's views are in the input panel (`components/inputs.rs`,
//! `components/field.rs`).

use crate::size_input::{display_unit, readable, scale, with_unit};
use capacity_model::fields::{Field, Kind, FIELDS};
use capacity_model::{Error, Scenario};

/// What a field holds while the user edits it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    /// The text as typed (or as last shown).
    pub text: String,
    /// The unit a bare number is read in: a size field's unit menu (other fields ignore it).
    pub unit: &'static str,
}

/// The example a size or rate field shows while empty.
pub fn placeholder(field: &Field) -> &'static str {
    match field.kind {
        Kind::Bytes => "e.g. 20, or 256KiB",
        Kind::Rate => "e.g. 45 or 29MiB/s",
        _ => "",
    }
}

/// What the field shows for `value`: a choice's name, a size as a number in `unit`, other values in
/// the field's display unit, each with no more digits than a person would type.
pub fn shown(field: &Field, value: f64, unit: &str) -> String {
    match field.kind {
        Kind::Choice(_) => field.format(value),
        Kind::Bytes => readable(value / scale(unit)),
        _ => {
            let exact = field.format(value);
            exact.parse::<f64>().map_or(exact, readable)
        }
    }
}

/// The text that reads back as exactly `value` (a size in `unit`), shown while the field has the focus
/// when [`shown`] rounds it: a window of 2.458611111 h shows as 2.459 h, and typing what was shown would
/// move the window by 1.4 s and could turn "fits" into "does not fit". `None` when the shown text is
/// already exact.
pub fn exact(field: &Field, value: f64, unit: &str) -> Option<String> {
    let exact = match field.kind {
        Kind::Choice(_) => return None,
        Kind::Bytes if value.is_finite() => format!("{}", value / scale(unit)),
        Kind::Bytes => return None,
        _ => field.format(value),
    };
    Some(exact).filter(|text| *text != shown(field, value, unit))
}

/// The draft of `value` as the field shows it, with the unit it is best read in.
pub fn fresh(field: &Field, value: f64) -> Draft {
    let unit = display_unit(field.key, value);
    Draft { text: shown(field, value, unit), unit }
}

/// The value `raw` gives in `field` (a bare number in a size field is in `unit`), or the message the
/// field shows: its label, what is wrong and the allowed range (`Clients: "lots" is not a whole number;
/// allowed: 1 to 10,000`).
pub fn read(field: &Field, raw: &str, unit: &str) -> Result<f64, String> {
    let result = if field.kind == Kind::Bytes { field.parse(&with_unit(raw, unit)) } else { field.parse(raw) };
    result.map_err(|e| {
        let message = match e {
            Error::InvalidValue { message, .. } => message,
            other => other.to_string(),
        };
        // "Clients is empty; allowed: ..." reads as a sentence, "Clients: is empty" does not.
        if message.starts_with("is ") {
            format!("{} {message}", field.label)
        } else {
            format!("{}: {message}", field.label)
        }
    })
}

/// The text a valid draft should show instead once the scenario holds `value` (an edit elsewhere: a
/// what-to-add button, an undone calibration); `None` when the draft already reads as `value`, or is
/// invalid (what was typed stays until it is fixed).
pub fn replacement(field: &Field, text: &str, unit: &str, value: f64) -> Option<String> {
    // Every field is checked on every edit: the new text is worked out only for a draft that differs.
    if !matches!(read(field, text, unit), Ok(v) if v != value) {
        return None;
    }
    Some(shown(field, value, unit)).filter(|new| new != text)
}

/// Whether `s` backs up a job list (to tape or a repository): the single client's inputs are then defaults for the
/// job rows, or unused ([`Field::label_with_jobs`]).
pub fn has_jobs(s: &Scenario) -> bool {
    !s.jobs.is_empty() && s.target != capacity_model::Target::Nfs
}

/// Whether each field of [`FIELDS`], in order, applies to `s` (the form hides the others).
pub fn applicable(s: &Scenario) -> Vec<bool> {
    FIELDS.iter().map(|f| (f.applies)(s)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use capacity_model::codec::decode;
    use capacity_model::fields::{field_by_key, Group};

    fn field(key: &str) -> &'static Field {
        field_by_key(key).unwrap()
    }

    #[test]
    fn values_show_as_a_person_types_them() {
        assert_eq!(fresh(field("data"), 24e12), Draft { text: "24".into(), unit: "TB" });
        assert_eq!(fresh(field("file_size"), 50_181.620_945_473_9), Draft { text: "50.18".into(), unit: "KB" });
        assert_eq!(fresh(field("block"), 262_144.0), Draft { text: "256".into(), unit: "KiB" });
        assert_eq!(fresh(field("lto"), 3.0).text, "LTO-4");
        assert_eq!(fresh(field("clients"), 8.0).text, "8");
        assert_eq!(placeholder(field("data")), "e.g. 20, or 256KiB");
        assert_eq!(placeholder(field("clients")), "");
    }

    #[test]
    fn a_bare_number_is_in_the_picked_unit_and_bad_text_names_the_field_and_range() {
        assert_eq!(read(field("data"), "24", "TB"), Ok(24e12));
        assert_eq!(read(field("data"), "24", "GB"), Ok(24e9));
        assert_eq!(read(field("data"), "2KiB", "TB"), Ok(2048.0));
        let lots = read(field("clients"), "lots", "TB").unwrap_err();
        assert!(lots.starts_with("Clients: ") && lots.contains("allowed: 1 to "), "{lots}");
        let block = read(field("block"), "1 GiB", "KiB").unwrap_err();
        assert!(block.starts_with("Block size: ") && block.ends_with("allowed: 512 B to 16 MiB"), "{block}");
    }

    #[test]
    fn a_rounded_value_has_its_exact_text_for_editing() {
        // The page trial's window: 8,851 s (2 h 27 min 31 s) reads 2.459 h, which is 8,852.4 s.
        let window = field("window_h");
        assert_eq!(shown(window, 8_851.0, ""), "2.459");
        assert_eq!(exact(window, 8_851.0, ""), Some("2.458611111111111".to_string()));
        assert_eq!(read(window, "2.458611111111111", ""), Ok(8_851.0));
        assert_eq!(exact(window, 8.0 * 3_600.0, ""), None, "8 is exact already");
        // The TSM seed's data set, 4,525,228,032 B, reads 4.525 GB.
        assert_eq!(shown(field("data"), 4_525_228_032.0, "GB"), "4.525");
        assert_eq!(exact(field("data"), 4_525_228_032.0, "GB"), Some("4.525228032".to_string()));
        assert_eq!(read(field("data"), "4.525228032", "GB"), Ok(4_525_228_032.0));
        assert_eq!(exact(field("data"), 24e12, "TB"), None);
        assert_eq!(exact(field("lto"), 3.0, ""), None);
    }

    #[test]
    fn a_valid_draft_follows_an_edit_elsewhere_and_an_invalid_one_stays() {
        let drives = field("drives");
        assert_eq!(replacement(drives, "4", "TB", 6.0), Some("6".to_string()));
        assert_eq!(replacement(drives, "4", "TB", 4.0), None, "already shows the value");
        assert_eq!(replacement(drives, "lots", "TB", 6.0), None, "what was typed stays until fixed");
        // 24000 GB is 24 TB: the unit picked stays and the text is not rewritten.
        assert_eq!(replacement(field("data"), "24000", "GB", 24e12), None);
        assert_eq!(replacement(field("data"), "24000", "GB", 3e12), Some("3000".to_string()));
    }

    #[test]
    fn tape_fields_do_not_apply_to_an_nfs_target() {
        let tape = applicable(&decode("v=1").scenario);
        let nfs = applicable(&decode("v=1&target=nfs").scenario);
        let lto = FIELDS.iter().position(|f| f.key == "lto").unwrap();
        let target = FIELDS.iter().position(|f| f.key == "target").unwrap();
        assert!(tape[lto] && !nfs[lto]);
        assert!(tape[target] && nfs[target]);
        assert_eq!(tape.len(), FIELDS.len());
        assert!(Group::ALL.iter().all(|g| FIELDS.iter().any(|f| f.group == *g)), "every group has fields");
    }
}
