//! How the form shows and reads numbers as a person types them: sizes in a unit picked beside the
//! field (a bare number is in that unit: `24` in a TB field is 24 TB, not 24 bytes), and every value
//! shown with no more digits than a person would type (`50.18` KB, not `50181.6209454739` B). The
//! scenario keeps the exact value until the user changes the field.

/// Units a size can be entered in, with their bytes.
pub const UNITS: [(&str, f64); 10] = [
    ("B", 1.0),
    ("KB", 1e3),
    ("MB", 1e6),
    ("GB", 1e9),
    ("TB", 1e12),
    ("PB", 1e15),
    ("KiB", 1024.0),
    ("MiB", 1_048_576.0),
    ("GiB", 1_073_741_824.0),
    ("TiB", 1_099_511_627_776.0),
];

/// Bytes in `unit` (1 for an unknown one).
pub fn scale(unit: &str) -> f64 {
    UNITS.iter().find(|(u, _)| *u == unit).map_or(1.0, |(_, s)| *s)
}

/// Whether a field's sizes are binary (block and request sizes, TCP windows) or decimal (data sets,
/// files, capacities), as their vendors write them.
fn binary(key: &str) -> bool {
    matches!(key, "block" | "rsize" | "wsize" | "write_size" | "tcp_window")
}

