//! Shared drawing setup: the SVG backend, fonts, colours, and an error fallback.

use plotters::prelude::*;

pub(crate) const INK: RGBColor = RGBColor(0x33, 0x3a, 0x44);
pub(crate) const GRID: RGBColor = RGBColor(0xe6, 0xe9, 0xee);
pub(crate) const ACCENT: RGBColor = RGBColor(0x1f, 0x4e, 0x79);

pub(crate) type Area<'a> = DrawingArea<SVGBackend<'a>, plotters::coord::Shift>;
pub(crate) type DrawResult = Result<(), Box<dyn std::error::Error>>;

/// Runs `draw` on a white SVG canvas of `size` and returns the SVG text. A drawing error becomes a
/// chart that says so, never a panic.
pub(crate) fn render(size: (u32, u32), title: &str, draw: impl FnOnce(&Area) -> DrawResult) -> String {
    let mut out = String::new();
    let result = {
        let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
        root.fill(&WHITE)
            .map_err(|e| e.to_string())
            .and_then(|_| draw(&root).map_err(|e| e.to_string()))
            .and_then(|_| root.present().map_err(|e| e.to_string()))
    };
    match result {
        Ok(()) => with_title(out, title),
        Err(message) => message_svg(size, &format!("Chart could not be drawn: {message}")),
    }
}

/// An SVG holding one centred line of text, for charts that do not apply.
pub(crate) fn message_svg(size: (u32, u32), message: &str) -> String {
    let (w, h) = size;
    format!(
        r##"<svg width="{w}" height="{h}" viewBox="0 0 {w} {h}" xmlns="http://www.w3.org/2000/svg" role="img"><rect width="{w}" height="{h}" fill="#ffffff"/><text x="{}" y="{}" text-anchor="middle" font-family="sans-serif" font-size="15" fill="#5b6573">{}</text></svg>"##,
        w / 2,
        h / 2,
        escape(message)
    )
}

/// Adds an accessible `<title>` right after the opening tag.
fn with_title(svg: String, title: &str) -> String {
    match svg.find('>') {
        Some(end) => {
            let (head, tail) = svg.split_at(end + 1);
            let head = head.replacen("<svg ", "<svg role=\"img\" ", 1);
            format!("{head}<title>{}</title>{tail}", escape(title))
        }
        None => svg,
    }
}

pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

pub(crate) fn font(size: u32) -> TextStyle<'static> {
    ("sans-serif", size).into_font().color(&INK)
}

/// A top for the y axis: `peak` plus headroom, never zero.
pub(crate) fn y_top(peak: f64) -> f64 {
    if peak.is_finite() && peak > 0.0 {
        peak * 1.25
    } else {
        1.0
    }
}
