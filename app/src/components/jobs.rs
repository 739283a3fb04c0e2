//! The job list: an editable table of the fleet's clients (add, remove, paste from a spreadsheet,
//! import and export CSV). The cells as typed live in a [`Draft`]; the rows the model reads become the
//! scenario's jobs, and bad cells keep their text and show the model's message.
//!
//! A page of rows is a keyed `<For>` by row id and place ([`super::job_row::job_row`]): typing in a
//! cell never draws the table again (only that row's marks change); a row whose number changed (a row
//! above it removed) is drawn again, which costs less page code than a number that follows it.

use super::job_row::job_row;
use crate::browser;
use crate::jobs_table::{placeholder, Draft, HEADINGS, PAGE_ROWS};
use crate::state::{use_planner, Planner};
use capacity_model::fields::field_by_key;
use capacity_model::fleet::COLUMNS;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::time::Duration;
use wasm_bindgen::JsCast;

/// Most problems listed under the table; the count of the rest follows.
const MAX_PROBLEMS: usize = 12;

/// The job table's state and what its controls do, shared by the card and its rows.
#[derive(Clone, Copy)]
pub struct Table {
    planner: Planner,
    /// Every row as typed: the table's truth (not a signal: a keystroke changes one cell, and only the
    /// signals below say what to draw again).
    pub draft: StoredValue<Draft>,
    /// Bumped when rows come or go: the page's list of rows is worked out again.
    rev: RwSignal<u32>,
    /// Bumped when the page wrote cells of rows already drawn (a paste): their inputs read them again.
    pub written: RwSignal<u32>,
    /// The page shown, from 0.
    pub page: RwSignal<usize>,
    /// What the optional columns' empty cells show: the scenario's file size, client link, ports and
    /// streams, tab-separated (one text, so the page's cells follow only when one of them changes).
    defaults: Memo<String>,
    /// The status line.
    status: RwSignal<String>,
    /// Whether the status line says that something was left out (shown as a warning, and kept until
    /// the next line replaces it).
    left_out: RwSignal<bool>,
    /// The problems under the table.
    problems: RwSignal<Vec<String>>,
    /// The timer that clears the status line; a newer line replaces (and so cancels) it.
    clear: StoredValue<Option<gloo_timers::callback::Timeout>, LocalStorage>,
    /// The cell typed in last, (row id, column): typing in another starts a new undo step.
    last_cell: StoredValue<Option<(u64, usize)>>,
}

impl Table {
    /// What an empty cell of `column` shows.
    pub fn placeholder(self, column: usize) -> String {
        self.defaults.with(|d| placeholder(d, column))
    }

    /// What an empty average-file-size cell of row `job` shows when the row gives its files
    /// ([`crate::jobs_table::derived_file_size`]), in the page's units.
    pub fn derived_file_size(self, job: Option<&capacity_model::fleet::Job>) -> Option<String> {
        crate::jobs_table::derived_file_size(job?, self.planner.units.get())
    }

    fn rows(self) -> usize {
        self.rev.track();
        self.draft.with_value(|d| d.rows.len())
    }

    fn say(self, text: String) {
        self.left_out.set(false);
        self.status.set(text);
        let status = self.status;
        self.clear.set_value(Some(gloo_timers::callback::Timeout::new(8_000, move || status.set(String::new()))));
    }

    /// A status line that says what was left out: a warning that stays until the next line.
    fn warn(self, text: String) {
        self.clear.set_value(None);
        self.left_out.set(true);
        self.status.set(text);
    }

    fn redraw(self) {
        self.rev.update(|n| *n += 1);
        self.written.update(|n| *n += 1);
    }

    /// The good rows become the scenario's jobs (only when they changed), and the problems are listed.
    /// Typing in the cells (`typed`) is undone a burst at a time, as typing in the form is.
    fn publish_as(self, typed: Option<&'static str>) {
        self.publish_with(typed, true);
    }

