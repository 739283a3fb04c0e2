//! A list of labelled figures (a definition list), as the results, what to add and the timeline show them.

use leptos::prelude::*;

/// Label and value pairs as a `<dl>` of class `class`. Rows are keyed by label and value, so a row whose
/// value changes is written anew and the others stay.
#[component]
pub fn Facts(
    /// The rows: a label and its value with its unit.
    #[prop(into)]
    rows: Signal<Vec<(&'static str, String)>>,
    /// The list's classes (`facts`, `facts timeline-facts`).
    #[prop(default = "facts")]
    class: &'static str,
) -> impl IntoView {
    view! {
        <dl class=class>
            <For each=move || rows.get() key=|row| row.clone() let:row>
                <div>
                    <dt>{row.0}</dt>
                    <dd>{held(&row.1)}</dd>
                </div>
            </For>
        </dl>
    }
}

/// `text` with each figure held with its unit, and a duration's parts together, so a narrow column does
/// not break them ([`crate::held::held_figures`]).
pub fn held(text: &str) -> impl IntoView {
    crate::held::held_figures(text)
        .into_iter()
        .map(|(piece, held)| view! { <span class:keep=held>{piece}</span> })
        .collect_view()
}
