//! Two scenarios side by side: every stage's capacity, the totals, the inputs that differ and the
//! throughput difference ([`crate::tables::compare`]).

use crate::palette::stage_color;
use crate::state::use_planner;
use crate::tables::compare;
use capacity_model::evaluate;
use capacity_model::presets::PRESETS;
use leptos::prelude::*;

/// The comparison card: a preset menu, and while a second scenario is chosen, the comparison.
#[component]
pub fn Compare() -> impl IntoView {
    let planner = use_planner();
    let comparison = Memo::new(move |_| {
        planner.compare.with(|other| {
            other.as_ref().map(|(name, other)| {
                planner.focus_report.with(|here| compare(here, &evaluate(other), name, planner.units.get()))
            })
        })
    });
    let comparing = move || comparison.with(Option::is_some);
    // With a job list this scenario's column is its long pole's chain alone, and a line says so.
    let focus_note = move || planner.focus.with(|f| f.brief_note());
    let here = move || {
        planner
            .focus
            .with(|f| f.short_name().map_or("This scenario".to_string(), |job| format!("This scenario: {job}")))
    };
    // The menu names the preset compared, and nothing while none is: choosing one again works.
    let shown = move || {
        planner.compare.with(|other| {
            other.as_ref().and_then(|(name, _)| PRESETS.iter().find(|p| p.title == name).map(|p| p.id)).unwrap_or("")
        })
    };
    let choose = move |ev: leptos::ev::Event| {
        let id = event_target_value(&ev);
        planner.compare.set(PRESETS.iter().find(|p| p.id == id).map(|p| (p.title.to_string(), p.scenario())));
    };
    let name = move || planner.compare.with(|c| c.as_ref().map(|c| c.0.clone()).unwrap_or_default());
    let rows = move || comparison.with(|c| c.as_ref().map(|c| c.rows.clone()).unwrap_or_default());
    let inputs = move || comparison.with(|c| c.as_ref().map(|c| c.inputs.clone()).unwrap_or_default());
    view! {
        // Printed only while comparing.
        <div class="card compare" class:no-print=move || !comparing() id="compare-card">
            <div class="chart-head">
                <h2>"Compare"</h2>
                <label class="control no-print">
                    <span>"With a preset"</span>
                    <select id="compare-preset" on:change=choose prop:value=shown>
                        <option value="" selected=move || shown().is_empty()>"—"</option>
                        {PRESETS
                            .iter()
                            .map(|p| view! { <option value=p.id selected=move || shown() == p.id>{p.title}</option> })
                            .collect_view()}
                    </select>
                </label>
            </div>
            <p class="hint" data-testid="compare-focus" hidden=move || focus_note().is_empty()>{focus_note}</p>
            <p class="muted" id="compare-hint" hidden=comparing>
                "Choose a preset here, or Compare on a saved scenario, to see both side by side and on the sweep chart."
            </p>
            <div class="table-wrap" id="compare-body" tabindex="0" role="region" aria-label="The comparison" hidden=move || !comparing()>
                <table class="stages compare-table" data-testid="compare-table">
                    <thead>
                        <tr>
                            <th scope="col">"Stage capacity"</th>
                            <th scope="col" class="num">{here}</th>
                            <th scope="col" class="num compare-name" title=name>{name}</th>
                        </tr>
                    </thead>
                    <tbody>
                        <For each=rows key=|row| row.clone() let:row>
                            <tr class:total=row.stage.is_none()>
                                <th scope="row">
                                    {row.stage.map(|id| view! { <span class="swatch" style:background=stage_color(id)></span> })}
                                    {row.label}
                                </th>
                                <td class="num" class:binding=row.here_binding>{row.here}</td>
                                <td class="num" class:binding=row.there_binding>{row.there}</td>
                            </tr>
                        </For>
                    </tbody>
                </table>
                {move || {
                    let inputs = inputs();
                    if inputs.is_empty() {
                        view! { <p class="compare-inputs" data-testid="compare-inputs">"The inputs are the same."</p> }.into_any()
                    } else {
                        view! {
                            <p class="compare-inputs">"Inputs that differ:"</p>
                            <ul class="compare-inputs" data-testid="compare-inputs">
                                {inputs.into_iter().map(|item| view! { <li>{item}</li> }).collect_view()}
                            </ul>
                        }
                            .into_any()
                    }
                }}
                <p class="compare-delta" data-testid="compare-delta">
                    {move || comparison.with(|c| c.as_ref().map(|c| c.sentence.clone()).unwrap_or_default())}
                </p>
            </div>
            <button type="button" class="no-print" id="compare-stop" hidden=move || !comparing()
                on:click=move |_| planner.compare.set(None)>"Stop comparing"</button>
        </div>
    }
}