/// The unit to show `value` bytes of field `key` in: of the field's family, the largest that keeps
/// the number at 1 or more (TB for 24e12, KiB for 262,144); the family's smallest sensible unit for 0.
pub fn display_unit(key: &str, value: f64) -> &'static str {
    let family: &[&'static str] =
        if binary(key) { &["B", "KiB", "MiB", "GiB", "TiB"] } else { &["B", "KB", "MB", "GB", "TB", "PB"] };
    if value.is_nan() || value <= 0.0 {
        return if binary(key) {
            "KiB"
        } else if key == "file_size" {
            "MB"
        } else {
            "TB"
        };
    }
    let unit = family.iter().rev().find(|u| value / scale(u) >= 1.0).copied().unwrap_or("B");
    // A number of the unit as typed: whole or with up to three decimals (37.5, 12.516), below 1024.
    let short = |u: &str| {
        let n = value / scale(u);
        n < 1024.0 && ((n * 1000.0).round() - n * 1000.0).abs() < 1e-6 * n.max(1.0)
    };
    if short(unit) {
        return unit;
    }
    // A size that is such a number of the other family's units (a default of 1 MiB in a decimal
    // field, shown as 1.049 MB; a page trial's 37.5 TiB came back from its link as 41.23 TB) is shown
    // in them.
    let other: &[&'static str] =
        if binary(key) { &["KB", "MB", "GB", "TB", "PB"] } else { &["KiB", "MiB", "GiB", "TiB"] };
    other.iter().rev().find(|u| value / scale(u) >= 1.0 && short(u)).copied().unwrap_or(unit)
}

/// `value` as a person would type it: its shortest exact text when that has at most 6 significant
/// digits (`256`, `7.2101`, `0.015`), else rounded to 4 (`50.18`).
pub fn readable(value: f64) -> String {
    if !value.is_finite() {
        return String::new();
    }
    let exact = format!("{value}");
    let digits = exact.chars().filter(char::is_ascii_digit).collect::<String>();
    let significant = digits.trim_start_matches('0').trim_end_matches('0').len();
    if significant <= 6 && !exact.contains('e') {
        return exact;
    }
    let rounded = capacity_model::units::round_significant(value, 4);
    format!("{rounded}")
}

/// The text the field parses: a bare number gets the picked unit (`24` → `24 TB`, so a message quotes
/// "-5 TB is negative"); text with a unit of its own (`256KiB`, `2 TB`) is read as typed.
pub fn with_unit(text: &str, unit: &str) -> String {
    // A comma that may mark decimals is left for the field to refuse, saying what to write.
    if capacity_model::units::comma_advice(text).is_some() {
        return text.trim().to_string();
    }
    let ungrouped = capacity_model::units::ungroup_thousands(text);
    let trimmed = ungrouped.trim();
    if trimmed.parse::<f64>().is_ok() {
        format!("{trimmed} {unit}")
    } else {
        trimmed.to_string()
    }
}

/// A size typed with a unit of the menu's (`800 GB`, `1.5tib`): its number and that unit, so the menu can
/// show the unit the text is read in; `None` for a bare number or text with no such unit.
pub fn typed_unit(text: &str) -> Option<(&str, &'static str)> {
    let trimmed = text.trim();
    // The unit is the letters at the end: an exponent's `e` belongs to the number (a trial's `1e3GB` left
    // the menu on GiB while the link held 1TB).
    let split = trimmed.trim_end_matches(|c: char| c.is_ascii_alphabetic()).len();
    let (number, unit) = (trimmed[..split].trim(), trimmed[split..].trim());
    number.parse::<f64>().ok()?;
    UNITS.iter().find(|(u, _)| u.eq_ignore_ascii_case(unit)).map(|(u, _)| (number, *u))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_unit_is_found_for_the_menu() {
        assert_eq!(typed_unit("800 GB"), Some(("800", "GB")));
        assert_eq!(typed_unit("1.5tib"), Some(("1.5", "TiB")));
        assert_eq!(typed_unit("24"), None);
        assert_eq!(typed_unit("lots"), None);
        assert_eq!(typed_unit("5 furlongs"), None);
        assert_eq!(typed_unit("1e3GB"), Some(("1e3", "GB")));
        assert_eq!(typed_unit("2e12 GiB"), Some(("2e12", "GiB")));
    }

    #[test]
    fn sizes_show_in_a_unit_a_person_picks() {
        assert_eq!(display_unit("data", 24e12), "TB");
        assert_eq!(display_unit("data", 4_525_228_032.0), "GB");
        assert_eq!(display_unit("block", 262_144.0), "KiB");
        assert_eq!(display_unit("file_size", 50_181.62), "KB");
        assert_eq!(display_unit("data", 0.0), "TB");
        // A whole number of the other family's units is shown in them: the 1 MiB and 8 MiB defaults of
        // decimal fields were "1.049 MB" and "8.389 MB"; a whole 1 MB in a binary field stays MB.
        assert_eq!(display_unit("stage_run", 1_048_576.0), "MiB");
        assert_eq!(display_unit("obj_part", 8_388_608.0), "MiB");
        assert_eq!(display_unit("rsize", 1e6), "MB");
        assert_eq!(display_unit("data", 1.5e12), "TB");
        // A fraction of a binary unit as typed comes back in it (a trial's 37.5 TiB read 41.23 TB).
        assert_eq!(display_unit("data", 37.5 * 1_099_511_627_776.0), "TiB");
        assert_eq!(display_unit("file_size", 1.5 * 1_048_576.0), "MiB");
        assert_eq!(display_unit("data", 12.516e12), "TB");
        assert_eq!(display_unit("data", 2_199_023_255_552.0), "TiB");
        assert_eq!(readable(4_525_228_032.0 / scale("GB")), "4.525");
        assert_eq!(readable(50_181.620_945_473_9 / scale("KB")), "50.18");
        assert_eq!(readable(262_144.0 / scale("KiB")), "256");
        assert_eq!(readable(7.2101), "7.2101");
        assert_eq!(readable(0.015), "0.015");
        assert_eq!(readable(1e-9), "0.000000001");
        assert_eq!(readable(1.234_567_89e-9), "0.000000001235");
        assert_eq!(with_unit("24", "TB"), "24 TB");
        assert_eq!(with_unit("2,000,000", "GB"), "2000000 GB");
        assert_eq!(with_unit(" 2,500 ", "TB"), "2,500", "one group may be a decimal comma: the field refuses it");
        assert_eq!(with_unit(" 256KiB ", "TB"), "256KiB");
        assert_eq!(with_unit("3000000 x 30KB", "TB"), "3000000 x 30KB");
    }
}
