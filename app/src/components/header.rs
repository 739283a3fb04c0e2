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
    // A preset takes the place of the job list and every input, as an imported file does: the status
    // line says what it replaced and that Undo brings it back (a page trial's 60 rows went unsaid).
    let on_preset = move |ev: leptos::ev::Event| {
        if let Ok(chosen) = preset(&event_target_value(&ev)) {
            let scenario = chosen.scenario();
            let rows = super::share_bar::rows_replaced(planner, &scenario);
            let edited = planner.preset.get_untracked().is_none()
                && planner.base.with_untracked(|base| *base != capacity_model::Scenario::default());
            planner.load(scenario);
            planner.status.set(preset_loaded(chosen.title, rows, edited));
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

/// What the status line says of a preset loaded over `rows` job rows and, where `edited`, inputs that
/// were no preset's.
fn preset_loaded(title: &str, rows: usize, edited: bool) -> String {
    let list = match rows {
        0 => String::new(),
        1 => "the job row the list held".to_string(),
        n => format!("the {} job rows the list held", capacity_model::units::format_count(n as f64)),
    };
    let replaced = match (list.is_empty(), edited) {
        (true, false) => return format!("Loaded the preset \"{title}\"."),
        (true, true) => "the inputs on screen".to_string(),
        (false, true) => format!("{list} and the inputs on screen"),
        (false, false) => list,
    };
    let them = if rows == 1 && !edited { "it" } else { "them" };
    format!("Loaded the preset \"{title}\": it replaced {replaced}; Undo (Ctrl+Z) brings {them} back.")
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_preset_says_what_it_replaced() {
        let title = "HP: 2 clients x 4 streams into one LTO-4";
        assert_eq!(
            super::preset_loaded(title, 60, true),
            "Loaded the preset \"HP: 2 clients x 4 streams into one LTO-4\": it replaced the 60 job rows the list held and the inputs on screen; Undo (Ctrl+Z) brings them back."
        );
        assert_eq!(
            super::preset_loaded(title, 1, false),
            "Loaded the preset \"HP: 2 clients x 4 streams into one LTO-4\": it replaced the job row the list held; Undo (Ctrl+Z) brings it back."
        );
        assert_eq!(
            super::preset_loaded(title, 0, false),
            "Loaded the preset \"HP: 2 clients x 4 streams into one LTO-4\"."
        );
    }
}
