//! Every stage with its capacity, offered load and utilization, in the charts' colours.

use crate::palette::stage_color;
use crate::state::use_planner;
use capacity_model::units::{format_percent, format_rate};
use leptos::prelude::*;

/// The per-stage table.
#[component]
pub fn StageTable() -> impl IntoView {
    let planner = use_planner();
    let rows = move || {
        let system = planner.units.get();
        planner.report.with(|r| {
            r.stages
                .iter()
                .map(|s| {
                    (
                        s.id,
                        s.id == r.bottleneck,
                        s.arithmetic(system),
                        format_rate(s.capacity_bytes_per_sec, system),
                        format_rate(s.offered_bytes_per_sec, system),
                        s.utilization,
                        r.basis(s.id, system),
                    )
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <div class="card">
            <h2>"Stages"</h2>
            <div class="table-wrap">
                <table class="stages" data-testid="stages">
                    <thead>
                        <tr>
                            <th scope="col">"Stage"</th>
                            <th scope="col" class="num">"Capacity"</th>
                            <th scope="col" class="num">"Offered load"</th>
                            <th scope="col" class="num">"Utilization"</th>
                        </tr>
                    </thead>
                    <tbody>
                        {move || rows().into_iter().map(|(id, binding, arithmetic, capacity, offered, utilization, basis)| {
                            let width = format!("{}%", (utilization * 100.0).clamp(0.0, 100.0));
                            let over = utilization > 1.0 + 1e-9;
                            view! {
                                <tr class:binding=binding data-stage=id.id()>
                                    <th scope="row">
                                        <span class="swatch" style:background=stage_color(id)></span>
                                        <span class="stage-name">{id.name()}</span>
                                        {binding.then(|| view! { <span class="badge">"bottleneck"</span> })}
                                        <span class="arithmetic">{arithmetic}{basis.map(|b| format!(" — {b}"))}</span>
                                    </th>
                                    <td class="num">{capacity}</td>
                                    <td class="num">{offered}</td>
                                    <td class="num util" class:over=over>
                                        <span class="bar"><span style:width=width style:background=stage_color(id)></span></span>
                                        {format_percent(utilization)}
                                    </td>
                                </tr>
                            }
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
        </div>
    }
}
