//! The four what-if charts, each a `Memo` of SVG text from a pure chart function.

use crate::charts::{figure_html, sweep_parameters};
use crate::state::use_planner;
use capacity_model::fields::field_by_key;
use leptos::prelude::*;

/// Keeps the figure `id`'s SVG in step with the chart's text (drawn again only when it changed).
pub(super) fn show_chart(id: &'static str, planner: crate::state::Planner) {
    let place = format!("svg-{id}");
    crate::dom::on_change(move || planner.chart_svg(id), move |text| crate::dom::set_html(&place, text));
}

/// The charts panel.
#[component]
pub fn Charts() -> impl IntoView {
    let planner = use_planner();
    let (base, key) = (planner.base, planner.sweep_key);
    let parameters =
        Memo::new(move |_| base.with(|s| sweep_parameters(s).iter().map(|f| (f.key, f.label)).collect::<Vec<_>>()));
    let active_key = planner.active_sweep_key;
    for id in ["sweep", "utilization", "duration", "file-size"] {
        show_chart(id, planner);
    }
    // File sizes matter to tape backups only.
    crate::dom::on_change(
        move || base.with(|s| s.target != capacity_model::Target::Tape),
        |nfs| crate::dom::set_flag("fig-file-size", "hidden", *nfs),
    );
    let grid: String = ["sweep", "utilization", "duration", "file-size"].iter().map(|id| figure_html(id, "")).collect();
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
            <div class="chart-grid" inner_html=grid></div>
        </div>
    }
}