    /// [`Table::publish_as`]; without `record`, rows that cannot be read are published without an undo
    /// step (the table showing a loaded or undone state, which is not an edit).
    fn publish_with(self, typed: Option<&'static str>, record: bool) {
        let draft = self.draft;
        let changed =
            self.planner.scenario.with_untracked(|s| draft.with_value(|d| (!d.holds(&s.jobs)).then(|| d.jobs())));
        // While a row cannot be read the link carries the rows as typed, so nothing typed is lost.
        let kept = draft.with_value(|d| (d.bad_rows() > 0).then(|| d.text()));
        // Either change is a step to undo, recorded with the rows as they were before it (a trial's
        // undo brought back a half-typed `3` where `-5TB` had been, and could go no further).
        if let Some(jobs) = changed {
            self.planner.edit_field(typed, |s| s.jobs = jobs.into());
        } else if record && self.planner.kept_job_rows.with_untracked(|now| *now != kept) {
            self.planner.rows_changed(typed);
        } else if let Some(field) = typed {
            self.planner.typed_without_change(field);
        }
        self.planner.kept_job_rows.maybe_update(|now| {
            let differ = *now != kept;
            *now = kept;
            differ
        });
        let left_out = draft.with_value(|d| (d.bad_rows(), d.rows.iter().filter(|r| !r.is_blank()).count()));
        self.planner.rows_left_out.maybe_update(|now| {
            let differ = *now != left_out;
            *now = left_out;
            differ
        });
        let lines = draft.with_value(|d| d.problem_lines(MAX_PROBLEMS));
        self.problems.maybe_update(|now| {
            let differ = *now != lines;
            *now = lines;
            differ
        });
    }

    fn publish(self) {
        self.publish_as(None);
    }

    /// Pasted rows (a spreadsheet's tab-separated rows, or CSV) spread from cell (`row`, `column`).
    pub fn paste_at(self, row: usize, column: usize, text: &str) {
        let bad_before = self.draft.with_value(|d| d.bad_rows());
        let (written, notes) = self.draft.try_update_value(|d| d.paste(row, column, text)).unwrap_or_default();
        self.page.set(row / PAGE_ROWS);
        self.redraw();
        self.publish();
        // A trial's "Pasted 11 rows." stood beside "9 of 11 job rows left out": the rows with problems
        // the paste added are counted here too (not those already in the table: a second trial's paste
        // of 2 rows was said to have 3 with problems).
        let bad = self.draft.with_value(|d| d.bad_rows()).saturating_sub(bad_before).min(written);
        let problems = match bad {
            0 => String::new(),
            1 => "; 1 row has a problem (listed above)".to_string(),
            n => format!("; {n} rows have problems (listed above)"),
        };
        let mut message = format!("Pasted {written} row{}{problems}.", if written == 1 { "" } else { "s" });
        let left_out = !notes.is_empty() || bad > 0;
        for note in notes {
            message.push(' ');
            message.push_str(&note);
        }
        if left_out {
            self.warn(message);
        } else {
            self.say(message);
        }
    }

    /// Cell `column` of row `id` (found first at index `hint`) now holds `text`.
    pub fn type_cell(self, id: u64, hint: usize, column: usize, text: &str) {
        if self.last_cell.get_value() != Some((id, column)) {
            self.last_cell.set_value(Some((id, column)));
            self.planner.end_burst();
        }
        self.draft.update_value(|d| {
            if let Some(row) = d.position(id, hint) {
                d.set(row, column, text);
            }
        });
        self.publish_as(Some("jobs"));
    }

