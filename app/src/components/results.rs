//! The results card: the stale-input notice, then the results ([`crate::summary::results_html`]).

use crate::state::use_planner;
use crate::summary::results_html;
use capacity_model::units::format_rate;
use leptos::prelude::*;

/// The results panel.
#[component]
pub fn Results() -> impl IntoView {
    let planner = use_planner();
    // With a job list (tape), the aggregate figures are the scenario's identical clients': say so.
    let with_jobs = move || {
        planner.scenario.with(|s| (s.target == capacity_model::Target::Tape && !s.jobs.is_empty()).then_some(s.clients))
    };
    let html = move || {
        let seed = planner
            .preset
            .get()
            .and_then(|p| p.expected)
            .map(|e| format!("Seed {} measured {}.", e.seed, format_rate(e.throughput_bytes_per_sec, e.reading)));
        let mut html = planner.report.with(|r| results_html(r, seed.as_deref(), planner.units.get()));
        if let Some(clients) = with_jobs() {
            let noun = if clients == 1 { "client" } else { "identical clients" };
            html.push_str(&format!(
                "<p class=\"fleet-note\" data-testid=\"fleet-note\">These figures are for the scenario's {clients} {noun}; \
                 the job list is scheduled job by job below.</p>"
            ));
        }
        html
    };
    let stale = move || {
        let keys = planner.invalid.get();
        (!keys.is_empty()).then(|| {
            let labels: Vec<&str> =
                keys.iter().filter_map(|k| capacity_model::fields::field_by_key(k)).map(|f| f.label).collect();
            format!("Showing the last valid results: fix {} to update them.", labels.join(", "))
        })
    };
    crate::dom::on_change(
        move || {
            let stale = stale()
                .map(|text| {
                    format!(
                        "<p class=\"stale\" role=\"status\" data-testid=\"stale\">{}</p>",
                        crate::tables::escape(&text)
                    )
                })
                .unwrap_or_default();
            stale + &html()
        },
        |html| crate::dom::set_html("results-body", html),
    );
    view! { <div class="card results" id="results-body"></div> }
}
