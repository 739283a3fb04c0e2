//! Small DOM helpers: elements by id, boxed effects and memos (one copy of Leptos's code for all of
//! them), window listeners and the element an event happened on.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The element with this `id`, if the page has one.
pub fn by_id(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

/// Runs `run` now and again whenever a signal it read changes (an [`Effect`]). The closure is boxed
/// before it reaches Leptos, so every effect of the page shares one copy of Leptos's effect code
/// instead of one per closure (each copy costs about a kilobyte of the download).
pub fn effect(run: impl Fn() + 'static) {
    effect_boxed(Box::new(run));
}

fn effect_boxed(run: Box<dyn Fn()>) {
    Effect::new(move |_| run());
}

/// A [`Memo`] of text, with its closure boxed for the reason given at [`effect`].
pub fn memo_text(text: impl Fn() -> String + Send + Sync + 'static) -> Memo<String> {
    memo_text_boxed(Box::new(text))
}

fn memo_text_boxed(text: Box<dyn Fn() -> String + Send + Sync>) -> Memo<String> {
    Memo::new(move |_| text())
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

/// Calls `handle` on every `event` (`"resize"`, `"keydown"` ...) of the window, for the page's life.
/// One boxed closure type for every listener: Leptos's typed `window_event_listener` costs about half a
/// kilobyte of page code per event type.
pub fn on_window(event: &str, handle: impl Fn(web_sys::Event) + 'static) {
    on_window_boxed(event, Box::new(handle));
}

fn on_window_boxed(event: &str, handle: Box<dyn Fn(web_sys::Event)>) {
    let closure = wasm_bindgen::closure::Closure::<dyn Fn(web_sys::Event)>::new(handle);
    if let Some(window) = web_sys::window() {
        let _ = window.add_event_listener_with_callback(event, closure.as_ref().unchecked_ref());
    }
    closure.forget();
}

/// The element an event happened on.
pub fn target(ev: &web_sys::Event) -> Option<web_sys::Element> {
    ev.target()?.dyn_into::<web_sys::Element>().ok()
}
