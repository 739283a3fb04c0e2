//! Saved scenarios: a list with each one's throughput and buttons to load, compare, rename and delete
//! it. Rename asks for the new name and delete for confirmation with the browser's own dialogs, which
//! keyboards and screen readers know, and focus comes back to the list. The list follows the browser's
//! `storage` event, so every open tab shows the same saved scenarios.

use crate::saved_store::{self, Saved};
use crate::state::{use_planner, Planner};
use capacity_model::evaluate_backup;
use capacity_model::units::format_rate;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// What a row's button does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Act {
    Load,
    Compare,
    Rename,
    Delete,
}

/// What the user answered a row's dialog: Rename's new name, or for Delete the entry as it was when
/// the confirmation opened.
enum Answer {
    None,
    NewName(String),
    Confirmed(String),
}

/// Asks what Rename and Delete need, in the browser's own dialogs; `None`: cancelled.
fn ask(act: Act, name: &str) -> Option<Answer> {
    let window = web_sys::window()?;
    match act {
        Act::Load | Act::Compare => Some(Answer::None),
        Act::Rename => window.prompt_with_message_and_default("New name", name).ok().flatten().map(Answer::NewName),
        Act::Delete => {
            let entry = saved_store::raw(name)?;
            let sure = window.confirm_with_message(&format!("Delete the saved \"{name}\"?")).ok();
            (sure == Some(true)).then_some(Answer::Confirmed(entry))
        }
    }
}

/// Runs `act` on the saved scenario `entry` as answered; returns the status line.
fn run(planner: Planner, act: Act, entry: Saved, answer: Answer) -> String {
    let name = entry.name.clone();
    match (act, answer) {
        (Act::Load, _) => {
            planner.load(entry.scenario);
            // The scenario keeps its name: Export JSON and the printed report use it.
            planner.name.set(name.clone());
            format!("Loaded \"{name}\".")
        }
        (Act::Compare, _) => {
            planner.compare.set(Some((name.clone(), entry.scenario)));
            // The comparison is drawn in the next frame, far from the list: the page goes there then.
            request_animation_frame(|| {
                if let Some(card) = crate::dom::by_id("compare-card") {
                    card.scroll_into_view();
                }
            });
            format!("Comparing with \"{name}\": see Compare.")
        }
        (Act::Rename, Answer::NewName(new)) => match saved_store::rename(&name, &new) {
            Ok(new) => {
                renamed(planner, &name, &new);
                format!("Renamed \"{name}\" to \"{new}\".")
            }
            Err(e) => e,
        },
        (Act::Delete, Answer::Confirmed(entry)) => {
            if let Err(kept) = saved_store::delete_confirmed(&name, &entry) {
                return kept;
            }
            // A comparison with it stays on screen, named as what it now is.
            let compared = planner.compare.with_untracked(|c| c.as_ref().is_some_and(|(n, _)| *n == name));
            if compared {
                planner.compare.update(|c| {
                    if let Some((n, _)) = c.as_mut() {
                        *n = format!("{name} (deleted)");
                    }
                });
                return format!(
                    "Deleted \"{name}\". Compare still shows it, as \"{name} (deleted)\", until Stop comparing."
                );
            }
            format!("Deleted \"{name}\".")
        }
        _ => String::new(),
    }
}

/// The scenario on screen under the old name takes the new one (Save would otherwise make a second copy
/// under the old name), and so does the comparison with it (a trial's stayed headed "Old name").
fn renamed(planner: Planner, old: &str, new: &str) {
    if planner.name.with_untracked(|now| now.trim() == old) {
        planner.name.set(new.to_string());
    }
    planner.compare.update(|c| {
        if let Some((compared, _)) = c.as_mut().filter(|(compared, _)| compared == old) {
            *compared = new.to_string();
        }
    });
}

