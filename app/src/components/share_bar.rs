//! The toolbar: copy link, save, JSON import and export, CSV, print; and the notice that names what was
//! wrong with a link or an imported file.

use crate::browser;
use crate::export::sweep_csv;
use crate::json::read_scenario_file;
use crate::saved_store;
use crate::state::use_planner;
use capacity_model::scenario_file::to_json;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::time::Duration;

/// The toolbar card.
#[component]
pub fn ShareBar() -> impl IntoView {
    let planner = use_planner();
    let status = RwSignal::new(String::new());
    let manual_link = RwSignal::new(None::<String>);
    let say = move |text: String| {
        status.set(text);
        set_timeout(move || status.set(String::new()), Duration::from_secs(4));
    };
    let copy_link = move |_| {
        let url = browser::page_url();
        spawn_local(async move {
            match browser::copy_text(&url).await {
                Ok(()) => {
                    manual_link.set(None);
                    say("Link copied to the clipboard.".to_string());
                }
                Err(_) => manual_link.set(Some(url)),
            }
        });
    };
    let name = RwSignal::new(String::new());
    let save = move |_| match saved_store::save(&name.get_untracked(), &planner.scenario.get_untracked()) {
        Ok((saved, replaced)) => {
            planner.saved.update(|n| *n += 1);
            name.set(String::new());
            say(if replaced { format!("Replaced the saved \"{saved}\".") } else { format!("Saved as \"{saved}\".") });
        }
        Err(e) => say(e),
    };
    let export_json = move |_| {
        let title = name.get_untracked();
        let title = if title.trim().is_empty() { "scenario".to_string() } else { title.trim().to_string() };
        browser::download(
            &format!("{}.json", file_stem(&title)),
            "application/json",
            &to_json(&title, &planner.scenario.get_untracked()),
        );
    };
    let export_csv = move |_| {
        let key = planner.sweep_key.get_untracked();
        let csv = sweep_csv(&planner.scenario.get_untracked(), key, planner.units.get_untracked());
        browser::download(&format!("sweep-{key}.csv"), "text/csv", &csv);
    };
    let import = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let Some(file) = input.files().and_then(|files| files.get(0)) else { return };
        input.set_value("");
        spawn_local(async move {
            let text = browser::read_text(&file).await;
            match read_scenario_file(&text) {
                Ok(read) => {
                    planner.load(read.scenario);
                    planner.notices.set(Vec::new());
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
    view! {
        <div class="card toolbar no-print">
            <div class="toolbar-row">
                <button type="button" class="primary" id="copy-link" on:click=copy_link>"Copy link"</button>
                <span class="sep"></span>
                <input type="text" id="save-name" placeholder="Name this scenario" aria-label="Scenario name" maxlength="80"
                    prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev))
                    on:keydown=move |ev| if ev.key() == "Enter" { save(()) }/>
                <button type="button" id="save" on:click=move |_| save(())>"Save"</button>
                <span class="sep"></span>
                <button type="button" id="export-json" on:click=export_json>"Export JSON"</button>
                <label class="button" for="import-json">"Import JSON"</label>
                <input type="file" id="import-json" accept=".json,application/json" class="visually-hidden" on:change=import/>
                <button type="button" id="export-csv" on:click=export_csv>"Sweep CSV"</button>
                <button type="button" id="print" on:click=move |_| browser::print()>"Print report"</button>
            </div>
            <p class="status" role="status" data-testid="status">{move || status.get()}</p>
            {move || manual_link.get().map(|url| view! {
                <p class="manual-link">"The browser would not copy; select and copy this link: "
                    <input type="text" readonly=true prop:value=url/></p>
            })}
        </div>
        <Notices/>
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

/// Most problems listed at once; a link can hold thousands of bad keys.
const MAX_NOTICES: usize = 12;

/// What was wrong with the last link or file, dismissible.
#[component]
fn Notices() -> impl IntoView {
    let planner = use_planner();
    view! {
        <Show when=move || !planner.notices.get().is_empty()>
            <div class="card notice" role="alert" data-testid="notice">
                <div>
                    <strong>"Some of this link or file could not be used"</strong>
                    <ul>{move || {
                        let notices = planner.notices.get();
                        let more = notices.len().saturating_sub(MAX_NOTICES);
                        let mut lines: Vec<String> = notices.into_iter().take(MAX_NOTICES).collect();
                        if more > 0 {
                            lines.push(format!("… and {more} more"));
                        }
                        lines.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()
                    }}</ul>
                </div>
                <button type="button" class="dismiss" aria-label="Dismiss" on:click=move |_| planner.notices.set(Vec::new())>"×"</button>
            </div>
        </Show>
    }
}
