//! Thin wrappers over the browser: the URL fragment, the clipboard, downloads. Everything here is a
//! no-op or an error off the browser, so native tests never reach it.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

/// The URL fragment without its `#` (empty when there is none).
pub fn fragment() -> String {
    window().and_then(|w| w.location().hash().ok()).map(|h| h.trim_start_matches('#').to_string()).unwrap_or_default()
}

/// Puts `fragment` in the address bar without adding a history entry or scrolling.
pub fn replace_fragment(fragment: &str) {
    let Some(w) = window() else { return };
    if w.location().hash().ok().as_deref().map(|h| h.trim_start_matches('#')) == Some(fragment) {
        return;
    }
    if let Ok(history) = w.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&format!("#{fragment}")));
    }
}

/// Where [`keep_for_reload`] keeps a link (the tab's session storage).
const UNWRITTEN: &str = "backup-capacity-planner/unwritten-link";

/// Where [`keep_drafts`] keeps the texts of fields that hold values that cannot be used.
const UNUSABLE: &str = "backup-capacity-planner/unusable-drafts";

/// A field's text that cannot be used, as typed: the field's key, the text and the unit a bare number
/// is read in.
pub type Draft = (String, String, String);

/// Keeps `drafts` in this tab's session storage with `link`, the last valid scenario's, as the page is
/// left: a reload shows them again to fix ([`kept_drafts`]), where the link alone would bring back the
/// last valid values without a word (a trial's "lots" clients came back as 5). No drafts, nothing kept.
/// One line per draft, its parts split by tabs (a tab or line break typed in a field becomes a space:
/// the text could not be used anyway).
pub fn keep_drafts(link: &str, drafts: &[Draft]) {
    let Some(storage) = window().and_then(|w| w.session_storage().ok().flatten()) else { return };
    if drafts.is_empty() {
        let _ = storage.remove_item(UNUSABLE);
        return;
    }
    let flat = |text: &str| text.replace(['\t', '\n', '\r'], " ");
    let lines: Vec<String> = drafts.iter().map(|(key, text, unit)| format!("{key}\t{unit}\t{}", flat(text))).collect();
    let _ = storage.set_item(UNUSABLE, &format!("{link}\n{}", lines.join("\n")));
}

/// The drafts [`keep_drafts`] kept, when this page is that tab coming back (a reload, or Back to it) to
/// the scenario they were kept with; read once.
pub fn kept_drafts(link: &str) -> Vec<Draft> {
    let Some(storage) = window().and_then(|w| w.session_storage().ok().flatten()) else { return Vec::new() };
    let kept = storage.get_item(UNUSABLE).ok().flatten();
    let _ = storage.remove_item(UNUSABLE);
    let Some(kept) = kept.filter(|_| matches!(navigation_type().as_deref(), Some("reload" | "back_forward"))) else {
        return Vec::new();
    };
    let mut lines = kept.lines();
    if lines.next() != Some(link) {
        return Vec::new();
    }
    lines
        .filter_map(|line| {
            let mut parts = line.splitn(3, '\t');
            let (key, unit, text) = (parts.next()?, parts.next()?, parts.next()?);
            Some((key.to_string(), text.to_string(), unit.to_string()))
        })
        .collect()
}

/// Keeps `link` in this tab's session storage when the address bar does not hold it yet: the page writes
/// the address bar only once edits pause, and a reload takes what the address bar holds. Call it as the
/// page is left. `replaced` is the fragment the page's last write to the address bar replaced, when that
/// was moments ago: a reload asked for before that write still loads it (the old page runs until the new
/// one answers), so the link is kept against it too.
pub fn keep_for_reload(link: &str, replaced: Option<&str>) {
    let now = fragment();
    let from: Vec<&str> = [Some(now.as_str()), replaced].into_iter().flatten().filter(|f| *f != link).collect();
    if from.is_empty() {
        return;
    }
    if let Some(storage) = window().and_then(|w| w.session_storage().ok().flatten()) {
        // Fragments hold no tab or line break (the URL parser removes them).
        let _ = storage.set_item(UNWRITTEN, &format!("{}\n{link}", from.join("\t")));
    }
}

/// The link [`keep_for_reload`] kept, when this page is that tab coming back to the address it was kept
/// against (a reload, or Back to it); read once.
pub fn kept_link() -> Option<String> {
    let link = peek_kept_link();
    if let Some(storage) = window().and_then(|w| w.session_storage().ok().flatten()) {
        let _ = storage.remove_item(UNWRITTEN);
    }
    link
}

/// The link [`kept_link`] will read, left in place (the first-result module reads it before the
/// calculator does).
pub fn peek_kept_link() -> Option<String> {
    // Only a reload or Back and Forward come back to a kept link: a link opened anew, even the same one,
    // opens as it is.
    if !matches!(navigation_type().as_deref(), Some("reload" | "back_forward")) {
        return None;
    }
    let storage = window()?.session_storage().ok().flatten()?;
    let kept = storage.get_item(UNWRITTEN).ok().flatten()?;
    let (from, link) = kept.split_once('\n')?;
    let here = fragment();
    from.split('\t').any(|f| f == here).then(|| link.to_string())
}

