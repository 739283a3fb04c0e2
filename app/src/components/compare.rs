//! Two scenarios side by side: every stage's capacity, the totals, the inputs that differ and the
//! throughput difference ([`crate::tables::compare`]).

use crate::focus::Focus;
use crate::palette::stage_color;
use crate::state::use_planner;
use crate::tables::{compare, Side};
use capacity_model::fleet::{schedule, FleetAnswer};
use capacity_model::presets::PRESETS;
use capacity_model::{evaluate, Report, Scenario};
use leptos::prelude::*;

/// The comparison card: a preset menu, and while a second scenario is chosen, the comparison.
#[component]
pub fn Compare() -> impl IntoView {
    let planner = use_planner();
    // The other scenario as its own page would show it: with a job list, its long pole's chain and its
    // night; without, its report.
    let other = Memo::new(move |_| planner.compare.with(|other| other.as_ref().map(|(_, o)| OtherSide::new(o))));
    let comparison = Memo::new(move |_| {
        let name = planner.compare.with(|c| c.as_ref().map(|c| c.0.clone()))?;
        other.with(|there| {
            let there = there.as_ref()?;
            let fleet = planner.schedule.with(|f| {
                f.as_ref().map(|f| planner.scenario.with(|s| capacity_model::fleet::FleetAnswer::from_schedule(s, f)))
            });
            Some(planner.scenario.with(|scenario| {
                planner.focus_report.with(|chain| {
                    let here = Side { scenario, chain, fleet: fleet.as_ref() };
                    compare(here, there.side(), &name, planner.units.get())
                })
            }))
        })
    });
    let comparing = move || comparison.with(Option::is_some);
    // With a job list this scenario's column is its long pole's chain alone, and a line says so.
    // The stage rows are the long pole's; the totals are the night, as the result strip says.
    let focus_note = move || {
        let note = planner.focus.with(|f| f.brief_note());
        if note.is_empty() {
            note
        } else {
            format!(
                "{note} The rows from Throughput to Backup window are the job list's night, as the result strip gives it."
            )
        }
    };
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
    let name = move || {
        let name = planner.compare.with(|c| c.as_ref().map(|c| c.0.clone()).unwrap_or_default());
        match other.with(|o| o.as_ref().and_then(|o| o.pole.clone())) {
            Some(pole) => format!("{name}: {pole}"),
            None => name,
        }
    };
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

/// The scenario compared with: its inputs, the chain its stage rows come from and, with a job list,
/// its night.
#[derive(Clone, PartialEq)]
struct OtherSide {
    scenario: Scenario,
    chain: Report,
    fleet: Option<FleetAnswer>,
    /// With a job list, the job that ends last (its stage rows are that job's alone).
    pole: Option<String>,
}

impl OtherSide {
    #[inline(never)]
    fn new(scenario: &Scenario) -> Self {
        let base = Scenario { jobs: Vec::new().into(), ..scenario.clone() };
        let night = schedule(scenario, &scenario.jobs);
        let focus = Focus::new(&base, &scenario.jobs, night.as_ref());
        Self {
            chain: evaluate(&focus.scenario),
            fleet: night.as_ref().map(|n| FleetAnswer::from_schedule(scenario, n)),
            pole: focus.short_name(),
            scenario: scenario.clone(),
        }
    }

    fn side(&self) -> Side<'_> {
        Side { scenario: &self.scenario, chain: &self.chain, fleet: self.fleet.as_ref() }
    }
}
