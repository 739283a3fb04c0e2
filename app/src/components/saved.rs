//! Saved scenarios: list with throughput, load, rename, delete, compare.
//!
//! The list is HTML text ([`crate::tables::saved_html`]) with one click and one key listener on the
//! card; each row's buttons name their action (`data-act`) and the row its scenario (`data-name`).

use crate::dom::{action, set_html, set_text, target};
use crate::saved_store;
use crate::state::use_planner;
use crate::tables::saved_html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The saved-scenarios card.
#[component]
pub fn SavedScenarios() -> impl IntoView {
    let planner = use_planner();
    let listing = Memo::new(move |_| {
        planner.saved.track();
        saved_store::list()
    });
    let message = RwSignal::new(String::new());
    // The name of the scenario being renamed.
    let renaming = RwSignal::new(None::<String>);
    Effect::new(move |_| {
        let (system, editing) = (planner.units.get(), renaming.get());
        listing
            .with(|(saved, problems)| set_html("saved-body", &saved_html(saved, problems, editing.as_deref(), system)));
        if editing.is_some() {
            let input = crate::dom::by_id("saved-body").and_then(|b| b.query_selector(".rename-input").ok().flatten());
            if let Some(input) = input.and_then(|i| i.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                let _ = input.focus();
                input.select();
            }
        }
    });
    Effect::new(move |_| set_text("saved-message", &message.get()));
    let commit_rename = move |row: &web_sys::Element| {
        let (Some(old), Ok(Some(input))) = (row.get_attribute("data-name"), row.query_selector(".rename-input")) else {
            return;
        };
        let new = input.dyn_into::<web_sys::HtmlInputElement>().map(|i| i.value()).unwrap_or_default();
        match saved_store::rename(&old, &new) {
            Ok(_) => {
                renaming.set(None);
                message.set(String::new());
                planner.saved.update(|n| *n += 1);
            }
            Err(e) => message.set(e),
        }
    };
    let on_click = move |ev: &web_sys::Event| {
        let Some((act, button)) = action(ev) else { return };
        let Some(row) = button.closest(".saved-row").ok().flatten() else { return };
        let Some(name) = row.get_attribute("data-name") else { return };
        let scenario =
            || listing.with_untracked(|(s, _)| s.iter().find(|x| x.name == name).map(|x| x.scenario.clone()));
        match act.as_str() {
            "load" => {
                if let Some(s) = scenario() {
                    planner.load(s);
                }
            }
            "compare" => planner.compare.set(scenario().map(|s| (name.clone(), s))),
            "rename" => renaming.set(Some(name.clone())),
            "ok" => commit_rename(&row),
            "delete" => {
                saved_store::delete(&name);
                planner.saved.update(|n| *n += 1);
            }
            _ => {}
        }
    };
    let on_key = move |ev: web_sys::KeyboardEvent| {
        if ev.key() == "Enter" {
            if let Some(row) = target(&ev).and_then(|e| e.closest(".saved-row").ok().flatten()) {
                commit_rename(&row);
            }
        }
    };
    view! {
        <div class="card saved no-print" on:click=move |ev| on_click(&ev) on:keydown=on_key
            inner_html="<h2>Saved scenarios</h2><div id=\"saved-body\"></div><p class=\"error\" id=\"saved-message\"></p>"></div>
    }
}
