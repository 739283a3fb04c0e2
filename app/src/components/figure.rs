//! A chart's figure: the SVG, its download buttons and its data table folded under it.

use crate::browser::export_chart;
use crate::charts::Chart;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// What pointing at and clicking a chart's columns (its `rect.hit` elements) does: the sweep chart's
/// readout and click to set.
#[derive(Clone, Copy)]
pub struct Columns {
    /// The column under the pointer changed: its `data-apply` (`key=value`), or empty off the columns.
    pub hover: Callback<String>,
    /// A column was clicked: its `data-apply`, and whether a finger tapped it (a touch screen's pointer,
    /// which has no hover).
    pub click: Callback<(String, bool)>,
    /// A column was stepped to from the keyboard: its `data-apply` (empty when the keyboard leaves).
    pub keyed: Callback<String>,
    /// The `data-apply` of the scenario's own value, where the keyboard starts.
    pub current: Signal<String>,
    /// Whether a click or Enter sets the form's value: not with a job list, whose long pole the chart
    /// shows (its own values are not the form's).
    pub sets: Signal<bool>,
}

/// The `data-apply` of the chart column an event happened on, if it happened on one.
fn column_of(ev: &web_sys::Event) -> Option<String> {
    crate::dom::target(ev)?.closest(".hit[data-apply]").ok()??.get_attribute("data-apply")
}

/// Whether a pointer event came from a finger (`pointerType` is `touch`; a click is a pointer event in
/// current browsers, typed as a mouse event by web-sys).
fn touched(ev: &web_sys::Event) -> bool {
    js_sys::Reflect::get(ev, &"pointerType".into()).ok().and_then(|t| t.as_string()).as_deref() == Some("touch")
}

/// Whether the `<details>` an event (its `toggle`) happened on is open.
fn is_open(ev: &web_sys::Event) -> bool {
    ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok()).is_some_and(|d| d.open())
}

