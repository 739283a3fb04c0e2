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
    view! {
        <section class="card print-only" aria-label="Inputs and share link">
            <h2>"Inputs"</h2>
            <div inner_html=move || planner.base.with(inputs_table)></div>
            <h2>"Share link"</h2>
            <p class="share-link">{link}</p>
        </section>
    }
}
