//! The four what-if charts, each a `Memo` of SVG text from a pure chart function.

use crate::charts::{
    duration_chart, file_size_chart, sweep_chart, sweep_parameters, utilization_chart,
};
use crate::state::use_planner;
use capacity_model::fields::field_by_key;
use leptos::prelude::*;

/// The charts panel.
#[component]
pub fn Charts() -> impl IntoView {
    let planner = use_planner();
    let (scenario, units, key) = (planner.scenario, planner.units, planner.sweep_key);
    let parameters = Memo::new(move |_| {
        sweep_parameters(&scenario.get())
            .iter()
            .map(|f| (f.key, f.label))
            .collect::<Vec<_>>()
    });
    // Fall back to the first offered parameter when the target changes under the current one.
    let active_key = Memo::new(move |_| {
        let wanted = key.get();
        let offered = parameters.get();
        if offered.iter().any(|(k, _)| *k == wanted) {
            wanted
        } else {
            offered.first().map_or("clients", |p| p.0)
        }
    });
    let sweep = Memo::new(move |_| sweep_chart(&scenario.get(), active_key.get(), units.get()));
    let utilization = Memo::new(move |_| utilization_chart(&scenario.get()));
    let duration = Memo::new(move |_| duration_chart(&scenario.get(), units.get()));
    let file_size = Memo::new(move |_| file_size_chart(&scenario.get(), units.get()));
    let on_key = move |ev| {
        if let Some(field) = field_by_key(&event_target_value(&ev)) {
            key.set(field.key);
        }
    };
    view! {
        <div class="card charts">
            <div class="chart-head">
                <h2>"What-if"</h2>
                <label class="control">
                    <span>"Vary"</span>
                    <select id="sweep-parameter" on:change=on_key prop:value=move || active_key.get()>
                        {move || parameters.get().into_iter().map(|(k, label)| view! { <option value=k>{label}</option> }).collect_view()}
                    </select>
                </label>
            </div>
            <div class="chart-grid">
                <figure class="chart" data-testid="chart-sweep" inner_html=move || sweep.get()></figure>
                <figure class="chart" data-testid="chart-utilization" inner_html=move || utilization.get()></figure>
                <figure class="chart" data-testid="chart-duration" inner_html=move || duration.get()></figure>
                <figure class="chart" data-testid="chart-file-size" inner_html=move || file_size.get()></figure>
            </div>
        </div>
    }
}
