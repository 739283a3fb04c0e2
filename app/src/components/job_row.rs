//! One row of the job table: its number, a text input per column and its Remove button. Typing in a
//! cell reads the row again and marks its bad cells (class `bad`, `aria-invalid` and the model's message
//! as the cell's title and its description) without drawing the row again, so the input keeps the focus
//! and its caret.

use super::jobs::Table;
use crate::jobs_table::{COLS, HEADINGS};
use capacity_model::fleet::COLUMNS;
use leptos::prelude::*;

/// The clipboard's text of a paste event.
fn pasted(ev: &web_sys::ClipboardEvent) -> String {
    ev.clipboard_data().and_then(|d| d.get_data("text/plain").ok()).unwrap_or_default()
}

/// Where a row is and when its marks change.
#[derive(Clone, Copy)]
struct Place {
    table: Table,
    /// The row's id.
    id: u64,
    /// Its index in the whole table (a row drawn again when rows above it come or go).
    row: usize,
    /// Notified when a cell of this row was typed in: only this row's marks are read again.
    typed: RwSignal<u32>,
}

impl Place {
    /// What the empty cell `column` shows: the column's default, or for the average file size of a row
    /// that gives its files the average the model takes from them.
    fn placeholder(self, column: usize) -> String {
        if COLUMNS[column] == "file_size" {
            self.typed.track();
            self.table.written.track();
            let hint = self.row;
            let derived = self.table.draft.with_value(|d| {
                let row = &d.rows[d.position(self.id, hint)?];
                self.table.derived_file_size(row.job.as_ref())
            });
            if let Some(text) = derived {
                return text;
            }
        }
        self.table.placeholder(column)
    }

    /// The model's message for cell `column`, if it is bad.
    fn problem(self, column: usize) -> Option<String> {
        self.typed.track();
        self.table.written.track();
        let hint = self.row;
        self.table.draft.with_value(|d| {
            let row = &d.rows[d.position(self.id, hint)?];
            row.problems.iter().find(|p| p.0 == column).map(|p| p.1.clone())
        })
    }
}

/// One cell's `<td>` and input.
fn job_cell(place: Place, column: usize) -> impl IntoView {
    let table = place.table;
    // The text as typed stays in the input; the page writes it only when it wrote the cell itself (a paste).
    let text = move || {
        table.written.track();
        let hint = place.row;
        table
            .draft
            .with_value(|d| d.position(place.id, hint).map(|i| d.rows[i].cells[column].clone()).unwrap_or_default())
    };
    let on_paste = move |ev: web_sys::ClipboardEvent| {
        // Several cells spread across the table; one value pastes into its cell as usual.
        let text = pasted(&ev);
        if text.trim_end_matches(['\r', '\n']).contains(['\t', '\n', '\r']) {
            ev.prevent_default();
            table.paste_at(place.row, column, &text);
        }
    };
    let on_input = move |ev: leptos::ev::Event| {
        table.type_cell(place.id, place.row, column, &event_target_value(&ev));
        place.typed.update(|n| *n += 1);
    };
    // A bad cell's message is tied to it, as a form field's is (a page trial found only aria-invalid).
    let message = format!("jm-{}-{column}", place.id);
    let described = message.clone();
    view! {
        <td class=move || if place.problem(column).is_some() { "bad" } else { "" }>
            <input type="text" data-c=column prop:value=text
                placeholder=move || place.placeholder(column)
                aria-label=format!("{} of row {}", HEADINGS[column], place.row + 1) autocomplete="off"
                spellcheck="false" list=(COLUMNS[column] == "client_nic").then_some("nic-list")
                aria-invalid=move || place.problem(column).map(|_| "true") title=move || place.problem(column)
                aria-describedby=move || place.problem(column).map(|_| described.clone())
                on:input=on_input on:paste=on_paste/>
            {move || place.problem(column).map(|text| view! { <span class="visually-hidden" id=message.clone()>{text}</span> })}
        </td>
    }
}

/// The row with id `id` ([`crate::jobs_table::Row::id`]), at index `row` of the table.
pub fn job_row(table: Table, (id, row): (u64, usize)) -> impl IntoView {
    let place = Place { table, id, row, typed: RwSignal::new(0) };
    let remove_label = format!("Remove row {}", row + 1);
    view! {
        <tr data-r=row>
            <th scope="row" class="num">{row + 1}</th>
            {(0..COLS).map(|column| job_cell(place, column)).collect_view()}
            <td>
                <button type="button" class="small rm" data-act="rm"
                    aria-label=remove_label.clone() title=remove_label
                    on:click=move |_| table.remove(id, row)>"×"</button>
            </td>
        </tr>
    }
}
