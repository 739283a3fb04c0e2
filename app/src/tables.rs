//! Read-only tables as pure functions (report in, HTML text out), like the charts: native tests check
//! them, and the page sets them as inner HTML, which costs far less code than building the same rows
//! as reactive views. Every text that comes from outside the program is escaped.

use crate::palette::stage_color;
use capacity_model::units::{format_percent, format_rate, UnitSystem};
use capacity_model::{Report, Role, Stage, StageId};
use std::fmt::Write;

/// `text` safe inside HTML text and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Which chain a table shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chain {
    /// The backup.
    Backup,
    /// The restore (tape targets).
    Restore,
}

/// The chain's stages, bottleneck and throughput (bytes/s); `None` when the report has no such chain.
pub fn chain_of(report: &Report, chain: Chain) -> Option<(&[Stage], StageId, f64)> {
    match chain {
        Chain::Backup => Some((&report.stages, report.bottleneck, report.throughput_bytes_per_sec)),
        Chain::Restore => {
            report.restore.as_ref().map(|r| (r.stages.as_slice(), r.bottleneck, r.throughput_bytes_per_sec))
        }
    }
}

/// The per-stage table of one chain: capacity, demand (what the stages before could offer, shown where
/// it exceeds the throughput) and utilization (throughput / capacity; for a per-file or per-transaction
/// cost, its share of each stream's time), the bottleneck marked. Empty without that chain.
pub fn stage_table(report: &Report, chain: Chain, system: UnitSystem) -> String {
    let Some((stages, bottleneck, throughput)) = chain_of(report, chain) else {
        return String::new();
    };
    let test_id = if chain == Chain::Backup { "stages" } else { "restore-stages" };
    let mut out = format!(
        "<table class=\"stages\" data-testid=\"{test_id}\"><thead><tr><th scope=\"col\">Stage</th>\
         <th scope=\"col\" class=\"num\">Capacity</th>\
         <th scope=\"col\" class=\"num\" title=\"What the stages before could deliver, where it is more than the throughput\">Demand</th>\
         <th scope=\"col\" class=\"num\" title=\"Throughput / capacity; for a per-file or per-transaction cost, its share of each stream's time\">Utilization</th>\
         </tr></thead><tbody>"
    );
    for (index, s) in stages.iter().enumerate() {
        let serial = s.role == Role::Serial;
        let binding = s.id == bottleneck;
        let color = stage_color(s.id);
        let basis = report.basis(s.id, system).map(|b| format!(" — {b}")).unwrap_or_default();
        let capacity = if serial { "per stream".to_string() } else { s.capacity_text(system) };
        // The first stage has nothing before it: its "demand" would only repeat its capacity.
        let demand = if index > 0 && !serial && s.demand_bytes_per_sec > throughput * (1.0 + 1e-9) {
            format_rate(s.demand_bytes_per_sec, system)
        } else {
            String::new()
        };
        let utilization =
            if serial { format!("{} of time", format_percent(s.utilization)) } else { s.utilization_text() };
        let _ = write!(
            out,
            "<tr{} data-stage=\"{}\"><th scope=\"row\"><span class=\"swatch\" style=\"background:{color}\"></span>\
             <span class=\"stage-name\">{}</span>{}<span class=\"arithmetic\">{}{}</span></th>\
             <td class=\"num\">{capacity}</td><td class=\"num\">{demand}</td><td class=\"num util\">\
             <span class=\"bar\"><span style=\"width:{}%;background:{color}\"></span></span>{utilization}</td></tr>",
            if binding { " class=\"binding\"" } else { "" },
            s.id.id(),
            s.id.name(),
            if binding { "<span class=\"badge\">bottleneck</span>" } else { "" },
            escape(&s.arithmetic(system)),
            escape(&basis),
            (s.utilization * 100.0).clamp(0.0, 100.0),
        );
    }
    out.push_str("</tbody></table>");
    out
}

/// Every input that applies, grouped, with its unit, for the printed report.
pub fn inputs_table(scenario: &capacity_model::Scenario) -> String {
    let mut out = String::from("<table class=\"stages inputs-table\"><tbody>");
    for (group, label, value) in crate::export::inputs_summary(scenario) {
        let _ = write!(
            out,
            "<tr><td class=\"muted\">{group}</td><th scope=\"row\">{label}</th><td class=\"num\">{}</td></tr>",
            escape(&value)
        );
    }
    out.push_str("</tbody></table>");
    out
}

/// A stage's figure for the comparison: its capacity, or for a serial cost its share of each stream's
/// time; a dash where the chain has no such stage.
fn compare_cell(report: &Report, id: StageId, system: UnitSystem) -> String {
    report.stage(id).map_or("—".to_string(), |s| {
        if s.role == Role::Serial {
            format!("{} of time", format_percent(s.utilization))
        } else {
            format_rate(s.capacity_bytes_per_sec, system)
        }
    })
}

