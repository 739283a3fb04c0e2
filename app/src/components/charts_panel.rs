//! The four what-if charts, each a `Memo` of SVG text from a pure chart function.

use super::figure::Figure;
use crate::charts::split_table;
use crate::dom::{by_id, set_html, target};
use crate::state::use_planner;
use capacity_model::fields::field_by_key;
use leptos::prelude::*;

/// What the readout above the charts says while no column of the sweep chart is pointed at.
const READOUT_PROMPT: &str = "Point at the throughput chart to read its value there; click to set it.";

thread_local! {
    /// Data tables of folded figures not yet written into the page, by chart id: written when opened,
    /// so a keystroke costs nothing for a table nobody looks at.
    static FOLDED: std::cell::RefCell<Vec<(String, String)>> = const { std::cell::RefCell::new(Vec::new()) };
    /// The column of the sweep chart a touch screen last tapped once (its `data-apply`).
    static TAPPED: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    /// The column of the sweep chart under the pointer (its `data-apply`; empty for none). Kept here
    /// rather than asked of the page with `:hover`, which would make the browser work out every style
    /// in the middle of an update.
    static HOVERED: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// The readout of the sweep chart's column `apply` (or the prompt, for none or one that is gone).
fn read_out(apply: &str) {
    let tip = by_id("svg-sweep")
        .filter(|_| !apply.is_empty())
        .and_then(|svg| svg.query_selector(&format!(".hit[data-apply=\"{apply}\"]")).ok().flatten())
        .and_then(|hit| hit.text_content());
    crate::dom::set_text("sweep-readout", tip.as_deref().unwrap_or(READOUT_PROMPT));
}

/// Puts chart `id`'s text into its figure: the SVG, and its data table now if that is open, else once it
/// is opened ([`on_table_click`]). The sweep chart's readout is read again from the column under the
/// pointer, so it never shows another scenario's figures.
pub(super) fn put_chart(id: &str, text: &str) {
    let (svg, table) = split_table(text);
    set_html(&format!("svg-{id}"), svg);
    let open = by_id(&format!("data-{id}")).is_some_and(|d| d.has_attribute("open"));
    FOLDED.with_borrow_mut(|folded| {
        folded.retain(|(k, _)| k != id);
        if !open {
            folded.push((id.to_string(), table.to_string()));
        }
    });
    // The table's region is this function's alone: written when open, empty while folded.
    if open {
        set_html(&format!("table-{id}"), table);
    } else if by_id(&format!("table-{id}")).is_some_and(|t| !t.inner_html().is_empty()) {
        set_html(&format!("table-{id}"), "");
    }
    if id == "sweep" {
        HOVERED.with_borrow(|apply| read_out(apply));
    }
}

/// Keeps the figure `id` in step with the chart's text (drawn again only when it changed).
pub(super) fn show_chart(id: &'static str, planner: crate::state::Planner) {
    crate::dom::on_change(move || planner.chart_svg(id), move |text| put_chart(id, text));
}

/// A click on a chart's "Data table" summary: writes the table it unfolds, if it waits folded.
pub(super) fn on_table_click(ev: &web_sys::Event) {
    let Some(details) = target(ev).and_then(|e| e.closest("summary").ok().flatten()).and_then(|s| s.parent_element())
    else {
        return;
    };
    let Some(id) = details.id().strip_prefix("data-").map(str::to_string) else { return };
    let waiting = FOLDED.with_borrow_mut(|f| f.iter().position(|(k, _)| *k == id).map(|i| f.swap_remove(i).1));
    if let Some(table) = waiting {
        set_html(&format!("table-{id}"), &table);
    }
}

/// The pointer over a column of the sweep chart: its reading goes into the readout above the charts;
/// off the columns, the readout goes back to its prompt.
pub(super) fn on_chart_hover(ev: &web_sys::Event) {
    let apply = target(ev)
        .and_then(|e| e.closest(".hit").ok().flatten())
        .and_then(|hit| hit.get_attribute("data-apply"))
        .unwrap_or_default();
    let changed = HOVERED.with_borrow_mut(|hovered| std::mem::replace(hovered, apply.clone()) != apply);
    if changed {
        read_out(&apply);
    }
}

/// On a touch screen the first tap on a column of the sweep chart only reads it out (a finger has no
/// hover); a second tap on the same column sets it. Returns whether this tap only read it out.
pub(super) fn first_tap(ev: &web_sys::Event, column: &web_sys::Element) -> bool {
    let touch =
        js_sys::Reflect::get(ev, &"pointerType".into()).ok().and_then(|t| t.as_string()).as_deref() == Some("touch");
    if !touch || !column.class_list().contains("hit") {
        return false;
    }
    let apply = column.get_attribute("data-apply").unwrap_or_default();
    let again = TAPPED.with_borrow_mut(|tapped| std::mem::replace(tapped, apply.clone()) == apply);
    if again {
        TAPPED.with_borrow_mut(String::clear);
        return false;
    }
    let tip = column.text_content().unwrap_or_default();
    crate::dom::set_text("sweep-readout", &tip.replace("Click to set.", "Tap again to set."));
    true
}

/// A click on a column of the sweep chart (its `data-apply` holds `key=value`): sets the swept parameter
/// to that column's value, as one change (on a touch screen, at the second tap: [`first_tap`]).
pub(super) fn on_column_click(planner: crate::state::Planner, ev: &web_sys::Event) {
    let Some(column) = target(ev).and_then(|e| e.closest(".hit[data-apply]").ok().flatten()) else { return };
    // With a job list the chart shows the long pole alone, whose own values the form's do not set.
    if planner.focus.with_untracked(|f| f.long_pole.is_some()) {
        return;
    }
    if first_tap(ev, &column) {
        return;
    }
    let Some((key, value)) =
        column.get_attribute("data-apply").and_then(|a| a.split_once('=').map(|(k, v)| (k.to_string(), v.to_string())))
    else {
        return;
    };
    let mut s = planner.scenario.get_untracked();
    if let Some(field) = field_by_key(&key) {
        let _ = field.apply(&mut s, &value);
    }
    planner.load(s);
}

/// The charts panel.
#[component]
pub fn Charts() -> impl IntoView {
    let planner = use_planner();
    let (base, key, focus) = (planner.base, planner.sweep_key, planner.focus);
    let active_key = planner.active_sweep_key;
    let parameters = move || focus.with(|f| f.sweep_parameters().iter().map(|f| (f.key, f.label)).collect::<Vec<_>>());
    let note = move || focus.with(|f| f.note(planner.units.get()));
    for id in ["sweep", "utilization", "duration", "file-size"] {
        show_chart(id, planner);
    }
    // File sizes matter to tape backups only.
    let nfs = move || base.with(|s| s.target != capacity_model::Target::Tape);
    let on_key = move |ev: leptos::ev::Event| {
        if let Some(field) = field_by_key(&event_target_value(&ev)) {
            key.set(field.key);
        }
    };
    view! {
        <div class="card charts">
            <div class="chart-head">
                <h2>"What-if"</h2>
                <label class="control no-print">
                    <span>"Vary"</span>
                    // The menu is written again whenever the parameters or the one in use change, so it never
                    // shows another parameter than the chart plots.
                    <select id="sweep-parameter" on:change=on_key prop:value=move || active_key.get()>
                        <For each=parameters key=|p| p.0 let:parameter>
                            <option value=parameter.0 selected=move || active_key.get() == parameter.0>{parameter.1}</option>
                        </For>
                    </select>
                </label>
            </div>
            <p class="hint" data-testid="charts-focus" hidden=move || note().is_empty()>{note}</p>
            <p class="readout no-print" id="sweep-readout" data-testid="sweep-readout"></p>
            <div class="chart-grid">
                <Figure id="sweep"/>
                <Figure id="utilization"/>
                <Figure id="duration"/>
                <Figure id="file-size" hidden=Signal::derive(nfs)/>
            </div>
        </div>
    }
}
