//! The schedule of the job list: the summary ([`crate::schedule_view::summary`]), the Gantt and
//! throughput charts, and the per-job table a page at a time ([`crate::schedule_view::job_rows`]).
//! Shown for a tape target with jobs.
//!
//! The fewest drives and sessions per drive that fit are found by [`Scan`]s that schedule one count
//! at a time in short slices between frames, restarted whenever the schedule changes.

use super::figure::Figure;
use crate::schedule_view::{
    job_rows, summary as schedule_summary, Fact, JobRow, Metric, Scan, Summary, Vary, PAGE_JOBS,
};
use crate::state::use_planner;
use leptos::prelude::*;
use std::time::Duration;

/// Longest a slice of the scans runs before it lets the page respond, ms.
const SLICE_MS: f64 = 8.0;

/// The schedule card.
#[component]
pub fn Schedule() -> impl IntoView {
    let planner = use_planner();
    let scans = RwSignal::new(None::<[Scan; 2]>);
    let generation = StoredValue::new(0u64);
    // Runs the scans a slice at a time until they are done or the schedule changes.
    fn slice(
        planner: crate::state::Planner,
        scans: RwSignal<Option<[Scan; 2]>>,
        generation: StoredValue<u64>,
        mine: u64,
    ) {
        if generation.get_value() != mine {
            return;
        }
        let Some(mut now) = scans.get_untracked() else { return };
        let start = js_sys::Date::now();
        let done = planner.scenario.with_untracked(|s| loop {
            let over =
                match now.iter_mut().find(|scan| matches!(scan.state, crate::schedule_view::Fewest::Checking { .. })) {
                    Some(scan) => {
                        scan.step(s);
                        false
                    }
                    None => true,
                };
            if over || js_sys::Date::now() - start > SLICE_MS {
                break over;
            }
        });
        scans.set(Some(now));
        if !done {
            set_timeout(move || slice(planner, scans, generation, mine), Duration::ZERO);
        }
    }
    Effect::new(move || {
        let fresh = planner.schedule.with(|now| {
            now.as_ref().map(|now| {
                planner
                    .scenario
                    .with_untracked(|s| [Scan::new(Vary::Drives, s, now), Scan::new(Vary::Sessions, s, now)])
            })
        });
        generation.update_value(|g| *g += 1);
        let mine = generation.get_value();
        scans.set(fresh);
        // The scans start once edits pause: while someone types, each keystroke would restart them.
        set_timeout(move || slice(planner, scans, generation, mine), Duration::from_millis(150));
    });
    // The summary, again as each slice of the scans reports.
    let summary = move || {
        let system = planner.units.get();
        let scans = scans.get();
        planner.schedule.with(|now| match (now, scans) {
            (Some(now), Some(scans)) => planner.base.with(|s| Some(schedule_summary(now, s, &scans, system))),
            _ => None,
        })
    };
    // The per-job table, a page at a time.
    let page = RwSignal::new(0usize);
    let count = move || planner.schedule.with(|s| s.as_ref().map_or(0, |s| s.jobs.len()));
    let pages = move || count().div_ceil(PAGE_JOBS).max(1);
    let rows = move || {
        let (system, p) = (planner.units.get(), page.get().min(pages() - 1));
        planner.schedule.with(|s| s.as_ref().map(|s| job_rows(s, p, system)).unwrap_or_default())
    };
    let no_window = move || planner.schedule.with(|s| s.as_ref().is_none_or(|s| s.window_sec <= 0.0));
    // Backups into a repository with no copy to tape use no drive: no Gantt chart of drives, no Drive
    // column (a trial of 2026-12-05 found an empty chart "no drive is busy" and a column of dashes).
    let no_drives = move || planner.base.with(|s| s.target == capacity_model::Target::Repository && !s.copy_to_tape);
    let shown = move || {
        let (n, p) = (count(), page.get().min(pages() - 1));
        format!("Jobs {}–{} of {n}", p * PAGE_JOBS + 1, ((p + 1) * PAGE_JOBS).min(n))
    };
    view! {
        <div class="card schedule results" id="schedule-card" data-testid="schedule"
            hidden=move || planner.schedule.with(Option::is_none)>
            <h2>"Schedule of the job list"</h2>
            <super::results::RowsLeftOut test_id="schedule-left-out"/>
            <div id="schedule-summary">
                // Three figures and a few facts, drawn again in place (positionally) as the scans report.
                {move || summary().map(summary_view)}
            </div>
            <div class="chart-grid">
                <Figure id="gantt" chart=planner.chart("gantt") hidden=Signal::derive(no_drives)/>
                <Figure id="night-throughput" chart=planner.chart("night-throughput")/>
            </div>
            <div class="pager" id="schedule-pager" hidden=move || { pages() < 2 }>
                <button type="button" class="small" id="schedule-prev" aria-label="Previous jobs"
                    disabled=move || page.get().min(pages() - 1) == 0
                    on:click=move |_| page.update(|p| *p = p.saturating_sub(1))>"‹"</button>
                <span id="schedule-shown">{shown}</span>
                <button type="button" class="small" id="schedule-next" aria-label="Next jobs"
                    disabled=move || { page.get().min(pages() - 1) + 1 >= pages() }
                    on:click=move |_| page.update(|p| *p = (*p + 1).min(pages() - 1))>"›"</button>
            </div>
            // Paper has no pager: said which jobs print, and where the rest are (a trial's 150 jobs printed 100).
            <p class="print-note note" hidden=move || { pages() < 2 }>
                {move || format!(
                    "Printed here: {}. Turn the table's pages on screen to print the others, or print every job's schedule with the planner (cargo plan --jobs FILE).",
                    shown().replacen("Jobs", "jobs", 1)
                )}
            </p>
            <div class="table-wrap scroll-y" id="schedule-table" tabindex="0" role="region" aria-label="Jobs of the schedule">
                    <table class="fleet-jobs" data-testid="schedule-table">
                        <thead>
                            <tr>
                                <th scope="col">"Job"</th>
                                <th scope="col" class="num">"Data"</th>
                                <th scope="col" class="num" hidden=no_drives>"Drive"</th>
                                <th scope="col" class="num">"Start"</th>
                                <th scope="col" class="num">"End"</th>
                                <th scope="col" class="num">"Average rate"</th>
                                <th scope="col" class="num" title="What the job's client side moves alone (before drives, ports and server), and the stage that sets it">
                                    "Client-side limit"
                                </th>
                                <th scope="col" class="num" hidden=no_window
                                    title="Whether the job ends inside the backup window, and what it leaves for the next night">
                                    "In window"
                                </th>
                            </tr>
                        </thead>
                        <tbody>
                            // Keyed by the row's text: an edit redraws the rows whose figures it changed.
                            <For each=rows key=|row| row.clone() let:row>
                                {job_line(row, no_window(), no_drives())}
                            </For>
                        </tbody>
                    </table>
            </div>
        </div>
    }
}

