//! The four what-if charts, each a `Memo` of SVG text from a pure chart function.

use crate::charts::{figure_html, sweep_parameters};
use crate::state::use_planner;
use capacity_model::fields::field_by_key;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

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
    let active_key = planner.active_sweep_key;
    // The menu of parameters the target offers, and the one in use selected: set again whenever either
    // changes, so the menu never shows another parameter than the chart plots.
    crate::dom::on_change(
        move || {
            let options: String = base.with(|s| {
                sweep_parameters(s)
                    .iter()
                    .map(|f| format!("<option value=\"{}\">{}</option>", f.key, crate::tables::escape(f.label)))
                    .collect()
            });
            (options, active_key.get())
        },
        |(options, key)| {
            crate::dom::set_html("sweep-parameter", options);
            if let Some(menu) = crate::dom::by_id("sweep-parameter") {
                menu.unchecked_ref::<web_sys::HtmlSelectElement>().set_value(key);
            }
        },
    );
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
                    <select id="sweep-parameter" on:change=on_key></select>
                </label>
            </div>
            <div class="chart-grid" inner_html=grid></div>
        </div>
    }
}
