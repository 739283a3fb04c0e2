//! The results card: the stale-input notice, the headline figures, the bottleneck explained for the
//! backup and the restore, the facts and the warnings ([`crate::summary::Summary`]).

use super::facts::{held, Facts};
use crate::palette::stage_color;
use crate::state::use_planner;
use capacity_model::units::format_rate;
use leptos::prelude::*;

/// The results panel.
#[component]
pub fn Results() -> impl IntoView {
    let planner = use_planner();
    let summary = planner.summary;
    let text = move |part: fn(&crate::summary::Summary) -> &str| move || summary.with(|s| part(s).to_string());
    let bottleneck = move || summary.with(|s| s.bottleneck);
    let seed = move || {
        planner.preset.get().and_then(|p| p.expected).map(|e| {
            // In the source's own unit, and in the one the results show where that differs (a trial
            // read 859 MiB/s beside "measured 900 MB/s" as a shortfall where the model matches).
            let (own, shown) = (e.reading, planner.units.get());
            let measured = format_rate(e.throughput_bytes_per_sec, own);
            if shown == own {
                format!("{} measured {measured}.", e.source())
            } else {
                format!("{} measured {measured} ({}).", e.source(), format_rate(e.throughput_bytes_per_sec, shown))
            }
        })
    };
    // The window's heading names what it times: an NFS retrieval is no backup (a trial read "Backup
    // window" over a retrieval's duration).
    let window_label = move || {
        planner.scenario.with(|s| match (s.target, s.nfs_workload) {
            (capacity_model::Target::Nfs, capacity_model::NfsWorkload::Retrieve) => "Retrieval window",
            (capacity_model::Target::Nfs, capacity_model::NfsWorkload::Mixed) => "Window",
            _ => "Backup window",
        })
    };
    // With a job list (tape), the aggregate figures are the scenario's identical clients': say so.
    let fleet_onto = move || {
        planner.scenario.with(|s| {
            (s.target != capacity_model::Target::Nfs && !s.jobs.is_empty()).then_some(
                if s.target == capacity_model::Target::Repository && !s.copy_to_tape {
                    "into the repository"
                } else {
                    "on the drives"
                },
            )
        })
    };
    let stale = move || {
        let keys = planner.invalid.get();
        (!keys.is_empty()).then(|| {
            let labels: Vec<&str> =
                keys.iter().filter_map(|k| capacity_model::fields::field_by_key(k)).map(|f| f.label).collect();
            format!("Showing the last valid results: fix {} to update them.", labels.join(", "))
        })
    };
    // An NFS target backs up volumes, not clients' jobs: a job list the link holds is kept, not used.
    let unused_jobs = move || {
        planner.scenario.with(|s| {
            (s.target == capacity_model::Target::Nfs && !s.jobs.is_empty()).then(|| {
                format!(
                    "The link holds a job list of {} {}, which an NFS target does not use: these results are the NFS workload's. The list is kept; choose the tape or repository target to schedule it.",
                    s.jobs.len(),
                    if s.jobs.len() == 1 { "job" } else { "jobs" }
                )
            })
        })
    };
    // Job rows that cannot be read are out of every figure until fixed: said above them, with the way there.
    // What to add's change, said where the focus lands after it, until the scenario changes again.
    let applied = move || {
        planner
            .applied
            .get()
            .filter(|(card, _)| *card == "What to add")
            .map(|(card, what)| format!("Applied from {card}: {what}. "))
    };
    let restore = move || summary.with(|s| s.restore_explanation.clone());
    let warnings = move || summary.with(|s| s.warnings.clone());
    view! {
        <div class="card results" id="results-body">
            {move || stale().map(|text| view! { <p class="stale" role="status" data-testid="stale">{text}</p> })}
            // The shortcut is hidden where there is no keyboard to press it (a touch screen: style.css).
            {move || applied().map(|text| view! { <p class="applied no-print" role="status" data-testid="applied">{text}"Undo"<span class="key-hint">" (Ctrl+Z)"</span>" takes it back."</p> })}
            {move || unused_jobs().map(|text| view! { <p class="stale" data-testid="unused-jobs">{text}</p> })}
            <RowsLeftOut test_id="rows-left-out"/>
            <div class="headline">
                <div class="metric" id="throughput">
                    <span class="metric-label">"Throughput"</span>
                    // `elementtiming`: the browser records when this figure is painted (scripts/bench-startup.mjs;
                    // the first-result module's figure is `first-result`).
                    <span class="metric-value" data-testid="throughput" {..leptos::attr::custom::custom_attribute("elementtiming", "calculator-result")}>{text(|s| &s.throughput)}</span>
                    <span class="metric-sub" data-testid="per-hour">{text(|s| &s.per_hour)}</span>
                    <span class="metric-sub">{text(|s| &s.split)}</span>
                </div>
                <div class="metric">
                    <span class="metric-label">"Bottleneck"</span>
                    <span class="metric-value bottleneck" data-testid="bottleneck" data-stage=move || bottleneck().id()>
                        <span class="swatch" style:background=move || stage_color(bottleneck())></span>
                        {move || summary.with(|s| s.bottleneck_name)}
                    </span>
                    <span class="metric-sub" data-testid="seed-measured">{seed}</span>
                </div>
                <div
                    class="metric"
                    class:bad=move || summary.with(|s| !s.fits)
                    class:tight=move || summary.with(|s| s.verdict == capacity_model::FITS_BELOW_HEADROOM)
                >
                    <span class="metric-label">{window_label}</span>
                    <span class="metric-value" data-testid="window">{text(|s| &s.verdict)}</span>
                    <span class="metric-sub">{text(|s| &s.margin)}</span>
                </div>
            </div>
            <p class="explanation" data-testid="explanation">{move || summary.with(|s| held(&s.explanation))}</p>
            {move || {
                restore()
                    .map(|text| {
                        view! {
                            <p class="explanation restore" data-testid="restore-explanation">"Restore: "{text}</p>
                        }
                    })
            }}
            {move || {
                summary
                    .with(|s| s.copy_explanation.clone())
                    .map(|text| view! { <p class="explanation copy" data-testid="copy-explanation">{text}</p> })
            }}
            <Facts rows=Signal::derive(move || summary.with(|s| s.facts.clone()))/>
            {move || {
                fleet_onto()
                    .map(|onto| {
                        view! {
                            <p class="fleet-note" data-testid="fleet-note">
                                "These figures are the job list's night, scheduled job by job "{onto}" (below); \
                                 the form's client inputs are defaults for the job rows."
                            </p>
                        }
                    })
            }}
            <Show when=move || summary.with(|s| !s.warnings.is_empty())>
                <ul class="warnings" data-testid="warnings">
                    <For each=warnings key=|w| w.clone() let:warning>
                        <li class=format!("warning {}", warning.0)>{warning.1}</li>
                    </For>
                </ul>
            </Show>
        </div>
    }
}

/// While job rows cannot be read, the note that the card's figures are for the other rows: on every card
/// that answers for the job list (results, schedule, disaster recovery, capacity over time), so that none
/// read alone promises a time for the whole list (a trial's disaster-recovery card said "Restored 1 job,
/// 6.00 TB" of three, without a word).
#[component]
pub fn RowsLeftOut(test_id: &'static str) -> impl IntoView {
    let planner = use_planner();
    let note = move || planner.rows_left_out.with(|&(bad, all)| crate::summary::rows_left_out_note(bad, all));
    move || note().map(|text| view! { <p class="stale" role="status" data-testid=test_id>{text}</p> })
}
