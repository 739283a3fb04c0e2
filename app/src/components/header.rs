//! Title bar: the skip link, the preset menu, the jump to the inputs and the units switch.

use crate::dom::jump_to;
use crate::state::use_planner;
use capacity_model::presets::{preset, PRESETS};
use capacity_model::units::UnitSystem;
use leptos::prelude::*;

/// The top bar.
#[component]
pub fn Header() -> impl IntoView {
    let planner = use_planner();
    // The menu shows the preset on screen, or "Custom scenario".
    let current = move || planner.preset.get().map_or("", |p| p.id);
    let on_preset = move |ev: leptos::ev::Event| {
        if let Ok(chosen) = preset(&event_target_value(&ev)) {
            planner.load(chosen.scenario());
        }
    };
    let binary = move || planner.units.get() == UnitSystem::Binary;
    let pressed = |on: bool| if on { "true" } else { "false" };
    view! {
        <header class="topbar">
            <button type="button" class="skip-link" on:click=|_| jump_to("results")>"Skip to the results"</button>
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
                        <option value="" disabled selected=move || current().is_empty()>"Custom scenario"</option>
                        {PRESETS
                            .iter()
                            .map(|p| view! { <option value=p.id selected=move || current() == p.id>{p.title}</option> })
                            .collect_view()}
                    </select>
                </label>
                <button type="button" class="jump-inputs" on:click=|_| jump_to("inputs")>"Edit inputs ↓"</button>
                <div class="control units" role="group" aria-label="Units">
                    <span>"Units"</span>
                    <div class="toggle">
                        <button type="button" id="units-mb" class:active=move || !binary()
                            aria-pressed=move || pressed(!binary())
                            on:click=move |_| planner.units.set(UnitSystem::Decimal)>"MB"</button>
                        <button type="button" id="units-mib" class:active=binary
                            aria-pressed=move || pressed(binary())
                            on:click=move |_| planner.units.set(UnitSystem::Binary)>"MiB"</button>
                    </div>
                </div>
            </div>
        </header>
    }
}