    /// Removes row `id` (found first at index `hint`), says which, and gives the focus to the row now in
    /// its place, the one before it, or Add job: its button goes, and the focus must not fall to the
    /// page's top (a trial's keyboard user lost their place, and heard nothing).
    pub fn remove(self, id: u64, hint: usize) {
        let rows = self.draft.with_value(|d| d.rows.len());
        let Some((row, gone)) = self
            .draft
            .try_update_value(|d| {
                let row = d.position(id, hint)?;
                let gone = d.rows[row].clone();
                d.remove_row(row);
                Some((row, gone))
            })
            .flatten()
        else {
            return;
        };
        self.page.update(|p| *p = (*p).min(rows.saturating_sub(2) / PAGE_ROWS));
        self.redraw();
        self.publish();
        let name = gone.cells[0].trim();
        let named = if name.is_empty() { String::new() } else { format!(" ({name})") };
        // A blank row is no step to undo.
        let undo = if gone.is_blank() { "" } else { ": Undo brings it back" };
        self.say(format!("Removed row {}{named}{undo}.", row + 1));
        let next = if row + 1 < rows { Some(row) } else { row.checked_sub(1) };
        set_timeout(
            move || {
                let button = next
                    .and_then(|r| {
                        crate::dom::by_id("jobs-body")?
                            .query_selector(&format!("tr[data-r=\"{r}\"] [data-act=rm]"))
                            .ok()
                            .flatten()
                    })
                    .or_else(|| crate::dom::by_id("add-job"));
                if let Some(button) = button.and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok()) {
                    let _ = button.focus();
                }
            },
            Duration::ZERO,
        );
    }

    fn add(self) {
        let Some(row) = self.draft.try_update_value(Draft::add_row) else { return };
        self.page.set(row / PAGE_ROWS);
        self.redraw();
        // The new row's name cell takes the focus once the row is drawn.
        set_timeout(
            move || {
                let cell = crate::dom::by_id("jobs-body")
                    .and_then(|b| b.query_selector(&format!("tr[data-r=\"{row}\"] input")).ok().flatten());
                if let Some(cell) = cell.and_then(|c| c.dyn_into::<web_sys::HtmlElement>().ok()) {
                    let _ = cell.focus();
                }
            },
            Duration::ZERO,
        );
    }

    /// Removes every row once the user agrees; returns whether it did.
    fn clear(self) -> bool {
        let sure = web_sys::window()
            .and_then(|w| w.confirm_with_message("Remove every row of the job list?").ok())
            .unwrap_or(false);
        if sure {
            let before = self.draft.with_value(Draft::end);
            self.draft.set_value(Draft::default());
            self.page.set(0);
            self.redraw();
            self.publish();
            // What the last import said is no longer about this list.
            self.say(format!(
                "Removed the {before} {}: Undo brings {} back.",
                if before == 1 { "row" } else { "rows" },
                if before == 1 { "it" } else { "them" }
            ));
        }
        sure
    }

    /// Reads a CSV file into the table in place of its rows, bad ones marked as a link's are; a file
    /// with no row at all changes nothing and says why.
    async fn import(self, file: web_sys::File) {
        let name = file.name();
        let text = match browser::read_text(file).await {
            Ok(text) => text,
            Err(e) => return self.say(format!("{e}; the job list is unchanged.")),
        };
        if let Some(problem) = Draft::header_problem(&text) {
            return self.say(format!("{name} was not imported; the job list is unchanged: {problem}."));
        }
        let mut fresh = Draft::default();
        let (written, notes) = fresh.paste(0, 0, &text);
        // A file with no row (empty, a header only), or with no header and no row the model can read
        // (another format), changes nothing. Rows under a header that each have a cell to fix load
        // marked, as a link's do: a page trial's eight rows with one typo each were refused whole, and
        // only the first problem named.
        if fresh.jobs().is_empty() && (fresh.end() == 0 || !Draft::has_header(&text)) {
            let why = fresh
                .problems_text()
                .into_iter()
                .next()
                .map(|p| format!(" The first problem: {p}"))
                .unwrap_or_default();
            return self.say(format!(
                "{name} was not imported; the job list is unchanged: it holds no job row \
                 (a CSV file with a header naming at least name and data, and a row per job).{why}"
            ));
        }
        let bad = fresh.bad_rows();
        let before = self.draft.with_value(Draft::end);
        self.draft.set_value(fresh);
        self.page.set(0);
        self.redraw();
        // The link's job rows named in the notice are replaced: their lines go (the rest stays). A notice
        // that this same file was not imported as a scenario (tried with Import JSON first) goes too.
        let refused = format!("{name} was not imported");
        self.planner.notices.update(|lines| {
            if lines.first().is_some_and(|l| l.starts_with(&refused)) {
                lines.clear();
            } else {
                lines.retain(|l| !l.starts_with("Jobs, "));
            }
        });
        let rows = if written == 1 { "row" } else { "rows" };
        let mut message = format!("Imported {written} {rows} from {name}.");
        if bad > 0 {
            let need = if bad == 1 { "needs" } else { "need" };
            message.push_str(&format!(" {bad} {need} fixing: see the list under the table."));
            if bad >= written {
                message.push_str(" Until one is fixed no job can be scheduled: the results are the form's.");
            }
        }
        for note in notes {
            message.push(' ');
            message.push_str(&note);
        }
        // A file takes the list's place (Paste adds to it): the rows it replaced are one Undo away.
        if before > 0 {
            message.push_str(&format!(
                " It replaced the {before} {} the list held: Undo brings {} back.",
                if before == 1 { "row" } else { "rows" },
                if before == 1 { "it" } else { "them" }
            ));
        }
        self.say(message);
        // The schedule and charts follow in a task of their own, so the table shows first and neither
        // task holds the page for long.
        set_timeout(move || self.publish(), Duration::ZERO);
    }
}

