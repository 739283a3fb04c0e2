//! The results card: the stale-input notice, then the results ([`crate::summary::results_html`]).

use crate::state::use_planner;
use crate::summary::results_html;
use capacity_model::units::format_rate;
use leptos::prelude::*;

/// The results panel.
#[component]
pub fn Results() -> impl IntoView {
    let planner = use_planner();
    let html = move || {
        let seed = planner
            .preset
            .get()
            .and_then(|p| p.expected)
            .map(|e| format!("Seed {} measured {}.", e.seed, format_rate(e.throughput_bytes_per_sec, e.reading)));
        planner.report.with(|r| results_html(r, seed.as_deref(), planner.units.get()))
    };
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
            <div inner_html=html></div>
        </div>
    }
}
