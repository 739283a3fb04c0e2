//! The four what-if charts, each a `Memo` of SVG text from a pure chart function.

use crate::charts::sweep_parameters;
use crate::state::use_planner;
use capacity_model::fields::field_by_key;
use leptos::prelude::*;

/// A chart's figure (see [`crate::charts::figure_html`]), redrawn when its SVG changes.
pub(super) fn figure(id: &'static str, svg: Memo<String>) -> impl IntoView {
    view! { <div class="figure-slot" inner_html=move || crate::charts::figure_html(id, &svg.get())></div> }
}

/// The charts panel.
#[component]
pub fn Charts() -> impl IntoView {
    let planner = use_planner();
    let (scenario, key) = (planner.scenario, planner.sweep_key);
    let parameters =
        Memo::new(move |_| sweep_parameters(&scenario.get()).iter().map(|f| (f.key, f.label)).collect::<Vec<_>>());
    let active_key = planner.active_sweep_key;
    let charts = planner.charts;
    let sweep = Memo::new(move |_| charts.with(|c| c.sweep.clone()));
    let utilization = Memo::new(move |_| charts.with(|c| c.utilization.clone()));
    let duration = Memo::new(move |_| charts.with(|c| c.duration.clone()));
    let file_size = Memo::new(move |_| charts.with(|c| c.file_size.clone()));
    let on_key = move |ev| {
        if let Some(field) = field_by_key(&event_target_value(&ev)) {
            key.set(field.key);
        }
    };
    view! {
        <div class="card charts">
            <div class="chart-head">
                <h2>"What-if"</h2>
                <label class="control no-print">
                    <span>"Vary"</span>
                    <select id="sweep-parameter" on:change=on_key prop:value=move || active_key.get()>
                        {move || parameters.get().into_iter().map(|(k, label)| view! { <option value=k>{label}</option> }).collect_view()}
                    </select>
                </label>
            </div>
            <div class="chart-grid">
                {figure("sweep", sweep)}
                {figure("utilization", utilization)}
                {figure("duration", duration)}
                <Show when=move || scenario.with(|s| s.target == capacity_model::Target::Tape)>
                    {figure("file-size", file_size)}
                </Show>
            </div>
        </div>
    }
}
