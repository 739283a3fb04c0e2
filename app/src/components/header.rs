//! Title bar: the preset menu and the units switch.

use crate::state::use_planner;
use capacity_model::presets::{preset, PRESETS};
use capacity_model::units::UnitSystem;
use leptos::prelude::*;

/// Scrolls to the inputs, which phones show below the results (a fragment link would replace the share
/// link in the address bar).
fn jump_to_inputs() {
    if let Some(inputs) =
        web_sys::window().and_then(|w| w.document()).and_then(|d| d.query_selector(".inputs").ok().flatten())
    {
        inputs.scroll_into_view();
    }
}

/// The top bar.
#[component]
pub fn Header() -> impl IntoView {
    let planner = use_planner();
    let current = move || planner.preset.get().map_or("", |p| p.id);
    let on_preset = move |ev| {
        if let Ok(chosen) = preset(&event_target_value(&ev)) {
            planner.load(chosen.scenario());
        }
    };
    let binary = move || planner.units.get() == UnitSystem::Binary;
    view! {
        <header class="topbar">
            <div class="brand">
                <span class="logo" aria-hidden="true">"▮▮▯"</span>
                <div>
                    <h1>"Backup Capacity Planner"</h1>
                    <p class="tagline">"Throughput, bottleneck and backup window for backup and restore"</p>
                </div>
            </div>
            <div class="controls">
                <label class="control">
                    <span>"Scenario"</span>
                    <select id="preset" on:change=on_preset prop:value=current>
                        <option value="" disabled=true>"Custom scenario"</option>
                        {PRESETS.iter().map(|p| view! { <option value=p.id>{p.title}</option> }).collect_view()}
                    </select>
                </label>
                <button type="button" class="jump-inputs" on:click=move |_| jump_to_inputs()>"Edit inputs ↓"</button>
                <div class="control units" role="group" aria-label="Units">
                    <span>"Units"</span>
                    <div class="toggle">
                        <button type="button" class:active=move || !binary() aria-pressed=move || (!binary()).to_string()
                            on:click=move |_| planner.units.set(UnitSystem::Decimal)>"MB"</button>
                        <button type="button" class:active=binary aria-pressed=move || binary().to_string()
                            on:click=move |_| planner.units.set(UnitSystem::Binary)>"MiB"</button>
                    </div>
                </div>
            </div>
        </header>
    }
}
