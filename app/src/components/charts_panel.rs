//! The four what-if charts, each a `Memo` of SVG text from a pure chart function.

use crate::browser;
use crate::charts::{duration_chart, file_size_chart, sweep_chart, sweep_parameters, utilization_chart};
use crate::state::use_planner;
use capacity_model::fields::field_by_key;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// Width and height attributes of an SVG's root element (the chart's drawing size).
fn svg_size(svg: &str) -> (u32, u32) {
    let attribute = |name: &str| {
        let start = svg.find(&format!("{name}=\""))? + name.len() + 2;
        svg[start..].split('"').next()?.parse().ok()
    };
    (attribute("width").unwrap_or(760), attribute("height").unwrap_or(440))
}

/// The charts panel.
#[component]
pub fn Charts() -> impl IntoView {
    let planner = use_planner();
    let (scenario, units, key) = (planner.scenario, planner.units, planner.sweep_key);
    let parameters =
        Memo::new(move |_| sweep_parameters(&scenario.get()).iter().map(|f| (f.key, f.label)).collect::<Vec<_>>());
    // Fall back to the first offered parameter when the target changes under the current one.
    let active_key = Memo::new(move |_| {
        let wanted = key.get();
        let offered = parameters.get();
        if offered.iter().any(|(k, _)| *k == wanted) {
            wanted
        } else {
            offered.first().map_or("clients", |p| p.0)
        }
    });
    let compare = planner.compare;
    let sweep = Memo::new(move |_| {
        let other = compare.get();
        sweep_chart(&scenario.get(), other.as_ref().map(|(n, s)| (n.as_str(), s)), active_key.get(), units.get())
    });
    let utilization = Memo::new(move |_| utilization_chart(&scenario.get()));
    let duration = Memo::new(move |_| duration_chart(&scenario.get(), units.get()));
    let file_size = Memo::new(move |_| file_size_chart(&scenario.get(), units.get()));
    let on_key = move |ev| {
        if let Some(field) = field_by_key(&event_target_value(&ev)) {
            key.set(field.key);
        }
    };
    let figure = move |id: &'static str, svg: Memo<String>| {
        let save_svg = move |_| browser::download(&format!("{id}.svg"), "image/svg+xml", &svg.get_untracked());
        let save_png = move |_| {
            let text = svg.get_untracked();
            spawn_local(async move {
                let (w, h) = svg_size(&text);
                let _ = browser::download_png(&format!("{id}.png"), &text, w, h, 2.0).await;
            });
        };
        view! {
            <figure class="chart" data-testid=format!("chart-{id}")>
                <div class="chart-svg" inner_html=move || svg.get()></div>
                <figcaption class="no-print">
                    <button type="button" class="small" data-export="svg" on:click=save_svg>"SVG"</button>
                    <button type="button" class="small" data-export="png" on:click=save_png>"PNG"</button>
                </figcaption>
            </figure>
        }
    };
    view! {
        <div class="card charts">
            <div class="chart-head">
                <h2>"What-if"</h2>
                <label class="control">
                    <span>"Vary"</span>
                    <select id="sweep-parameter" on:change=on_key prop:value=move || active_key.get()>
                        {move || parameters.get().into_iter().map(|(k, label)| view! { <option value=k>{label}</option> }).collect_view()}
                    </select>
                </label>
            </div>
            <div class="chart-grid">
                {figure("sweep", sweep)}
                {figure("utilization", utilization)}
                {figure("duration", duration)}
                {figure("file-size", file_size)}
            </div>
        </div>
    }
}
