//! The per-stage table of the backup chain, or of the restore chain, in the charts' colours.

use crate::state::use_planner;
use crate::tables::{chain_of, stage_table, Chain};
use leptos::prelude::*;

/// The table of one chain ([`crate::tables::stage_table`] draws it); hidden when the report has no such
/// chain (an NFS workload has no restore chain).
#[component]
pub fn StageTable(chain: Chain) -> impl IntoView {
    let planner = use_planner();
    let (title, id) = if chain == Chain::Backup { ("Stages", "stages") } else { ("Restore stages", "restore") };
    crate::dom::on_change(
        move || planner.report.with(|r| chain_of(r, chain).map(|_| stage_table(r, chain, planner.units.get()))),
        move |html| {
            crate::dom::set_flag(&format!("card-{id}"), "hidden", html.is_none());
            crate::dom::set_html(&format!("table-{id}"), html.as_deref().unwrap_or_default());
        },
    );
    let card = format!("<h2>{title}</h2><div class=\"table-wrap\" id=\"table-{id}\"></div>");
    view! { <div class="card" id=format!("card-{id}") inner_html=card></div> }
}
