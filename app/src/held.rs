//! Figures held with their units: a sentence in pieces, each figure and its unit ("45 s", "1,130 MB/s")
//! one piece that a narrow column does not break ("locate 45 / s" read on a phone).

/// Units a figure in the page's sentences is followed by.
const UNITS: [&str; 30] = [
    "s", "ms", "min", "h", "d", "%", "B", "KB", "MB", "GB", "TB", "PB", "KiB", "MiB", "GiB", "TiB", "MB/s", "GB/s",
    "KB/s", "MiB/s", "GiB/s", "TB/h", "TiB/h", "files/s", "Gbit/s", "Mbit/s", "µs", "ports", "drives", "files",
];

/// The units of a duration's parts, which hold together as one piece ("14 h 45 min").
const DURATION: [&str; 5] = ["d", "h", "min", "s", "ms"];

/// `text` in pieces whose concatenation is `text`: (piece, held), a held piece being a figure (a word
/// that starts with a digit, after any `(`) and the unit after it (trailing punctuation such as `,` or
/// `)` aside), or a duration's parts together ("take 14 / h 45 min" and "3 h / 11 min" read on a phone).
pub fn held_figures(text: &str) -> Vec<(String, bool)> {
    let words: Vec<&str> = text.split(' ').collect();
    // The unit of the figure at word `j`, if a unit follows it.
    let unit_at = |j: usize| {
        let figure = words.get(j)?.trim_start_matches('(').starts_with(|c: char| c.is_ascii_digit());
        let unit = words.get(j + 1)?.trim_end_matches([',', '.', ';', ':', ')']);
        (figure && UNITS.contains(&unit)).then_some(unit)
    };
    let mut pieces: Vec<(String, bool)> = Vec::new();
    let mut plain = String::new();
    let mut i = 0;
    while i < words.len() {
        if i > 0 {
            plain.push(' ');
        }
        if let Some(mut unit) = unit_at(i) {
            if !plain.is_empty() {
                pieces.push((std::mem::take(&mut plain), false));
            }
            let mut piece = format!("{} {}", words[i], words[i + 1]);
            i += 2;
            // The next part of a duration, after a unit with no punctuation and before no bracket.
            while DURATION.contains(&unit) && words[i - 1] == unit {
                match unit_at(i) {
                    Some(next) if DURATION.contains(&next) && !words[i].starts_with('(') => {
                        piece = format!("{piece} {} {}", words[i], words[i + 1]);
                        unit = next;
                        i += 2;
                    }
                    _ => break,
                }
            }
            pieces.push((piece, true));
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
        assert_eq!(held, ["12 s", "45 s,", "4 min 39 s", "(113 MB/s)"]);
        // A duration is one piece, up to its punctuation or a bracket; other units are a piece each.
        let held = |text: &str| held_figures(text).into_iter().filter(|(_, h)| *h).map(|(p, _)| p).collect::<Vec<_>>();
        assert_eq!(held("take 14 h 45 min alone"), ["14 h 45 min"]);
        assert_eq!(held("LTO-6: 3 h 11 min"), ["3 h 11 min"]);
        assert_eq!(held("1 d 02 h 03 min 04 s."), ["1 d 02 h 03 min 04 s."]);
        assert_eq!(held("2 h, 45 min (30 s) 5 TB 4 h"), ["2 h,", "45 min", "(30 s)", "5 TB", "4 h"]);
        assert_eq!(held("12 s + locate 45 s"), ["12 s", "45 s"]);
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
