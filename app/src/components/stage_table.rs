//! The per-stage table of the backup chain, or of the restore chain, in the charts' colours.

use crate::palette::stage_color;
use crate::state::use_planner;
use crate::tables::{bottleneck_note, stage_rows, Chain};
use leptos::prelude::*;

/// The table of one chain ([`crate::tables::stage_rows`] gives its rows); hidden when the report has no
/// such chain (an NFS workload has no restore chain).
#[component]
pub fn StageTable(chain: Chain) -> impl IntoView {
    let planner = use_planner();
    let (title, id, test_id) = match chain {
        Chain::Backup => ("Stages", "card-stages", "stages"),
        Chain::Restore => ("Restore stages", "card-restore", "restore-stages"),
    };
    let rows = Memo::new(move |_| planner.focus_report.with(|r| stage_rows(r, chain, planner.units.get())));
    // With a job list the table is the long pole's chain: the title names it and a line says so.
    let heading = move || {
        planner.focus.with(|f| match f.short_name() {
            Some(job) => format!("{title}: {job}, the long pole"),
            None => title.to_string(),
        })
    };
    let note = move || {
        planner.focus.with(|f| match chain {
            Chain::Backup => f.note(planner.units.get()),
            Chain::Restore => f.restore_note(planner.units.get()),
        })
    };
    // The Offered column is empty on most rows; where it has figures a line under the table says what
    // they are (its heading's tooltip reaches no touch screen).
    let offered =
        Memo::new(move |_| rows.with(|r| r.as_ref().is_some_and(|r| r.iter().any(|row| !row.demand.is_empty()))));
    let under_full = Memo::new(move |_| {
        planner.focus_report.with(|r| bottleneck_note(r, chain, planner.units.get())).unwrap_or_default()
    });
    view! {
        <div class="card" id=id hidden=move || rows.with(Option::is_none)>
            <h2>{heading}</h2>
            <p class="hint" data-testid=format!("{test_id}-focus") hidden=move || note().is_empty()>{note}</p>
            <Show when=move || rows.with(Option::is_some)>
            <div class="table-wrap" tabindex="0" role="region" aria-label=title>
                <table class="stages chain" class:none-offered=move || !offered.get() data-testid=test_id>
                    <thead>
                        <tr>
                            <th scope="col">"Stage"</th>
                            <th scope="col" class="num">"Capacity"</th>
                            <th scope="col" class="num" title="What the stages before it could deliver, where it is more than the throughput. More than the stage's own capacity on a stage that is not the bottleneck: a stage after it is tighter still">
                                "Offered"
                            </th>
                            <th scope="col" class="num" title="Throughput / capacity; for a per-file or per-transaction cost, its share of each stream's time">
                                "Utilization"
                            </th>
                        </tr>
                    </thead>
                    <tbody>
                        <For each=move || rows.get().unwrap_or_default() key=|row| row.clone() let:row>
                            <tr class:binding=row.binding data-stage=row.id.id()>
                                <th scope="row">
                                    <span class="swatch" style:background=stage_color(row.id)></span>
                                    <span class="stage-name">{row.id.name()}</span>
                                    {row.binding.then(|| view! { <span class="badge">"bottleneck"</span> })}
                                    <span class="arithmetic">{row.arithmetic}</span>
                                </th>
                                <td class="num">
                                    {one_way_lines(row.capacity)}
                                    // A phone leaves the Offered column out: what the stage is offered
                                    // goes under its capacity there instead.
                                    {(!row.demand.is_empty()).then(|| view! {
                                        <span class="offered-under">"offered "{one_way_lines(row.demand.clone())}</span>
                                    })}
                                </td>
                                <td class="num">{one_way_lines(row.demand)}</td>
                                <td class="num util">
                                    <span class="bar">
                                        <span style:width=row.bar_width style:background=stage_color(row.id)></span>
                                    </span>
                                    {one_way_lines(row.utilization)}
                                </td>
                            </tr>
                        </For>
                    </tbody>
                </table>
            </div>
            <p class="hint" data-testid=format!("{test_id}-offered") hidden=move || !offered.get()>
                "Offered: what the stages before a stage could deliver, shown only where it is more than the \
                 throughput. A stage offered more than its capacity holds the rate down; one with capacity to \
                 spare has a tighter stage after it."
            </p>
            <p class="hint" data-testid=format!("{test_id}-under-full") hidden=move || under_full.with(String::is_empty)>
                {under_full}
            </p>
            </Show>
        </div>
    }
}

/// A figure cell's text, each direction of a two-way stage ("send 1,130 MB/s / retrieve 1,130 MB/s") on a
/// line of its own, and no figure broken from its unit on a narrow screen ([`crate::held::held_figures`],
/// as the lists of facts hold theirs; the direction's word may still take a line of its own).
fn one_way_lines(text: String) -> impl IntoView {
    let parts: Vec<&str> = text.split(" / ").collect();
    // One figure stays inline (beside the utilization bar); two directions take a line each.
    let two_way = parts.len() > 1;
    parts
        .into_iter()
        .map(|part| {
            view! { <span class:one-way=two_way>{super::facts::held(part)}</span> }
        })
        .collect_view()
}
