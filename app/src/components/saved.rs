//! Saved scenarios: list with throughput, load, rename, delete, compare.

use crate::saved_store::{self, Saved};
use crate::state::use_planner;
use capacity_model::evaluate;
use capacity_model::units::format_rate;
use leptos::prelude::*;

/// The saved-scenarios card.
#[component]
pub fn SavedScenarios() -> impl IntoView {
    let planner = use_planner();
    let listing = Memo::new(move |_| {
        planner.saved.track();
        saved_store::list()
    });
    let message = RwSignal::new(String::new());
    let renaming = RwSignal::new(None::<(String, String)>);
    let row = move |saved: Saved| {
        let rate = evaluate(&saved.scenario).throughput_bytes_per_sec;
        let throughput = move || format_rate(rate, planner.units.get());
        let name = saved.name.clone();
        let (load_s, compare_s) = (saved.scenario.clone(), saved.scenario);
        let (delete_n, rename_n, compare_n, label_n) = (name.clone(), name.clone(), name.clone(), name.clone());
        let editing = {
            let name = name.clone();
            move || renaming.get().is_some_and(|(old, _)| old == name)
        };
        let commit_rename = move || {
            if let Some((old, new)) = renaming.get_untracked() {
                match saved_store::rename(&old, &new) {
                    Ok(_) => {
                        renaming.set(None);
                        message.set(String::new());
                        planner.saved.update(|n| *n += 1);
                    }
                    Err(e) => message.set(e),
                }
            }
        };
        view! {
            <li class="saved-row" data-name=name.clone()>
                <Show when=editing.clone() fallback=move || view! { <span class="saved-name">{label_n.clone()}</span> }>
                    <input type="text" class="rename-input" maxlength="80"
                        prop:value=move || renaming.get().map(|r| r.1).unwrap_or_default()
                        on:input=move |ev| renaming.update(|r| if let Some(r) = r { r.1 = event_target_value(&ev) })
                        on:keydown=move |ev| if ev.key() == "Enter" { commit_rename() }/>
                    <button type="button" on:click=move |_| commit_rename()>"OK"</button>
                </Show>
                <span class="saved-rate">{throughput}</span>
                <span class="saved-actions">
                    <button type="button" class="load" on:click=move |_| planner.load(load_s.clone())>"Load"</button>
                    <button type="button" class="compare" on:click=move |_| planner.compare.set(Some((compare_n.clone(), compare_s.clone())))>"Compare"</button>
                    <button type="button" class="rename" on:click=move |_| renaming.set(Some((rename_n.clone(), rename_n.clone())))>"Rename"</button>
                    <button type="button" class="delete" on:click=move |_| {
                        saved_store::delete(&delete_n);
                        planner.saved.update(|n| *n += 1);
                    }>"Delete"</button>
                </span>
            </li>
        }
    };
    view! {
        <div class="card saved no-print">
            <h2>"Saved scenarios"</h2>
            <ul class="storage-problems" data-testid="storage-problems">
                {move || listing.get().1.into_iter().map(|p| view! { <li class="warning">{p}</li> }).collect_view()}
            </ul>
            <Show when=move || listing.get().0.is_empty()>
                <p class="muted">"None yet: name the scenario above and press Save. Saved scenarios stay in this browser."</p>
            </Show>
            <ul class="saved-list" data-testid="saved-list">
                {move || listing.get().0.into_iter().map(row).collect_view()}
            </ul>
            <p class="error">{move || message.get()}</p>
        </div>
    }
}
