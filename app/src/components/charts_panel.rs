//! The four what-if charts, each a `Memo` of SVG text from a pure chart function.

use crate::charts::{figure_html, split_table, sweep_parameters};
use crate::dom::{by_id, set_html, target};
use crate::state::use_planner;
use capacity_model::fields::field_by_key;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Keeps the figure `id`'s SVG in step with the chart's text (drawn again only when it changed), and its
/// data table while that is open (a folded table is filled when it is opened: [`on_table_click`]).
pub(super) fn show_chart(id: &'static str, planner: crate::state::Planner) {
    crate::dom::on_change(
        move || planner.chart_svg(id),
        move |text| {
            let (svg, table) = split_table(text);
            set_html(&format!("svg-{id}"), svg);
            if by_id(&format!("data-{id}")).is_some_and(|d| d.has_attribute("open")) {
                set_html(&format!("table-{id}"), table);
            }
        },
    );
}

/// A click on a chart's "Data table" summary: fills the table it unfolds with the chart's data now.
pub(super) fn on_table_click(planner: crate::state::Planner, ev: &web_sys::Event) {
    let Some(details) = target(ev).and_then(|e| e.closest("summary").ok().flatten()).and_then(|s| s.parent_element())
    else {
        return;
    };
    let Some(id) = details.id().strip_prefix("data-").map(str::to_string) else { return };
    let text = planner.chart_svg(&id);
    // The timeline's charts come with their tables written in.
    if !text.is_empty() {
        set_html(&format!("table-{id}"), split_table(&text).1);
    }
}

/// The pointer over a column of the sweep chart: its reading goes into the readout above the charts.
pub(super) fn on_chart_hover(ev: &web_sys::Event) {
    if let Some(tip) = target(ev).and_then(|e| e.closest(".hit").ok().flatten()).and_then(|hit| hit.text_content()) {
        crate::dom::set_text("sweep-readout", &tip);
    }
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
    let mut card = String::from(
        "<div class=\"chart-head\"><h2>What-if</h2><label class=\"control no-print\"><span>Vary</span><select id=\"sweep-parameter\"></select></label></div>\
         <p class=\"readout no-print\" id=\"sweep-readout\" data-testid=\"sweep-readout\">Point at the throughput chart to read its value there; click to set it.</p><div class=\"chart-grid\">",
    );
    for id in ["sweep", "utilization", "duration", "file-size"] {
        card.push_str(&figure_html(id, ""));
    }
    card.push_str("</div>");
    // The Vary menu is the card's only control that changes.
    let on_key = move |ev| {
        if let Some(field) = field_by_key(&event_target_value(&ev)) {
            key.set(field.key);
        }
    };
    view! { <div class="card charts" on:change=on_key inner_html=card></div> }
}
