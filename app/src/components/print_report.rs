//! What only the printed report shows: a heading with the scenario's name and the date, the inputs as a
//! list and the share link. They are written when the browser is about to print (`beforeprint`), not on
//! every keystroke: nothing on screen shows them.

use crate::browser;
use crate::dom::{set_html, set_text, value_of};
use crate::state::use_planner;
use crate::tables::inputs_table;
use leptos::prelude::*;

/// Print-only section (hidden on screen by the stylesheet).
#[component]
pub fn PrintReport() -> impl IntoView {
    let planner = use_planner();
    crate::dom::on_window("beforeprint", move |_| {
        // The scenario's name as typed beside Save.
        let name = value_of("save-name");
        let name = if name.trim().is_empty() { "Unnamed scenario" } else { name.trim() };
        let now = js_sys::Date::new_0();
        let date = format!("{}-{:02}-{:02}", now.get_full_year(), now.get_month() + 1, now.get_date());
        set_text("print-title", &format!("{name} — printed {date}"));
        set_html("print-inputs", &planner.base.with_untracked(inputs_table));
        set_text("print-link", &planner.link.with_untracked(|link| browser::share_url(link)));
    });
    view! {
        <p class="print-only print-title" id="print-title" data-testid="print-title"></p>
        <section class="card print-only" aria-label="Inputs and share link" inner_html="<h2>Inputs</h2><div id=\"print-inputs\"></div>\
            <h2>Share link</h2><p class=\"share-link\" id=\"print-link\"></p>"></section>
    }
}
