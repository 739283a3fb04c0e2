//! The per-stage table of the backup chain, or of the restore chain, in the charts' colours.

use crate::palette::stage_color;
use crate::state::use_planner;
use crate::tables::{stage_rows, Chain};
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
    view! {
        <div class="card" id=id hidden=move || rows.with(Option::is_none)>
            <h2>{heading}</h2>
            <p class="hint" data-testid=format!("{test_id}-focus") hidden=move || note().is_empty()>{note}</p>
            <Show when=move || rows.with(Option::is_some)>
            <div class="table-wrap" tabindex="0" role="region" aria-label=title>
                <table class="stages chain" data-testid=test_id>
                    <thead>
                        <tr>
                            <th scope="col">"Stage"</th>
                            <th scope="col" class="num">"Capacity"</th>
                            <th scope="col" class="num" title="What the stages before could deliver, where it is more than the throughput">
                                "Demand"
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
                                <td class="num">{one_way_lines(row.capacity)}</td>
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
            </Show>
        </div>
    }
}

/// A figure cell's text, each direction of a two-way stage ("send 1,130 MB/s / retrieve 1,130 MB/s") on a
/// line of its own, and no figure broken from its unit on a narrow screen (the two held together by a
/// span that does not wrap; the direction's word may still take a line of its own).
fn one_way_lines(text: String) -> impl IntoView {
    let parts: Vec<(String, String, String)> = text.split(" / ").map(figure_and_unit).collect();
    // One figure stays inline (beside the utilization bar); two directions take a line each.
    let two_way = parts.len() > 1;
    parts
        .into_iter()
        .map(|(before, figure, after)| {
            view! { <span class:one-way=two_way>{before}<span class="keep">{figure}</span>{after}</span> }
        })
        .collect_view()
}

/// `part` split around its figure and unit: ("send ", "1,130 MB/s", ""), ("", "90.3 %", " of time"); a
/// part without a figure ("per stream") is all in the first.
fn figure_and_unit(part: &str) -> (String, String, String) {
    let words: Vec<&str> = part.split(' ').collect();
    let figure = words.iter().rposition(|w| w.starts_with(|c: char| c.is_ascii_digit()));
    match figure {
        Some(k) if k + 1 < words.len() => {
            let before = words[..k].iter().map(|w| format!("{w} ")).collect::<String>();
            let after = words[k + 2..].iter().map(|w| format!(" {w}")).collect::<String>();
            (before, format!("{} {}", words[k], words[k + 1]), after)
        }
        _ => (part.to_string(), String::new(), String::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::figure_and_unit;

    #[test]
    fn a_figure_is_held_with_its_unit() {
        let split = figure_and_unit;
        assert_eq!(split("send 1,130 MB/s"), ("send ".into(), "1,130 MB/s".into(), String::new()));
        assert_eq!(split("90.3 % of time"), (String::new(), "90.3 %".into(), " of time".into()));
        assert_eq!(split("100.0 %"), (String::new(), "100.0 %".into(), String::new()));
        assert_eq!(split("per stream"), ("per stream".into(), String::new(), String::new()));
    }
}
