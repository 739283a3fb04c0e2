//! A chart's figure: the SVG, its download buttons and its data table folded under it.

use crate::browser::export_chart;
use leptos::prelude::*;

/// The figure of chart `id` (`sweep`, `gantt` ...). The chart's SVG and table are put into
/// `#svg-{id}` and `#table-{id}` by [`super::charts_panel::put_chart`].
#[component]
pub fn Figure(
    /// The chart's id.
    id: &'static str,
    /// Whether the figure is hidden (a chart that does not apply to the target).
    #[prop(optional, into)]
    hidden: MaybeProp<bool>,
    /// Whether the figure has a "Data table" fold (a chart whose data a table beside it shows has none).
    #[prop(default = true)]
    data_table: bool,
) -> impl IntoView {
    let label = id.replace('-', " ");
    view! {
        <figure class="chart" id=format!("fig-{id}") data-testid=format!("chart-{id}") data-chart=id
            hidden=move || hidden.get().unwrap_or(false)>
            <div class="chart-svg" id=format!("svg-{id}")></div>
            <div class="chart-actions no-print">
                <button type="button" class="small" data-export="svg" aria-label=format!("Download the {label} chart as SVG")
                    on:click=move |_| export_chart(id, "svg")>"SVG"</button>
                <button type="button" class="small" data-export="png" aria-label=format!("Download the {label} chart as PNG")
                    on:click=move |_| export_chart(id, "png")>"PNG"</button>
            </div>
            <details class="chart-data no-print" id=format!("data-{id}") hidden=!data_table>
                <summary>"Data table"<span class="visually-hidden">{format!(" of the {label} chart")}</span></summary>
                <div class="table-wrap" id=format!("table-{id}") tabindex="0" role="region"
                    aria-label=format!("The {label} chart's data")></div>
            </details>
        </figure>
    }
}
