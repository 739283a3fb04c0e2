//! What only the printed report shows: the inputs as a list and the share link.

use crate::browser;
use crate::export::inputs_summary;
use crate::state::use_planner;
use capacity_model::codec::encode;
use leptos::prelude::*;

/// Print-only section (hidden on screen by the stylesheet).
#[component]
pub fn PrintReport() -> impl IntoView {
    let planner = use_planner();
    let link = move || {
        let fragment = encode(&planner.scenario.get());
        let page = browser::page_url();
        let base = page.split('#').next().unwrap_or("").to_string();
        format!("{base}#{fragment}")
    };
    view! {
        <section class="card print-only" aria-label="Inputs and share link">
            <h2>"Inputs"</h2>
            <table class="stages inputs-table">
                <tbody>
                    {move || inputs_summary(&planner.scenario.get()).into_iter().map(|(group, label, value)| view! {
                        <tr><td class="muted">{group}</td><th scope="row">{label}</th><td class="num">{value}</td></tr>
                    }).collect_view()}
                </tbody>
            </table>
            <h2>"Share link"</h2>
            <p class="share-link">{link}</p>
        </section>
    }
}