/// The job table card (tape targets only: jobs are backup clients of the drives).
/// The table for the scenario's job list: the rows a link or file wrote, bad ones included, when its
/// readable rows are the scenario's jobs ([`Planner::opened_job_rows`], taken here); else the jobs.
fn draft_for(planner: Planner) -> Draft {
    let opened = planner.opened_job_rows.try_update_value(Option::take).flatten();
    planner.scenario.with_untracked(|s| match opened.map(|text| Draft::from_text(&text)) {
        Some(draft) if draft.holds(&s.jobs) => draft,
        _ => Draft::from_jobs(&s.jobs),
    })
}

#[component]
pub fn Jobs() -> impl IntoView {
    let planner = use_planner();
    // Empty optional cells show the scenario's value, which the job takes.
    let defaults = Memo::new(move |_| {
        planner.base.with(|s| {
            let value = |key: &str| field_by_key(key).map(|f| f.format((f.get)(s))).unwrap_or_default();
            let ms = |key: &str| format!("{} ms", value(key));
            [value("file_size"), value("client_nic"), value("client_ports"), value("streams"), ms("rtt_ms")].join("\t")
        })
    });
    let table = Table {
        planner,
        draft: StoredValue::new(draft_for(planner)),
        rev: RwSignal::new(0),
        written: RwSignal::new(0),
        page: RwSignal::new(0),
        defaults,
        status: RwSignal::new(String::new()),
        left_out: RwSignal::new(false),
        problems: RwSignal::new(Vec::new()),
        clear: StoredValue::new_local(None),
        last_cell: StoredValue::new(None),
    };
    // A scenario loaded with another job list (a link, a file, a saved scenario) replaces the table; one
    // loaded with the same list (an undone calibration) keeps the rows as typed, bad ones included.
    Effect::new(move || {
        planner.loads.track();
        // Rows handed over with the state (an undo's, a link's) that differ from the table's replace them.
        let handed = planner
            .opened_job_rows
            .with_value(|rows| rows.as_ref().is_some_and(|text| table.draft.with_value(|d| d.text() != *text)));
        if handed || !planner.scenario.with_untracked(|s| table.draft.with_value(|d| d.holds(&s.jobs))) {
            table.draft.set_value(draft_for(planner));
            table.page.set(0);
            table.redraw();
        } else {
            // The rows as typed stay: rows kept for another list must not come back later.
            planner.opened_job_rows.set_value(None);
        }
        table.publish_with(None, false);
    });
    let pages = move || table.rows().div_ceil(PAGE_ROWS).max(1);
    let page = table.page;
    let shown = move || {
        let (rows, p) = (table.rows(), page.get());
        let count = |n: usize| capacity_model::units::format_count(n as f64);
        format!(
            "Rows {}–{} of {}",
            count((p * PAGE_ROWS + 1).min(rows)),
            count(((p + 1) * PAGE_ROWS).min(rows)),
            count(rows)
        )
    };
    // Rows are keyed by id and place: typing keeps a row (and its input's focus), and a row whose
    // number changed is drawn again with its new number.
    let ids = move || {
        table.rev.track();
        let p = page.get();
        table.draft.with_value(|d| d.page_ids(p)).into_iter().zip(p * PAGE_ROWS..)
    };
    let on_import = move |ev: leptos::ev::Event| {
        let input = event_target::<web_sys::HtmlInputElement>(&ev);
        let Some(file) = input.files().and_then(|files| files.get(0)) else { return };
        input.set_value("");
        spawn_local(table.import(file));
    };
    // The paste box adds the rows below the last row filled in: pasted, or typed or dropped in.
    let paste_below = move |text: &str| table.paste_at(table.draft.with_value(Draft::end), 0, text);
    let on_box_paste = move |ev: web_sys::ClipboardEvent| {
        ev.prevent_default();
        paste_below(&ev.clipboard_data().and_then(|d| d.get_data("text/plain").ok()).unwrap_or_default());
    };
    let on_box_change = move |ev: leptos::ev::Event| {
        let area = event_target::<web_sys::HtmlTextAreaElement>(&ev);
        let text = area.value();
        area.set_value("");
        if !text.trim().is_empty() {
            paste_below(&text);
        }
    };
    let no_rows = move || table.rows() == 0;
    let add_button = NodeRef::<leptos::html::Button>::new();
    let problems = move || table.problems.get().into_iter().enumerate().collect::<Vec<_>>();
    view! {
        <div class="card jobs no-print" id="jobs-card" data-testid="jobs" hidden=move || planner.base.with(|s| s.target == capacity_model::Target::Nfs)>
            <div class="chart-head">
                <h2>"Jobs"</h2>
                <div class="toolbar-row">
                    <button type="button" id="add-job" node_ref=add_button on:click=move |_| table.add()>"Add job"</button>
                    <label class="button" for="import-jobs">"Import CSV"</label>
                    <input type="file" id="import-jobs" accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
                        class="visually-hidden" on:change=on_import
                        on:keydown=crate::dom::choose_on_enter/>
                    <button type="button" id="export-jobs" disabled=no_rows
                        on:click=move |_| browser::download("jobs.csv", "text/csv", &table.draft.with_value(Draft::csv))>
                        "Export CSV"
                    </button>
                    <button type="button" id="clear-jobs" disabled=no_rows on:click=move |_| {
                        // The button is disabled once the rows are gone: the focus goes to Add job, not to
                        // the top of the page.
                        if table.clear() {
                            if let Some(button) = add_button.get_untracked() {
                                let _ = button.focus();
                            }
                        }
                    }>
                        "Remove all"
                    </button>
                </div>
            </div>
            <p class="muted jobs-intro">
                "A fleet of different clients: one row per client or file system, scheduled on the drives. \
                 Only name and data are needed; an empty cell takes the scenario's value (shown in grey). \
                 Without jobs the scenario is its identical clients."
            </p>
            // Shown on narrow screens only (style.css), where the columns run past the card's edge.
            <p class="muted scroll-hint" hidden=no_rows>"Scroll the table sideways for its other columns →"</p>
            <div class="table-wrap scroll-y" id="jobs-wrap" tabindex="0" role="region" aria-label="Job list"
                hidden=no_rows>
                <table class="jobs-table">
                    <thead>
                        <tr>
                            <th scope="col" class="num">"#"</th>
                            {HEADINGS
                                .iter()
                                .zip(COLUMNS)
                                .map(|(heading, key)| {
                                    view! { <th scope="col" title=format!("CSV column {key}")>{*heading}</th> }
                                })
                                .collect_view()}
                            <th scope="col"><span class="visually-hidden">"Remove"</span></th>
                        </tr>
                    </thead>
                    <tbody id="jobs-body">
                        <For each=ids key=|row| *row children=move |row| job_row(table, row)/>
                    </tbody>
                </table>
            </div>
            <div class="pager" id="jobs-pager" hidden=move || { pages() < 2 }>
                <button type="button" class="small" id="jobs-prev" aria-label="Previous rows"
                    disabled=move || page.get() == 0 on:click=move |_| page.update(|p| *p = p.saturating_sub(1))>
                    "‹"
                </button>
                <span id="jobs-shown" data-testid="jobs-shown">{shown}</span>
                <button type="button" class="small" id="jobs-next" aria-label="Next rows"
                    disabled=move || { page.get() + 1 >= pages() }
                    on:click=move |_| page.update(|p| *p = (*p + 1).min(pages() - 1))>
                    "›"
                </button>
            </div>
            <ul class="job-problems" id="job-problems" role="alert" data-testid="job-problems">
                // Keyed by place and text: a fixed cell takes its own line away, the others stay.
                <For each=problems key=|line| line.clone() let:line>
                    <li>{line.1}</li>
                </For>
            </ul>
            <textarea id="paste-jobs" class="paste-box" rows="2" aria-label="Paste rows of jobs"
                placeholder="Paste rows here, from a spreadsheet or CSV: they are added below the last row. \
                             A header row naming name, data, files, file_size, client_nic, client_ports, streams, priority, rto_h, rtt_ms maps the columns."
                on:paste=on_box_paste on:change=on_box_change></textarea>
            <p class="status" class:left-out=move || table.left_out.get() role="status" id="jobs-status" data-testid="jobs-status">{move || table.status.get()}</p>
            <datalist id="nic-list">
                {capacity_model::catalog::EthernetLink::ALL
                    .iter()
                    .map(|link| view! { <option value=link.name()></option> })
                    .collect_view()}
            </datalist>
        </div>
    }
}
