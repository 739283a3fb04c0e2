//! Small DOM helpers: elements by id, moving to a section, and the element an event happened on.

use wasm_bindgen::JsCast;

/// The element with this `id`, if the page has one.
pub fn by_id(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

/// Brings section `id` (`results` or `inputs`) into view and moves the focus there: what the skip link
/// and the result strip's buttons do. Buttons rather than `#results` links, because the page's fragment
/// is its share link.
pub fn jump_to(id: &str) {
    let Some(section) = by_id(id) else { return };
    section.scroll_into_view();
    if let Some(section) = section.dyn_ref::<web_sys::HtmlElement>() {
        let _ = section.focus();
    }
}

/// The element an event happened on.
pub fn target(ev: &web_sys::Event) -> Option<web_sys::Element> {
    ev.target()?.dyn_into::<web_sys::Element>().ok()
}

/// Enter on a visually hidden file input (focused through its label, which looks like a button) opens
/// the file chooser, as Space does: Chromium opens it on Space alone. One function for both inputs, so
/// the page carries one handler's code.
pub fn choose_on_enter(ev: web_sys::KeyboardEvent) {
    if ev.key() == "Enter" {
        if let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
            ev.prevent_default();
            input.click();
        }
    }
}
