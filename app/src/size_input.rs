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
    family.iter().rev().find(|u| value / scale(u) >= 1.0).copied().unwrap_or("B")
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

/// The text the field parses: a bare number gets the picked unit (`24` → `24TB`); text with a unit
/// of its own (`256KiB`, `2 TB`) is read as typed.
pub fn with_unit(text: &str, unit: &str) -> String {
    let trimmed = text.trim();
    if trimmed.parse::<f64>().is_ok() {
        format!("{trimmed}{unit}")
    } else {
        trimmed.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_show_in_a_unit_a_person_picks() {
        assert_eq!(display_unit("data", 24e12), "TB");
        assert_eq!(display_unit("data", 4_525_228_032.0), "GB");
        assert_eq!(display_unit("block", 262_144.0), "KiB");
        assert_eq!(display_unit("file_size", 50_181.62), "KB");
        assert_eq!(display_unit("data", 0.0), "TB");
        assert_eq!(readable(4_525_228_032.0 / scale("GB")), "4.525");
        assert_eq!(readable(50_181.620_945_473_9 / scale("KB")), "50.18");
        assert_eq!(readable(262_144.0 / scale("KiB")), "256");
        assert_eq!(readable(7.2101), "7.2101");
        assert_eq!(readable(0.015), "0.015");
        assert_eq!(readable(1e-9), "0.000000001");
        assert_eq!(readable(1.234_567_89e-9), "0.000000001235");
        assert_eq!(with_unit("24", "TB"), "24TB");
        assert_eq!(with_unit(" 256KiB ", "TB"), "256KiB");
        assert_eq!(with_unit("3000000 x 30KB", "TB"), "3000000 x 30KB");
    }
}
