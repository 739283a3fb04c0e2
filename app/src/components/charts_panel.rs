//! The four what-if charts, each a `Memo` of SVG text from a pure chart function.

use crate::browser;
use crate::charts::sweep_parameters;
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
    let (scenario, key) = (planner.scenario, planner.sweep_key);
    let parameters =
        Memo::new(move |_| sweep_parameters(&scenario.get()).iter().map(|f| (f.key, f.label)).collect::<Vec<_>>());
    let active_key = planner.active_sweep_key;
    let charts = planner.charts;
    let sweep = Memo::new(move |_| charts.with(|c| c.sweep.clone()));
    let utilization = Memo::new(move |_| charts.with(|c| c.utilization.clone()));
    let duration = Memo::new(move |_| charts.with(|c| c.duration.clone()));
    let file_size = Memo::new(move |_| charts.with(|c| c.file_size.clone()));
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
                    <button type="button" class="small" data-export="svg" aria-label=format!("Download the {} chart as SVG", id.replace('-', " ")) on:click=save_svg>"SVG"</button>
                    <button type="button" class="small" data-export="png" aria-label=format!("Download the {} chart as PNG", id.replace('-', " ")) on:click=save_png>"PNG"</button>
                </figcaption>
            </figure>
        }
    };
    view! {
        <div class="card charts">
            <div class="chart-head">
                <h2>"What-if"</h2>
                <label class="control no-print">
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
                <Show when=move || scenario.with(|s| s.target == capacity_model::Target::Tape)>
                    {figure("file-size", file_size)}
                </Show>
            </div>
        </div>
    }
}