/// Two scenarios side by side, stage by stage, with their throughput and bottleneck, and a sentence
/// on the difference. `name` is the other scenario's (escaped: it may be a user's).
pub fn compare_table(here: &Report, there: &Report, name: &str, system: UnitSystem) -> String {
    let mut ids: Vec<StageId> = here.stages.iter().map(|s| s.id).collect();
    ids.extend(there.stages.iter().map(|s| s.id).filter(|id| here.stage(*id).is_none()));
    let name = escape(name);
    let mut out = format!(
        "<table class=\"stages compare-table\" data-testid=\"compare-table\"><thead><tr><th scope=\"col\">Stage capacity</th>\
         <th scope=\"col\" class=\"num\">This scenario</th><th scope=\"col\" class=\"num\">{name}</th></tr></thead><tbody>"
    );
    let binding = |report: &Report, id| if report.bottleneck == id { " binding" } else { "" };
    for id in ids {
        let _ = write!(
            out,
            "<tr><th scope=\"row\"><span class=\"swatch\" style=\"background:{}\"></span>{}</th>\
             <td class=\"num{}\">{}</td><td class=\"num{}\">{}</td></tr>",
            stage_color(id),
            id.name(),
            binding(here, id),
            compare_cell(here, id, system),
            binding(there, id),
            compare_cell(there, id, system)
        );
    }
    let rate = |r: &Report| format_rate(r.throughput_bytes_per_sec, system);
    let duration = |r: &Report| r.duration_sec.map_or("—".to_string(), capacity_model::units::format_duration);
    let fit = |r: &Report| match r.window {
        Some(w) if w.fits => "Fits",
        Some(_) => "Does not fit",
        None => "No window",
    };
    let _ = write!(
        out,
        "<tr class=\"total\"><th scope=\"row\">Throughput</th><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>\
         <tr class=\"total\"><th scope=\"row\">Bottleneck</th><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>\
         <tr class=\"total\"><th scope=\"row\">Backup duration</th><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>\
         <tr class=\"total\"><th scope=\"row\">Backup window</th><td class=\"num\">{}</td><td class=\"num\">{}</td></tr></tbody></table>",
        rate(here),
        rate(there),
        here.bottleneck.name(),
        there.bottleneck.name(),
        duration(here),
        duration(there),
        fit(here),
        fit(there)
    );
    out.push_str(&inputs_differ_html(&here.scenario, &there.scenario));
    let delta = there.throughput_bytes_per_sec - here.throughput_bytes_per_sec;
    let percent = delta / here.throughput_bytes_per_sec * 100.0;
    // A NaN difference (no throughput here) reads as "the same", not as a number.
    let sentence = if percent.abs() < 0.05 || percent.is_nan() {
        format!("{name} moves the same as this scenario, {}.", rate(there))
    } else {
        let sign = if delta >= 0.0 { "+" } else { "−" };
        format!(
            "{name} moves {sign}{} ({sign}{} %) compared with this scenario.",
            format_rate(delta.abs(), system),
            capacity_model::units::format_number(percent.abs())
        )
    };
    let _ = write!(out, "<p class=\"compare-delta\" data-testid=\"compare-delta\">{sentence}</p>");
    out
}

/// The inputs two scenarios set differently, as a list (`FC HBA ports 1 → 2`), over the fields that
/// apply to either; a sentence when none differ.
pub fn inputs_differ_html(here: &capacity_model::Scenario, there: &capacity_model::Scenario) -> String {
    use crate::export::with_unit;
    use capacity_model::fields::FIELDS;
    let mut items = String::new();
    for field in FIELDS {
        let (a, b) = ((field.get)(here), (field.get)(there));
        if a != b && ((field.applies)(here) || (field.applies)(there)) {
            let _ = write!(
                items,
                "<li>{}: {} → {}</li>",
                escape(field.label),
                escape(&with_unit(field, a)),
                escape(&with_unit(field, b))
            );
        }
    }
    if here.jobs != there.jobs {
        items.push_str("<li>Job list: differs</li>");
    }
    if items.is_empty() {
        "<p class=\"compare-inputs\" data-testid=\"compare-inputs\">The inputs are the same.</p>".to_string()
    } else {
        format!("<p class=\"compare-inputs\">Inputs that differ:</p><ul class=\"compare-inputs\" data-testid=\"compare-inputs\">{items}</ul>")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use capacity_model::{evaluate, presets::preset};

    #[test]
    fn both_chains_with_the_bottleneck_marked() {
        let report = evaluate(&preset("tsm-small-files").unwrap().scenario());
        let backup = stage_table(&report, Chain::Backup, UnitSystem::Binary);
        assert!(backup.starts_with("<table class=\"stages\" data-testid=\"stages\">"), "{backup}");
        assert!(backup.contains("<tr class=\"binding\" data-stage=\"transactions\">"), "{backup}");
        assert!(backup.contains("of time</td>"), "a serial cost shows its share of time");
        let restore = stage_table(&report, Chain::Restore, UnitSystem::Binary);
        assert!(restore.contains("data-testid=\"restore-stages\"") && restore.contains("data-stage=\"file_create\""));
        let nfs = evaluate(&preset("nfs-1array").unwrap().scenario());
        assert_eq!(stage_table(&nfs, Chain::Restore, UnitSystem::Decimal), "", "an NFS workload has no restore chain");
    }

    #[test]
    fn two_scenarios_side_by_side() {
        let here = evaluate(&preset("hp-8clients-4drives").unwrap().scenario());
        let there = evaluate(&preset("hp-2clients-1drive").unwrap().scenario());
        let html = compare_table(&here, &there, "Two <clients>", UnitSystem::Decimal);
        assert!(html.contains("Two &lt;clients&gt;") && !html.contains("<clients>"), "names are escaped");
        assert!(
            html.contains(
                "Tape drives</th><td class=\"num binding\">900 MB/s</td><td class=\"num binding\">225 MB/s</td>"
            ),
            "{html}"
        );
        assert!(html.contains("moves −675 MB/s (−75.0 %) compared with this scenario."), "{html}");
        assert!(html.contains("<th scope=\"row\">Backup window</th>"), "{html}");
        assert!(html.contains("<li>Clients: 8 → 2</li>"), "{html}");
        assert!(html.contains("<li>Tape drives: 4 → 1</li>"), "{html}");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("<b>\"O'Neil\" & co</b>"), "&lt;b&gt;&quot;O&#39;Neil&quot; &amp; co&lt;/b&gt;");
    }
}