/// How this page was reached (`navigate`, `reload`, `back_forward`, `prerender`): the Navigation Timing
/// entry's `type`; `None` where the browser has none.
fn navigation_type() -> Option<String> {
    let entries = window()?.performance()?.get_entries_by_type("navigation");
    js_sys::Reflect::get(&entries.get(0), &"type".into()).ok()?.as_string()
}

/// Width of the browser's viewport, CSS pixels (a wide default off the browser).
pub fn viewport_width() -> f64 {
    window().and_then(|w| w.inner_width().ok()).and_then(|v| v.as_f64()).unwrap_or(1280.0)
}

/// The page's address without its fragment.
pub fn page_url() -> String {
    let href = window().and_then(|w| w.location().href().ok()).unwrap_or_default();
    href.split('#').next().unwrap_or_default().to_string()
}

/// The share link of `fragment` (without `#`) on this page. Built from the scenario, not read from
/// the address bar, which follows edits only once they pause.
pub fn share_url(fragment: &str) -> String {
    format!("{}#{fragment}", page_url())
}

/// Copies `text` to the clipboard.
///
/// # Errors
/// The browser's refusal (no permission, not a secure context), as text.
pub async fn copy_text(text: &str) -> Result<(), String> {
    let w = window().ok_or("no browser window")?;
    let promise = w.navigator().clipboard().write_text(text);
    JsFuture::from(promise).await.map(|_| ()).map_err(|e| format!("{e:?}"))
}

/// The text of a file the user picked, read through `gloo-file`.
///
/// # Errors
/// The browser's refusal to read it, or text that is not UTF-8, as a sentence naming the file.
pub async fn read_text(file: web_sys::File) -> Result<String, String> {
    let file = gloo_file::File::from(file);
    gloo_file::futures::read_as_text(&file).await.map_err(|e| format!("{} could not be read ({e})", file.name()))
}

/// Offers `contents` as a file download named `file_name`.
pub fn download(file_name: &str, mime: &str, contents: &str) {
    let url = gloo_file::ObjectUrl::from(gloo_file::Blob::new_with_options(contents, Some(mime)));
    click_link(file_name, &url);
    // The click has started the download; the browser keeps what it needs, and the URL is revoked when
    // dropped.
    gloo_timers::callback::Timeout::new(1_000, move || drop(url)).forget();
}

fn click_link(file_name: &str, href: &str) {
    let Some(document) = window().and_then(|w| w.document()) else { return };
    let Ok(anchor) = document.create_element("a") else { return };
    let Ok(anchor) = anchor.dyn_into::<web_sys::HtmlAnchorElement>() else { return };
    anchor.set_href(href);
    anchor.set_download(file_name);
    anchor.click();
}

/// Renders an SVG document to a PNG of `width` x `height` pixels at `scale` and offers it as a
/// download.
///
/// # Errors
/// When the browser cannot decode the SVG or encode the PNG.
pub async fn download_png(file_name: &str, svg: &str, width: u32, height: u32, scale: f64) -> Result<(), String> {
    let document = window().and_then(|w| w.document()).ok_or("no document")?;
    let url = gloo_file::ObjectUrl::from(gloo_file::Blob::new_with_options(svg, Some("image/svg+xml")));
    let image = web_sys::HtmlImageElement::new().map_err(|e| format!("{e:?}"))?;
    image.set_src(&url);
    let decoded = JsFuture::from(image.decode()).await;
    drop(url);
    decoded.map_err(|e| format!("the chart could not be decoded: {e:?}"))?;
    let canvas: web_sys::HtmlCanvasElement =
        document.create_element("canvas").map_err(|e| format!("{e:?}"))?.dyn_into().map_err(|_| "no canvas")?;
    canvas.set_width((f64::from(width) * scale) as u32);
    canvas.set_height((f64::from(height) * scale) as u32);
    let context: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")
        .map_err(|e| format!("{e:?}"))?
        .ok_or("no 2d context")?
        .dyn_into()
        .map_err(|_| "no 2d context")?;
    context
        .draw_image_with_html_image_element_and_dw_and_dh(
            &image,
            0.0,
            0.0,
            canvas.width().into(),
            canvas.height().into(),
        )
        .map_err(|e| format!("{e:?}"))?;
    let data = canvas.to_data_url_with_type("image/png").map_err(|e| format!("{e:?}"))?;
    click_link(file_name, &data);
    Ok(())
}

/// Opens the browser's print dialog (the print stylesheet lays out the report).
pub fn print() {
    if let Some(w) = window() {
        let _ = w.print();
    }
}

/// Downloads chart `id`'s `svg` (the SVG text its figure shows) as `kind`: `svg`, or `png` at twice its
/// size. Nothing for a chart not drawn yet.
pub fn export_chart(id: &str, kind: &str, svg: &str) {
    if svg.is_empty() {
        return;
    }
    if kind == "svg" {
        download(&format!("{id}.svg"), "image/svg+xml", svg);
    } else {
        let svg = svg.to_string();
        let id = id.to_string();
        wasm_bindgen_futures::spawn_local(async move {
            let (w, h) = crate::charts::svg_size(&svg);
            let _ = download_png(&format!("{id}.png"), &svg, w, h, 2.0).await;
        });
    }
}
