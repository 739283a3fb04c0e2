//! Two scenarios side by side: every stage's capacity and the throughput difference.

use crate::palette::stage_color;
use crate::state::use_planner;
use capacity_model::evaluate;
use capacity_model::presets::PRESETS;
use capacity_model::units::{format_number, format_rate};
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
        let system = planner.units.get();
        let here = planner.report.get();
        let there = evaluate(&other);
        let delta = there.throughput_bytes_per_sec - here.throughput_bytes_per_sec;
        let percent = delta / here.throughput_bytes_per_sec * 100.0;
        let mut ids: Vec<_> = here.stages.iter().map(|s| s.id).collect();
        ids.extend(there.stages.iter().map(|s| s.id).filter(|id| !here.stages.iter().any(|s| s.id == *id)));
        let cell = |report: &capacity_model::Report, id| {
            report.stage(id).map_or("—".to_string(), |s| format_rate(s.capacity_bytes_per_sec, system))
        };
        let rows = ids
            .into_iter()
            .map(|id| {
                view! {
                    <tr>
                        <th scope="row"><span class="swatch" style:background=stage_color(id)></span>{id.name()}</th>
                        <td class="num" class:binding=here.bottleneck == id>{cell(&here, id)}</td>
                        <td class="num" class:binding=there.bottleneck == id>{cell(&there, id)}</td>
                    </tr>
                }
            })
            .collect_view();
        let sign = if delta >= 0.0 { "+" } else { "−" };
        Some(view! {
            <table class="stages compare-table" data-testid="compare-table">
                <thead><tr><th scope="col">"Stage capacity"</th><th scope="col" class="num">"This scenario"</th><th scope="col" class="num">{name.clone()}</th></tr></thead>
                <tbody>
                    {rows}
                    <tr class="total">
                        <th scope="row">"Throughput"</th>
                        <td class="num">{format_rate(here.throughput_bytes_per_sec, system)}</td>
                        <td class="num">{format_rate(there.throughput_bytes_per_sec, system)}</td>
                    </tr>
                    <tr class="total">
                        <th scope="row">"Bottleneck"</th>
                        <td class="num">{here.bottleneck.name()}</td>
                        <td class="num">{there.bottleneck.name()}</td>
                    </tr>
                </tbody>
            </table>
            <p class="compare-delta" data-testid="compare-delta">
                {if percent.abs() < 0.05 {
                    format!("{name} moves the same as this scenario, {}.", format_rate(there.throughput_bytes_per_sec, system))
                } else {
                    format!("{name} moves {sign}{} ({sign}{} %) compared with this scenario.",
                        format_rate(delta.abs(), system), format_number(percent.abs()))
                }}
            </p>
        })
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
                {table}
                <button type="button" class="no-print" on:click=move |_| planner.compare.set(None)>"Stop comparing"</button>
            </Show>
        </div>
    }
}
