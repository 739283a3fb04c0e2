//! The page, by panel.

mod charts_panel;
mod field_input;
mod header;
mod inputs;
mod results;
mod stage_table;

use crate::state::Planner;
use capacity_model::Scenario;
use leptos::prelude::*;

/// The whole calculator.
#[component]
pub fn App() -> impl IntoView {
    let planner = Planner::new(Scenario::default());
    provide_context(planner);
    view! {
        <header::Header/>
        <main class="layout">
            <section class="inputs" aria-label="Inputs">
                <inputs::Inputs/>
            </section>
            <section class="outputs" aria-label="Results">
                <results::Results/>
                <stage_table::StageTable/>
                <charts_panel::Charts/>
            </section>
        </main>
        <footer class="footer">
            "Decimal units: MB = 10" <sup>"6"</sup> " bytes, TB = 10" <sup>"12"</sup>
            " bytes (tape and network vendors' units). Model figures are calibrated to published measurements; check them against your own."
        </footer>
    }
}
