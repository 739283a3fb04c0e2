//! What only the printed report shows: the inputs as a list and the share link.

use crate::browser;
use crate::state::use_planner;
use crate::tables::inputs_table;
use leptos::prelude::*;

/// Print-only section (hidden on screen by the stylesheet).
#[component]
pub fn PrintReport() -> impl IntoView {
    let planner = use_planner();
    let link = move || {
        let fragment = planner.link.get();
        let page = browser::page_url();
        let base = page.split('#').next().unwrap_or("").to_string();
        format!("{base}#{fragment}")
    };
    // The report's heading: the scenario's name (as typed beside Save) and the date it is printed.
    crate::dom::on_window("beforeprint", |_| {
        let name = crate::dom::by_id("save-name")
            .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(e).ok())
            .map(|i| i.value().trim().to_string())
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| "Unnamed scenario".to_string());
        let now = js_sys::Date::new_0();
        let date = format!("{}-{:02}-{:02}", now.get_full_year(), now.get_month() + 1, now.get_date());
        crate::dom::set_text("print-title", &format!("{name} — printed {date}"));
    });
    view! {
        <p class="print-only print-title" id="print-title" data-testid="print-title"></p>
        <section class="card print-only" aria-label="Inputs and share link">
            <h2>"Inputs"</h2>
            <div inner_html=move || planner.base.with(inputs_table)></div>
            <h2>"Share link"</h2>
            <p class="share-link">{link}</p>
        </section>
    }
}
