//! Two scenarios side by side: every stage's capacity and the throughput difference.

use crate::state::use_planner;
use crate::tables::compare_table;
use capacity_model::evaluate;
use capacity_model::presets::PRESETS;
use leptos::prelude::*;

/// The comparison card, shown while a second scenario is chosen.
#[component]
pub fn Compare() -> impl IntoView {
    let planner = use_planner();
    let choose_preset = move |ev| {
        let id = event_target_value(&ev);
        planner.compare.set(PRESETS.iter().find(|p| p.id == id).map(|p| (p.title.to_string(), p.scenario())));
    };
    let table = move || {
        let (name, other) = planner.compare.get()?;
        Some(planner.report.with(|here| compare_table(here, &evaluate(&other), &name, planner.units.get())))
    };
    view! {
        <div class="card compare" class:no-print=move || planner.compare.get().is_none()>
            <div class="chart-head">
                <h2>"Compare"</h2>
                <label class="control no-print">
                    <span>"With a preset"</span>
                    <select id="compare-preset" on:change=choose_preset>
                        <option value="">"—"</option>
                        {PRESETS.iter().map(|p| view! { <option value=p.id>{p.title}</option> }).collect_view()}
                    </select>
                </label>
            </div>
            <Show when=move || planner.compare.get().is_some()
                fallback=|| view! { <p class="muted">"Choose a preset here, or Compare on a saved scenario, to see both side by side and on the sweep chart."</p> }>
                <div class="table-wrap" inner_html=move || table().unwrap_or_default()></div>
                <button type="button" class="no-print" on:click=move |_| planner.compare.set(None)>"Stop comparing"</button>
            </Show>
        </div>
    }
}