/// The figure of chart `id` (`sweep`, `gantt` ...): `#svg-{id}` holds the chart's SVG, and the
/// "Data table" fold `#data-{id}` its table in `#table-{id}`, built only while the fold is open (a
/// keystroke costs nothing for a table nobody looks at).
#[component]
pub fn Figure(
    /// The chart's id.
    id: &'static str,
    /// The chart to show: its SVG, data table and the readings of its columns.
    #[prop(into)]
    chart: Signal<Chart>,
    /// Whether the figure is hidden (a chart that does not apply to the target).
    #[prop(optional, into)]
    hidden: MaybeProp<bool>,
    /// Whether the figure has a "Data table" fold (a chart whose data a table beside it shows has none).
    #[prop(default = true)]
    data_table: bool,
    /// What pointing at and clicking the chart's columns does (the sweep chart's); nothing without.
    #[prop(optional)]
    columns: Option<Columns>,
) -> impl IntoView {
    let label = id.replace('-', " ");
    let open = RwSignal::new(false);
    let on_over = move |ev: leptos::ev::PointerEvent| {
        if let Some(columns) = columns {
            columns.hover.run(column_of(&ev).unwrap_or_default());
        }
    };
    let on_leave = move |_: leptos::ev::PointerEvent| {
        if let Some(columns) = columns {
            columns.hover.run(String::new());
        }
    };
    let on_click = move |ev: leptos::ev::MouseEvent| {
        if let (Some(columns), Some(apply)) = (columns, column_of(&ev)) {
            columns.click.run((apply, touched(&ev)));
        }
    };
    // From the keyboard: the arrow keys step through the columns (reading each out, as pointing does),
    // Enter or Space sets the one read, Escape leaves it.
    let selected = RwSignal::new(None::<usize>);
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let Some(columns) = columns else { return };
        // The chart's readings are its columns, in order.
        let count = chart.with_untracked(|c| c.readings.len());
        if count == 0 {
            return;
        }
        let apply_at = |i: usize| chart.with_untracked(|c| c.readings.get(i).map(|r| r.apply.clone()));
        // Before any step the keyboard stands on the scenario's own value (else the first column).
        let start = || {
            let current = columns.current.get_untracked();
            chart.with_untracked(|c| c.readings.iter().position(|r| r.apply == current))
        };
        let now = selected.get_untracked().map(|i| i.min(count - 1));
        let from = now.or_else(start);
        // A scenario value between the columns (45 MB/s among 4.5, 9, ... 90): the first step goes to
        // the nearest column on the side pressed, not to the first column.
        let beside = |up: bool| {
            let value = |apply: &str| {
                let (key, text) = apply.split_once('=')?;
                capacity_model::fields::field_by_key(key)?.parse(text).ok()
            };
            let current = value(&columns.current.get_untracked())?;
            chart.with_untracked(|c| {
                let values: Vec<Option<f64>> = c.readings.iter().map(|r| value(&r.apply)).collect();
                if up {
                    values.iter().position(|v| v.is_some_and(|v| v > current))
                } else {
                    values.iter().rposition(|v| v.is_some_and(|v| v < current))
                }
            })
        };
        let next = match ev.key().as_str() {
            "ArrowRight" | "ArrowUp" => match (now, from) {
                (Some(i), _) => (i + 1).min(count - 1),
                (None, Some(i)) => i,
                (None, None) => beside(true).unwrap_or(count - 1),
            },
            "ArrowLeft" | "ArrowDown" => match (now, from) {
                (Some(i), _) => i.saturating_sub(1),
                (None, Some(i)) => i,
                (None, None) => beside(false).unwrap_or(0),
            },
            "Home" => 0,
            "End" => count - 1,
            "Enter" | " " => {
                if let Some(apply) = now.and_then(apply_at) {
                    ev.prevent_default();
                    columns.click.run((apply, false));
                }
                return;
            }
            "Escape" => {
                selected.set(None);
                columns.keyed.run(String::new());
                return;
            }
            _ => return,
        };
        ev.prevent_default();
        selected.set(Some(next));
        columns.keyed.run(apply_at(next).unwrap_or_default());
    };
    let on_blur = move |_: leptos::ev::FocusEvent| {
        if let Some(columns) = columns {
            selected.set(None);
            columns.keyed.run(String::new());
        }
    };
    let keys = columns.map(|_| "0");
    // A page trial found "Enter sets the one read" said with a job list loaded, where Enter sets nothing.
    let named = label.clone();
    let keys_label = columns.map(|c| {
        let label = named.clone();
        move || {
            if c.sets.get() {
                format!("The {label} chart: the arrow keys read its values, Enter sets the one read")
            } else {
                format!("The {label} chart: the arrow keys read the long pole's values; with a job list none is set")
            }
        }
    });
    let export = move |kind: &str| chart.with_untracked(|c| export_chart(id, kind, &c.svg));
    // Rows are keyed by their place and their cells: an edit rebuilds the rows whose cells changed.
    let head = move || chart.with(|c| c.table.head.iter().cloned().enumerate().collect::<Vec<_>>());
    let rows = move || chart.with(|c| c.table.rows.iter().cloned().enumerate().collect::<Vec<_>>());
    view! {
        <figure class="chart" id=format!("fig-{id}") data-testid=format!("chart-{id}") data-chart=id
            hidden=move || hidden.get().unwrap_or(false)>
            // The one place the page puts markup in as text: the chart's SVG, drawn by plotters, every
            // text in it escaped.
            <div class="chart-svg" id=format!("svg-{id}") inner_html=move || chart.with(|c| c.svg.clone())
                tabindex=keys aria-label=keys_label
                on:pointerover=on_over on:pointerleave=on_leave on:click=on_click on:keydown=on_key on:blur=on_blur></div>
            <div class="chart-actions no-print">
                <button type="button" class="small" data-export="svg" aria-label=format!("Download the {label} chart as SVG")
                    on:click=move |_| export("svg")>"SVG"</button>
                <button type="button" class="small" data-export="png" aria-label=format!("Download the {label} chart as PNG")
                    on:click=move |_| export("png")>"PNG"</button>
            </div>
            <details class="chart-data no-print" id=format!("data-{id}") hidden=!data_table
                on:toggle=move |ev| open.set(is_open(&ev))>
                <summary>"Data table"<span class="visually-hidden">{format!(" of the {label} chart")}</span></summary>
                <div class="table-wrap" id=format!("table-{id}") tabindex="0" role="region"
                    aria-label=format!("The {label} chart's data")>
                    <Show when=move || open.get()>
                        <table>
                            <thead>
                                <tr>
                                    <For each=head key=|cell| cell.clone() let:cell>
                                        <th scope="col">{cell.1}</th>
                                    </For>
                                </tr>
                            </thead>
                            <tbody>
                                <For each=rows key=|row| row.clone() let:row>
                                    <tr>{row.1.into_iter().map(|cell| view! { <td>{cell}</td> }).collect_view()}</tr>
                                </For>
                            </tbody>
                        </table>
                    </Show>
                </div>
            </details>
        </figure>
    }
}
