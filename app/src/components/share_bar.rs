//! The toolbar: copy link, save, JSON import and export, CSV, print; the notice past the length some
//! tools cut links at; and the notice that names what was wrong with a link or an imported file.
//!
//! The toolbar is HTML text with one listener per event type; the name is read from its input when
//! it is needed, and only the status line and the notices change.

use crate::browser;
use crate::dom::{action, by_id, set_html, set_text, target};
use crate::export::sweep_csv;
use crate::json::read_scenario_file;
use crate::saved_store;
use crate::state::use_planner;
use crate::tables::escape;
use capacity_model::codec::LONG_LINK_CHARS;
use capacity_model::scenario_file::to_json;
use capacity_model::units::format_count;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::fmt::Write;
use std::time::Duration;
use wasm_bindgen::JsCast;

/// The toolbar's markup.
const BAR: &str = "<div class=\"toolbar-row\">\
<button type=\"button\" class=\"primary\" id=\"copy-link\" data-act=\"copy\">Copy link</button><span class=\"sep\"></span>\
<button type=\"button\" id=\"undo\" data-act=\"undo\" disabled aria-keyshortcuts=\"Control+Z\" title=\"Undo the last change (Ctrl+Z)\">Undo</button>\
<button type=\"button\" id=\"redo\" data-act=\"redo\" disabled aria-keyshortcuts=\"Control+Shift+Z\" title=\"Redo (Ctrl+Shift+Z)\">Redo</button><span class=\"sep\"></span>\
<input type=\"text\" id=\"save-name\" placeholder=\"Name this scenario\" aria-label=\"Scenario name\" maxlength=\"80\">\
<button type=\"button\" id=\"save\" data-act=\"save\">Save</button><span class=\"sep\"></span>\
<button type=\"button\" id=\"export-json\" data-act=\"json\">Export JSON</button>\
<label class=\"button\" for=\"import-json\">Import JSON</label>\
<input type=\"file\" id=\"import-json\" accept=\".json,application/json\" class=\"visually-hidden\">\
<button type=\"button\" id=\"export-csv\" data-act=\"csv\">Sweep CSV</button>\
<button type=\"button\" id=\"print\" data-act=\"print\">Print report</button></div>\
<div id=\"long-link\"></div><p class=\"status\" role=\"status\" id=\"status\" data-testid=\"status\"></p><div id=\"manual-link\"></div>";

/// Most problems listed at once; a link can hold thousands of bad keys.
const MAX_NOTICES: usize = 12;

/// The notice card for what was wrong with a link or file (empty when all was well).
fn notices_html(notices: &[String]) -> String {
    if notices.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "<div class=\"card notice\" role=\"alert\" data-testid=\"notice\"><div><strong>Some of this link or file could not be used</strong><ul>",
    );
    for notice in notices.iter().take(MAX_NOTICES) {
        let _ = write!(out, "<li>{}</li>", escape(notice));
    }
    let more = notices.len().saturating_sub(MAX_NOTICES);
    if more > 0 {
        let _ = write!(out, "<li>… and {more} more</li>");
    }
    out.push_str("</ul></div><button type=\"button\" class=\"dismiss\" data-act=\"dismiss\" aria-label=\"Dismiss\">×</button></div>");
    out
}

/// The scenario name typed in the toolbar.
fn name_input() -> Option<web_sys::HtmlInputElement> {
    by_id("save-name")?.dyn_into().ok()
}

