//! Saved scenarios: a list with each one's throughput and buttons to load, compare, rename and delete
//! it. The list is an HTML string (the names escaped), and one click handler serves every row's
//! buttons: each names its scenario (`aria-label`) and carries `data-action`. Rename asks for the new
//! name and delete for confirmation with the browser's own dialogs, which keyboards and screen
//! readers know, and focus comes back to the list.

use crate::saved_store::{self, Saved};
use crate::state::use_planner;
use crate::tables::escape;
use capacity_model::evaluate_backup;
use capacity_model::units::{format_rate, UnitSystem};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The rows of the list, one per saved scenario.
pub fn saved_rows_html(saved: &[Saved], system: UnitSystem) -> String {
    let mut out = String::new();
    for entry in saved {
        let name = escape(&entry.name);
        let rate = format_rate(evaluate_backup(&entry.scenario).throughput_bytes_per_sec, system);
        let button = |action: &str, text: &str| {
            format!("<button type=\"button\" class=\"{action}\" data-action=\"{action}\" aria-label=\"{text} {name}\">{text}</button>")
        };
        out.push_str(&format!(
            "<li class=\"saved-row\" data-name=\"{name}\"><span class=\"saved-name\">{name}</span><span class=\"saved-rate\">{rate}</span><span class=\"saved-actions\">{}{}{}{}</span></li>",
            button("load", "Load"),
            button("compare", "Compare"),
            button("rename", "Rename"),
            button("delete", "Delete")
        ));
    }
    out
}

/// The saved-scenarios card.
#[component]
pub fn SavedScenarios() -> impl IntoView {
    let planner = use_planner();
    let listing = Memo::new(move |_| {
        planner.saved.track();
        saved_store::list()
    });
    let message = RwSignal::new(String::new());
    let act = move |ev: &web_sys::Event| {
        let Some(button) = crate::dom::target(ev) else { return };
        let Ok(Some(row)) = button.closest(".saved-row") else { return };
        let (Some(action), Some(name)) = (button.get_attribute("data-action"), row.get_attribute("data-name")) else {
            return;
        };
        let Some(entry) = listing.with_untracked(|(saved, _)| saved.iter().find(|s| s.name == name).cloned()) else {
            return;
        };
        let window = web_sys::window();
        let done = match action.as_str() {
            "load" => {
                planner.load(entry.scenario);
                // The scenario keeps its name: Export JSON and the printed report use it.
                crate::dom::set_value("save-name", &name);
                format!("Loaded \"{name}\".")
            }
            "compare" => {
                planner.compare.set(Some((name.clone(), entry.scenario)));
                // The comparison is shown where it is: far above the list, so the page goes there.
                if let Some(card) = crate::dom::by_id("compare-body") {
                    card.scroll_into_view();
                }
                format!("Comparing with \"{name}\": see Compare.")
            }
            "rename" => {
                match window.and_then(|w| w.prompt_with_message_and_default("New name", &name).ok().flatten()) {
                    Some(new) => match saved_store::rename(&name, &new) {
                        Ok(new) => format!("Renamed \"{name}\" to \"{new}\"."),
                        Err(e) => e,
                    },
                    None => return,
                }
            }
            "delete" => {
                let sure = window.and_then(|w| w.confirm_with_message(&format!("Delete the saved \"{name}\"?")).ok());
                if sure != Some(true) {
                    return;
                }
                saved_store::delete(&name);
                format!("Deleted \"{name}\".")
            }
            _ => return,
        };
        message.set(done);
        planner.saved.update(|n| *n += 1);
        // The row's buttons are about to be drawn again (or gone): the focus waits on the list, where
        // the next Tab reaches the rows.
        if matches!(action.as_str(), "rename" | "delete") {
            if let Some(list) = crate::dom::by_id("saved-body").and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = list.focus();
            }
        }
    };
    // The list as one piece of HTML: what could not be read, a hint while there is nothing, the rows.
    let body = crate::dom::memo_text(move || {
        let system = planner.units.get();
        listing.with(|(saved, problems)| {
            let mut out = String::from("<ul class=\"storage-problems\" data-testid=\"storage-problems\">");
            for problem in problems {
                out.push_str(&format!("<li class=\"warning\">{}</li>", escape(problem)));
            }
            out.push_str("</ul>");
            if saved.is_empty() {
                out.push_str("<p class=\"muted\">None yet: name the scenario above and press Save. Saved scenarios stay in this browser.</p>");
            }
            out.push_str("<ul class=\"saved-list\" data-testid=\"saved-list\">");
            out.push_str(&saved_rows_html(saved, system));
            out.push_str("</ul>");
            out
        })
    });
    crate::dom::on_in("click", ".saved", act);
    crate::dom::effect(move || body.with(|html| crate::dom::set_html("saved-body", html)));
    crate::dom::effect(move || message.with(|text| crate::dom::set_text("saved-status", text)));
    view! {
        <div class="card saved no-print" inner_html="<h2>Saved scenarios</h2><div id=\"saved-body\" tabindex=\"-1\"></div>\
            <p role=\"status\" class=\"saved-status\" id=\"saved-status\" data-testid=\"saved-status\"></p>"></div>
    }
}