/// The saved-scenarios card.
#[component]
pub fn SavedScenarios() -> impl IntoView {
    let planner = use_planner();
    // Read once the first result is painted: each saved scenario is evaluated for its throughput.
    let listing = Memo::new(move |_| {
        planner.saved.track();
        if planner.ready.get() {
            saved_store::list()
        } else {
            (Vec::new(), Vec::new())
        }
    });
    let message = RwSignal::new(String::new());
    // The entry another tab wrote last: a rename writes the new entry, then removes the old one.
    let last_written = StoredValue::new(None::<(String, String)>);
    // Another tab saved, renamed or deleted a scenario. The one on screen, renamed or deleted there, is
    // said here (a trial's tab still said "Replaced the saved "D"" after another had deleted it).
    let _ = window_event_listener(leptos::ev::storage, move |ev| {
        let key = ev.key();
        if !key.as_deref().is_none_or(|k| k.starts_with(saved_store::PREFIX)) {
            return;
        }
        let name = key.as_deref().map(|k| k[saved_store::PREFIX.len()..].to_string()).unwrap_or_default();
        match (ev.new_value(), ev.old_value()) {
            (Some(text), _) => last_written.set_value(Some((name, text))),
            (None, Some(old)) if planner.name.with_untracked(|n| n.trim() == name) => {
                let new = last_written
                    .get_value()
                    .filter(|(_, text)| saved_store::same_inputs(text, &old))
                    .map(|(new, _)| new);
                message.set(match new {
                    Some(new) => {
                        renamed(planner, &name, &new);
                        format!("\"{name}\" was renamed to \"{new}\" in another tab.")
                    }
                    None => format!(
                        "\"{name}\" was deleted in another tab; the scenario on screen is kept, and Save stores it again."
                    ),
                });
            }
            _ => {}
        }
        planner.saved.update(|n| *n += 1);
    });
    let rows = move || {
        let system = planner.units.get();
        listing.with(|(saved, _)| {
            saved
                .iter()
                .map(|s| (s.name.clone(), format_rate(answer_bytes_per_sec(&s.scenario), system)))
                .collect::<Vec<_>>()
        })
    };
    let act = move |act: Act, name: &str| {
        let Some(entry) = listing.with_untracked(|(saved, _)| saved.iter().find(|s| s.name == name).cloned()) else {
            return;
        };
        let Some(answer) = ask(act, name) else { return };
        let done = move || {
            message.set(run(planner, act, entry, answer));
            planner.saved.update(|n| *n += 1);
            // The row's buttons are about to be drawn again (or gone): the focus waits on the list, where
            // the next Tab reaches the rows.
            if matches!(act, Act::Rename | Act::Delete) {
                if let Some(list) =
                    crate::dom::by_id("saved-body").and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
                {
                    let _ = list.focus();
                }
            }
        };
        // A dialog holds this tab while others may write: Chromium brings this tab's copy of storage up
        // to date in tasks queued meanwhile, so the change is made after them, on storage as it is (a
        // trial's rename replaced the scenario another tab had just renamed to that name).
        match act {
            Act::Rename | Act::Delete => set_timeout(done, std::time::Duration::ZERO),
            Act::Load | Act::Compare => done(),
        }
    };
    let problems = move || listing.with(|(_, problems)| problems.clone());
    view! {
        <div class="card saved no-print">
            <h2>"Saved scenarios"</h2>
            <div id="saved-body" tabindex="-1">
                <ul class="storage-problems" data-testid="storage-problems">
                    <For each=problems key=|p| p.clone() let:problem>
                        <li class="warning">{problem}</li>
                    </For>
                </ul>
                <Show when=move || planner.ready.get() && listing.with(|(saved, _)| saved.is_empty())>
                    <p class="muted">"None yet: name the scenario above and press Save. Saved scenarios stay in this browser."</p>
                </Show>
                <ul class="saved-list" data-testid="saved-list">
                    <For each=rows key=|row| row.clone() let:row>
                        {
                            let (name, rate) = row;
                            let key = name.clone();
                            let button = move |class: &'static str, text: &'static str, what: Act| {
                                let name = key.clone();
                                view! {
                                    <button type="button" class=class aria-label=format!("{text} {name}")
                                        on:click=move |_| act(what, &name)>{text}</button>
                                }
                            };
                            view! {
                                <li class="saved-row" data-name=name.clone()>
                                    <span class="saved-name" title=name.clone()>{name.clone()}</span>
                                    <span class="saved-rate">{rate}</span>
                                    <span class="saved-actions">
                                        {button("load", "Load", Act::Load)}
                                        {button("compare", "Compare", Act::Compare)}
                                        {button("rename", "Rename", Act::Rename)}
                                        {button("delete", "Delete", Act::Delete)}
                                    </span>
                                </li>
                            }
                        }
                    </For>
                </ul>
            </div>
            <p role="status" class="saved-status" id="saved-status" data-testid="saved-status">{move || message.get()}</p>
        </div>
    }
}

/// The throughput a scenario's own page answers with, bytes/s: with a job list, its night's average
/// (the fleet's, not one job's); without, its backup chain's.
fn answer_bytes_per_sec(scenario: &capacity_model::Scenario) -> f64 {
    match capacity_model::fleet::schedule(scenario, &scenario.jobs) {
        Some(night) => capacity_model::fleet::FleetAnswer::from_schedule(scenario, &night).bytes_per_sec,
        None => evaluate_backup(scenario).throughput_bytes_per_sec,
    }
}
