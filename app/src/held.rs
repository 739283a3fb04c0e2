//! Figures held with their units: a sentence in pieces, each figure and its unit ("45 s", "1,130 MB/s")
//! one piece that a narrow column does not break ("locate 45 / s" read on a phone).

/// Units a figure in the page's sentences is followed by.
const UNITS: [&str; 30] = [
    "s", "ms", "min", "h", "d", "%", "B", "KB", "MB", "GB", "TB", "PB", "KiB", "MiB", "GiB", "TiB", "MB/s", "GB/s",
    "KB/s", "MiB/s", "GiB/s", "TB/h", "TiB/h", "files/s", "Gbit/s", "Mbit/s", "µs", "ports", "drives", "files",
];

/// `text` in pieces whose concatenation is `text`: (piece, held), a held piece being a figure (a word
/// that starts with a digit, after any `(`) and the unit after it (trailing punctuation such as `,` or
/// `)` aside).
pub fn held_figures(text: &str) -> Vec<(String, bool)> {
    let words: Vec<&str> = text.split(' ').collect();
    let mut pieces: Vec<(String, bool)> = Vec::new();
    let mut plain = String::new();
    let mut i = 0;
    while i < words.len() {
        if i > 0 {
            plain.push(' ');
        }
        let figure = words[i].trim_start_matches('(').starts_with(|c: char| c.is_ascii_digit());
        let unit = words.get(i + 1).map(|w| w.trim_end_matches([',', '.', ';', ':', ')']));
        if figure && unit.is_some_and(|u| UNITS.contains(&u)) {
            if !plain.is_empty() {
                pieces.push((std::mem::take(&mut plain), false));
            }
            pieces.push((format!("{} {}", words[i], words[i + 1]), true));
            i += 2;
        } else {
            plain.push_str(words[i]);
            i += 1;
        }
    }
    if !plain.is_empty() {
        pieces.push((plain, false));
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::held_figures;

    #[test]
    fn figures_are_held_with_their_units_and_nothing_is_lost() {
        for text in [
            "7 cartridge mounts and changes: load 12 s + locate 45 s on an empty drive, drive 1: 4 min 39 s.",
            "send 1,130 MB/s (0.41 TB/h), 52.4 %",
            "no figure here",
            "",
        ] {
            let pieces = held_figures(text);
            assert_eq!(pieces.iter().map(|(p, _)| p.as_str()).collect::<String>(), text);
        }
        let held: Vec<String> = held_figures("load 12 s + locate 45 s, drive 1: 4 min 39 s (113 MB/s)")
            .into_iter()
            .filter(|(_, held)| *held)
            .map(|(p, _)| p)
            .collect();
        assert_eq!(held, ["12 s", "45 s,", "4 min", "39 s", "(113 MB/s)"]);
    }

    #[test]
    fn a_stage_tables_figure_is_held_with_its_unit() {
        // The stage tables' cells, one direction at a time (moved here with the tables' own splitter).
        let split = |s: &str| held_figures(s);
        assert_eq!(split("send 1,130 MB/s"), [("send ".into(), false), ("1,130 MB/s".into(), true)]);
        assert_eq!(split("90.3 % of time"), [("90.3 %".into(), true), (" of time".into(), false)]);
        assert_eq!(split("100.0 %"), [("100.0 %".to_string(), true)]);
        assert_eq!(split("per stream"), [("per stream".to_string(), false)]);
    }
}