/// One headline figure.
fn metric_box(metric: Metric) -> impl IntoView {
    let whole = metric.value.clone();
    view! {
        <div class=if metric.bad { "metric bad" } else { "metric" }>
            <span class="metric-label">{metric.label}</span>
            // Two lines at most (a job's name may hold 120 characters); the whole value on hover.
            <span class="metric-value clamp" data-testid=metric.testid title=whole>{metric.value}</span>
            <span class="metric-sub">{metric.sub}</span>
        </div>
    }
}

/// One fact; the jobs that miss the window follow its text, comma-separated.
fn fact_row(fact: Fact) -> impl IntoView {
    view! {
        <div>
            <dt>{fact.label}</dt>
            <dd data-testid=fact.testid>{fact.line()}</dd>
        </div>
    }
}

/// The summary: the headline figures, the long pole's reason and the facts.
fn summary_view(summary: Summary) -> impl IntoView {
    view! {
        <div class="headline">{summary.metrics.into_iter().map(metric_box).collect_view()}</div>
        <p class="explanation" data-testid="long-pole-reason">{super::facts::held(&summary.reason)}</p>
        <dl class="fleet-facts">{summary.facts.into_iter().map(fact_row).collect_view()}</dl>
    }
}

/// One job of the per-job table, the long pole marked.
fn job_line(row: JobRow, no_window: bool, no_drives: bool) -> impl IntoView {
    let pole = row.long_pole;
    let missed = row.in_window.starts_with("no");
    let whole = row.name.clone();
    let copy = row.drive.starts_with("copy");
    view! {
        <tr class=pole.then_some("binding") class:missed=missed data-testid=pole.then_some("long-pole-row")>
            // On a phone a long name is cut with an ellipsis: the whole name on hover.
            <th scope="row" title=whole>{row.name}{pole.then(|| view! { <span class="badge">"long pole"</span> })}</th>
            // `data-label`: the column's name, which a phone shows above each figure (no header row there).
            <td class="num" data-label="Data">{row.data}</td>
            // A repository's copy ("copy on 2, 10 h 53 min to 19 h 13 min") wraps, so the row fits, between
            // its times and not inside one; the verdict wraps too (a page trial's ran 441 px wide).
            <td class="num" class:copy=copy hidden=no_drives data-label="Drive">{super::facts::held(&row.drive)}</td>
            <td class="num" data-label="Start">{row.start}</td>
            <td class="num" data-label="End">{row.end}</td>
            <td class="num" data-label="Average rate">{row.rate}</td>
            <td class="num" data-label="Client-side limit">{row.limit}<span class="arithmetic">{row.limit_stage}</span></td>
            <td class="num in-window" hidden=no_window data-label="In window">{row.in_window}</td>
        </tr>
    }
}
