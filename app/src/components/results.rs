//! Headline results: throughput, window fit, duration, cartridges, restore, the bottleneck explained,
//! and warnings.

use crate::palette::stage_color;
use crate::state::use_planner;
use capacity_model::units::{format_bytes, format_duration, format_number, format_per_hour, format_rate};
use capacity_model::Target;
use leptos::prelude::*;

/// The results panel.
#[component]
pub fn Results() -> impl IntoView {
    let planner = use_planner();
    let report = planner.report;
    let units = planner.units;
    let rate = move |v: f64| format_rate(v, units.get());
    let throughput = move || rate(report.with(|r| r.throughput_bytes_per_sec));
    let per_hour = move || format_per_hour(report.with(|r| r.throughput_bytes_per_sec), units.get());
    let bottleneck = move || report.with(|r| r.bottleneck);
    let explanation = move || report.with(|r| r.explanation(units.get()));
    let split = move || {
        report.with(|r| {
            (r.send_bytes_per_sec > 0.0 && r.retrieve_bytes_per_sec > 0.0)
                .then(|| format!("{} sent + {} retrieved", rate(r.send_bytes_per_sec), rate(r.retrieve_bytes_per_sec)))
        })
    };
    let seed = move || {
        planner
            .preset
            .get()
            .and_then(|p| p.expected)
            .map(|e| format!("Seed {} measured {}.", e.seed, format_rate(e.throughput_bytes_per_sec, e.reading)))
    };
    let window = move || {
        report.with(|r| match (r.duration_sec, r.window) {
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
                format!(
                    "Up to {}",
                    format_bytes(r.throughput_bytes_per_sec * r.scenario.backup_window_sec, units.get())
                ),
                format!(
                    "fit in the {} window at this throughput. Enter a data set size for the duration.",
                    format_duration(r.scenario.backup_window_sec)
                ),
                true,
            ),
            (None, _) => (
                "No window".to_string(),
                "Enter a data set size and a backup window to check the fit.".to_string(),
                true,
            ),
            (Some(duration), None) => (format_duration(duration), "No backup window set.".to_string(), true),
        })
    };
    let facts = move || {
        report.with(|r| {
            let system = units.get();
            let mut rows = Vec::new();
            if r.scenario.data_set_bytes > 0.0 {
                rows.push(("Data set", format_bytes(r.scenario.data_set_bytes, system)));
            }
            if let Some(d) = r.duration_sec {
                rows.push(("Backup duration", format_duration(d)));
            }
            rows.push(("Restore throughput", format_rate(r.restore_bytes_per_sec, system)));
            if let Some(d) = r.restore_duration_sec {
                rows.push(("Restore time", format_duration(d)));
            }
            if let Some(c) = r.cartridges {
                rows.push((
                    "Cartridges",
                    format!("{} × {}", capacity_model::units::format_count(c as f64), r.scenario.lto.name()),
                ));
            }
            if r.scenario.target == Target::Tape {
                // Only small aggregates (below the 256 KiB I/O ceiling) make the storage-pool I/O worth showing.
                if let (Some(a), Some(io)) = (
                    r.aggregate_bytes,
                    r.storage_pool_io_bytes.filter(|io| *io < capacity_model::transactions::MAX_STORAGE_POOL_IO_BYTES),
                ) {
                    rows.push((
                        "Aggregate / pool I/O",
                        format!("{} / {}", format_bytes(a, system), format_bytes(io, system)),
                    ));
                }
            }
            rows
        })
    };
    let warnings =
        move || report.with(|r| r.warnings.iter().map(|w| (w.id(), w.message(units.get()))).collect::<Vec<_>>());
    let stale = move || {
        let keys = planner.invalid.get();
        (!keys.is_empty()).then(|| {
            let labels: Vec<&str> =
                keys.iter().filter_map(|k| capacity_model::fields::field_by_key(k)).map(|f| f.label).collect();
            format!("Showing the last valid results: fix {} to update them.", labels.join(", "))
        })
    };
    view! {
        <div class="card results">
            {move || stale().map(|text| view! { <p class="stale" role="status" data-testid="stale">{text}</p> })}
            <div class="headline">
                <div class="metric" id="throughput">
                    <span class="metric-label">"Throughput"</span>
                    <span class="metric-value" data-testid="throughput">{throughput}</span>
                    <span class="metric-sub" data-testid="per-hour">{per_hour}</span>
                    <span class="metric-sub">{split}</span>
                </div>
                <div class="metric">
                    <span class="metric-label">"Bottleneck"</span>
                    <span class="metric-value bottleneck" data-testid="bottleneck" data-stage=move || bottleneck().id()>
                        <span class="swatch" style:background=move || stage_color(bottleneck())></span>
                        {move || bottleneck().name()}
                    </span>
                    <span class="metric-sub">{seed}</span>
                </div>
                <div class="metric" class:bad=move || !window().2>
                    <span class="metric-label">"Backup window"</span>
                    <span class="metric-value" data-testid="window">{move || window().0}</span>
                    <span class="metric-sub">{move || window().1}</span>
                </div>
            </div>
            <p class="explanation" data-testid="explanation">{explanation}</p>
            <dl class="facts">
                {move || facts().into_iter().map(|(k, v)| view! { <div><dt>{k}</dt><dd>{v}</dd></div> }).collect_view()}
            </dl>
            <ul class="warnings" data-testid="warnings">
                {move || warnings().into_iter().map(|(id, text)| view! { <li class=format!("warning {id}")>{text}</li> }).collect_view()}
            </ul>
        </div>
    }
}
