//! The per-stage table of the backup chain, or of the restore chain, in the charts' colours.

use crate::state::use_planner;
use crate::tables::{chain_of, stage_table, Chain};
use leptos::prelude::*;

/// The table of one chain ([`crate::tables::stage_table`] draws it); hidden when the report has no such
/// chain (an NFS workload has no restore chain).
#[component]
pub fn StageTable(chain: Chain) -> impl IntoView {
    let planner = use_planner();
    let html = move || planner.report.with(|r| stage_table(r, chain, planner.units.get()));
    let shown = move || planner.report.with(|r| chain_of(r, chain).is_some());
    let title = if chain == Chain::Backup { "Stages" } else { "Restore stages" };
    view! {
        <div class="card" class:hidden=move || !shown()>
            <h2>{title}</h2>
            <div class="table-wrap" inner_html=html></div>
        </div>
    }
}
