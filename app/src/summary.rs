//! The results card as a pure function (report in, HTML out), like the charts and tables: headline
//! metrics, the bottleneck explained for the backup and the restore, the facts, and the warnings.

use crate::palette::stage_color;
use crate::tables::escape;
use capacity_model::units::{
    format_bytes, format_count, format_duration, format_number, format_per_hour, format_rate, UnitSystem,
};
use capacity_model::{Report, Target};
use std::fmt::Write;

/// The window metric: (value, explanation, fits).
fn window(r: &Report, system: UnitSystem) -> (String, String, bool) {
    match (r.duration_sec, r.window) {
        (Some(duration), Some(fit)) => {
            let verdict = if fit.fits { "Fits" } else { "Does not fit" };
            let margin = if fit.fits {
                format!(
                    "{} to spare ({} % of the window)",
                    format_duration(fit.margin_sec),
                    format_number(fit.margin_ratio * 100.0)
                )
            } else {
                format!("{} too long", format_duration(-fit.margin_sec))
            };
            (
                verdict.to_string(),
                format!(
                    "{} against a window of {}: {margin}",
                    format_duration(duration),
                    format_duration(fit.window_sec)
                ),
                fit.fits,
            )
        }
        (None, _) if r.scenario.backup_window_sec > 0.0 => (
            format!("Up to {}", format_bytes(r.throughput_bytes_per_sec * r.scenario.backup_window_sec, system)),
            format!(
                "fit in the {} window at this throughput. Enter a data set size for the duration.",
                format_duration(r.scenario.backup_window_sec)
            ),
            true,
        ),
        (None, _) => (
            "No window".to_string(),
            "A window of 0 h means none. Enter a data set size and a window to check the fit.".to_string(),
            true,
        ),
        (Some(duration), None) => {
            (format_duration(duration), "No backup window (a window of 0 h means none).".to_string(), true)
        }
    }
}

/// The result strip that stays in view while the page scrolls: the throughput, the bottleneck and the
/// window's verdict on one line (the full figures are in [`results_html`]).
pub fn strip_html(r: &Report, system: UnitSystem) -> String {
    let (verdict, _, fits) = window(r, system);
    format!(
        "<span class=\"strip-rate\" data-testid=\"strip-throughput\">{}</span>\
         <span class=\"strip-stage\">limited by {}</span><span class=\"strip-window{}\">Window: {}</span>",
        format_rate(r.throughput_bytes_per_sec, system),
        escape(r.bottleneck.name()),
        if fits { "" } else { " miss" },
        escape(&verdict)
    )
}

/// Label and value pairs as a definition list of `class`, values escaped.
pub fn facts_html(rows: &[(&str, String)], class: &str) -> String {
    let mut out = format!("<dl class=\"{class}\">");
    for (label, value) in rows {
        let _ = write!(out, "<div><dt>{label}</dt><dd>{}</dd></div>", escape(value));
    }
    out.push_str("</dl>");
    out
}

/// The facts below the explanation: (label, value).
fn facts(r: &Report, system: UnitSystem) -> Vec<(&'static str, String)> {
    let mut rows = Vec::new();
    if r.scenario.data_set_bytes > 0.0 {
        rows.push(("Data set", format_bytes(r.scenario.data_set_bytes, system)));
    }
    if let Some(d) = r.duration_sec {
        rows.push(("Backup duration", format_duration(d)));
    }
    if let Some(files) = r.files_per_sec {
        rows.push(("Files per second", format!("{} files/s", format_number(files))));
    }
    if r.physical_bytes_per_sec < r.throughput_bytes_per_sec * (1.0 - 1e-9) {
        rows.push(("On the wire", format_rate(r.physical_bytes_per_sec, system)));
    }
    if let Some([spool, despool]) = r.staging_phases_bytes_per_sec {
        rows.push(("Spool / despool", format!("{} / {}", format_rate(spool, system), format_rate(despool, system))));
    }
    match &r.restore {
        Some(restore) => {
            rows.push((
                "Restore throughput",
                format!(
                    "{}, {} files/s",
                    format_rate(restore.throughput_bytes_per_sec, system),
                    format_number(restore.files_per_sec)
                ),
            ));
            if let Some(d) = restore.duration_sec {
                rows.push(("Restore time", format_duration(d)));
            }
            rows.push(("Restore bottleneck", restore.bottleneck.name().to_string()));
        }
        None => rows.push(("Restore", "choose the retrieve or mixed workload to size retrievals".to_string())),
    }
    if let Some(c) = r.cartridges {
        rows.push(("Cartridges", format!("{} × {}", format_count(c as f64), r.scenario.cartridge_name())));
    }
    if r.scenario.target == Target::Tape {
        // Only small aggregates (below the 256 KiB I/O ceiling) make the storage-pool I/O worth showing.
        let small = |io: &f64| *io < capacity_model::stages::transactions::MAX_STORAGE_POOL_IO_BYTES;
        if let (Some(a), Some(io)) = (r.aggregate_bytes, r.storage_pool_io_bytes.filter(small)) {
            rows.push(("Aggregate / pool I/O", format!("{} / {}", format_bytes(a, system), format_bytes(io, system))));
        }
    }
    rows
}