/// The toolbar card.
#[component]
pub fn ShareBar() -> impl IntoView {
    let planner = use_planner();
    let status = RwSignal::new(String::new());
    let say = move |text: String| {
        status.set(text);
        set_timeout(move || status.set(String::new()), Duration::from_secs(4));
    };
    crate::dom::effect(move || set_text("status", &status.get()));
    // Past the length some mail and chat tools cut, the link says so and points to the scenario file.
    let base = browser::page_url().chars().count() + 1;
    let long_link = move || {
        let chars = base + planner.link.with(String::len);
        if chars > LONG_LINK_CHARS {
            format!(
                "<p class=\"long-link\" data-testid=\"long-link\">This link is {} characters long: some mail and chat tools cut links past {}. \
                 Export JSON saves the same scenario, job list included, as a scenario file to send instead.</p>",
                format_count(chars as f64),
                format_count(LONG_LINK_CHARS as f64)
            )
        } else {
            String::new()
        }
    };
    crate::dom::on_change(long_link, |text| set_html("long-link", text));
    crate::dom::effect(move || set_html("notices", &planner.notices.with(|n| notices_html(n))));
    let copy_link = move || {
        let url = planner.link.with_untracked(|link| browser::share_url(link));
        spawn_local(async move {
            match browser::copy_text(&url).await {
                Ok(()) => {
                    set_html("manual-link", "");
                    say("Link copied to the clipboard.".to_string());
                }
                Err(_) => set_html(
                    "manual-link",
                    &format!(
                        "<p class=\"manual-link\">The browser would not copy; select and copy this link: <input type=\"text\" readonly value=\"{}\"></p>",
                        escape(&url)
                    ),
                ),
            }
        });
    };
    let save = move || {
        let Some(input) = name_input() else { return };
        match saved_store::save(&input.value(), &planner.scenario.get_untracked()) {
            Ok((saved, replaced)) => {
                planner.saved.update(|n| *n += 1);
                // The name stays: it is the scenario's name for Export JSON and the printed report.
                say(if replaced {
                    format!("Replaced the saved \"{saved}\".")
                } else {
                    format!("Saved as \"{saved}\".")
                });
            }
            Err(e) => say(e),
        }
    };
    let export_json = move || {
        let title = name_input().map(|i| i.value()).unwrap_or_default();
        let title = if title.trim().is_empty() { "scenario".to_string() } else { title.trim().to_string() };
        browser::download(
            &format!("{}.json", file_stem(&title)),
            "application/json",
            &to_json(&title, &planner.scenario.get_untracked()),
        );
    };
    let on_click = move |ev: &web_sys::Event| match action(ev).map(|a| a.0).as_deref() {
        Some("copy") => copy_link(),
        Some("undo") => planner.undo(false),
        Some("redo") => planner.undo(true),
        Some("save") => save(),
        Some("json") => export_json(),
        Some("csv") => {
            // The parameter the chart plots (the chosen one, or the target's first when it offers no such).
            let key = planner.active_sweep_key.get_untracked();
            let csv = sweep_csv(&planner.scenario.get_untracked(), key, planner.units.get_untracked());
            browser::download(&format!("sweep-{key}.csv"), "text/csv", &csv);
        }
        Some("print") => browser::print(),
        Some("dismiss") => planner.notices.set(Vec::new()),
        _ => {}
    };
    let on_key = move |ev: &web_sys::Event| {
        if crate::dom::is_enter_in(ev, "save-name") {
            save();
        }
    };
    let import = move |ev: &web_sys::Event| {
        let Some(input) =
            target(ev).filter(|e| e.id() == "import-json").and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|files| files.get(0)) else { return };
        input.set_value("");
        spawn_local(async move {
            let text = browser::read_text(&file).await;
            match read_scenario_file(&text) {
                Ok(read) => {
                    planner.load(read.scenario);
                    planner.notices.set(Vec::new());
                    if !read.name.is_empty() {
                        crate::dom::set_value("save-name", &read.name);
                    }
                    say(format!("Imported \"{}\".", if read.name.is_empty() { file.name() } else { read.name }));
                }
                Err(errors) => {
                    let mut lines = vec![format!("{} was not imported; nothing changed:", file.name())];
                    lines.extend(errors.iter().map(ToString::to_string));
                    planner.notices.set(lines);
                }
            }
        });
    };
    crate::dom::on_in("click", ".toolbar, #notices", on_click);
    crate::dom::on_in("keydown", ".toolbar", on_key);
    crate::dom::on_in("change", ".toolbar", import);
    view! {
        <div class="card toolbar no-print" inner_html=BAR></div>
        <div id="notices"></div>
    }
}

/// A file name from a scenario name: what file systems refuse (separators, `:*?"<>|`, spaces and control
/// characters) becomes a dash; letters of any script stay.
fn file_stem(name: &str) -> String {
    let unsafe_char = |c: char| c.is_ascii_whitespace() || c.is_control() || "/\\:*?\"<>|".contains(c);
    let stem: String = name.chars().map(|c| if unsafe_char(c) { '-' } else { c }).collect();
    let stem = stem.trim_matches('-').to_string();
    if stem.is_empty() {
        "scenario".to_string()
    } else {
        stem
    }
}