/// The results card's body. `seed` is the preset's seed note, when a preset is on screen.
pub fn results_html(r: &Report, seed: Option<&str>, system: UnitSystem) -> String {
    let rate = |v: f64| format_rate(v, system);
    let split = if r.send_bytes_per_sec > 0.0 && r.retrieve_bytes_per_sec > 0.0 {
        format!("{} sent + {} retrieved", rate(r.send_bytes_per_sec), rate(r.retrieve_bytes_per_sec))
    } else {
        String::new()
    };
    let (verdict, margin, fits) = window(r, system);
    let mut out = format!(
        "<div class=\"headline\">\
         <div class=\"metric\" id=\"throughput\"><span class=\"metric-label\">Throughput</span>\
         <span class=\"metric-value\" data-testid=\"throughput\">{}</span>\
         <span class=\"metric-sub\" data-testid=\"per-hour\">{}</span><span class=\"metric-sub\">{split}</span></div>\
         <div class=\"metric\"><span class=\"metric-label\">Bottleneck</span>\
         <span class=\"metric-value bottleneck\" data-testid=\"bottleneck\" data-stage=\"{}\"><span class=\"swatch\" style=\"background:{}\"></span>{}</span>\
         <span class=\"metric-sub\">{}</span></div>\
         <div class=\"metric{}\"><span class=\"metric-label\">Backup window</span>\
         <span class=\"metric-value\" data-testid=\"window\">{verdict}</span><span class=\"metric-sub\">{margin}</span></div></div>\
         <p class=\"explanation\" data-testid=\"explanation\">{}</p>",
        rate(r.throughput_bytes_per_sec),
        format_per_hour(r.throughput_bytes_per_sec, system),
        r.bottleneck.id(),
        stage_color(r.bottleneck),
        r.bottleneck.name(),
        escape(seed.unwrap_or_default()),
        if fits { "" } else { " bad" },
        escape(&r.explanation(system)),
    );
    if let Some(text) = r.restore_explanation(system) {
        let _ = write!(
            out,
            "<p class=\"explanation restore\" data-testid=\"restore-explanation\">Restore: {}</p>",
            escape(&text)
        );
    }
    out.push_str(&facts_html(&facts(r, system), "facts"));
    out.push_str("<ul class=\"warnings\" data-testid=\"warnings\">");
    let restore =
        r.restore.iter().flat_map(|x| &x.warnings).map(|w| (w.id(), format!("Restore: {}", w.message(system))));
    for (id, text) in r.warnings.iter().map(|w| (w.id(), w.message(system))).chain(restore) {
        let _ = write!(out, "<li class=\"warning {id}\">{}</li>", escape(&text));
    }
    out.push_str("</ul>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use capacity_model::{evaluate, presets::preset};

    #[test]
    fn the_card_holds_every_figure_with_its_unit() {
        let mut scenario = preset("hp-8clients-4drives").unwrap().scenario();
        scenario.data_set_bytes = 30e12;
        let html = results_html(&evaluate(&scenario), Some("Seed 000 measured 900 MB/s."), UnitSystem::Decimal);
        assert!(html.contains("data-testid=\"throughput\">900 MB/s</span>"), "{html}");
        assert!(html.contains("data-stage=\"tape_drives\""));
        assert!(html.contains("data-testid=\"window\">Does not fit</span>") && html.contains("metric bad"), "{html}");
        assert!(html.contains("<dt>Restore throughput</dt>") && html.contains("files/s"));
        assert!(html.contains("class=\"warning window_missed\""));
        assert!(html.contains("Restore: Tape drives limit"), "{html}");
    }

    #[test]
    fn the_strip_says_rate_bottleneck_and_window_in_one_line() {
        let hp = evaluate(&preset("hp-8clients-4drives").unwrap().scenario());
        let strip = strip_html(&hp, UnitSystem::Decimal);
        assert!(strip.contains(">900 MB/s</span>"), "{strip}");
        assert!(strip.contains("limited by Tape drives"), "{strip}");
        assert!(strip.contains("Window: "), "{strip}");
        let mut late = preset("hp-8clients-4drives").unwrap().scenario();
        late.data_set_bytes = 100e12;
        let strip = strip_html(&evaluate(&late), UnitSystem::Binary);
        assert!(strip.contains("strip-window miss\">Window: Does not fit"), "{strip}");
        assert!(strip.contains("MiB/s"), "{strip}");
    }

    #[test]
    fn no_window_is_said_in_words() {
        let scenario = capacity_model::codec::decode("v=1&window_h=0").scenario;
        let html = results_html(&evaluate(&scenario), None, UnitSystem::Decimal);
        assert!(html.contains(">No window<") && html.contains("A window of 0 h means none"), "{html}");
    }
}
