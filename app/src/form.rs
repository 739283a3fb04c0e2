//! The input panel's markup: every field of the model's registry, grouped by stage, as HTML text
//! (ids `f-{key}` for the control, `u-{key}` for a size's unit menu, `e-{key}` for its message, `fd-{key}`
//! for the field and `g-{n}` for its group). The page fills in the values and messages
//! ([`crate::components`]'s input panel); this is the part native tests can read.

use crate::size_input::UNITS;
use crate::tables::escape;
use capacity_model::fields::{Field, Group, Kind, FIELDS};
use std::fmt::Write;

/// The example a size or rate field shows while empty.
fn placeholder(field: &Field) -> &'static str {
    match field.kind {
        Kind::Bytes => "e.g. 20, or 256KiB",
        Kind::Rate => "e.g. 45 or 29MiB/s",
        _ => "",
    }
}

/// One field: its label, its control (a menu for a choice, a text input otherwise), the unit (a menu
/// for sizes) and the place for its message. The field's help is its tooltip.
pub fn field_html(out: &mut String, field: &Field) {
    let key = field.key;
    let _ = write!(
        out,
        "<div class=\"field\" id=\"fd-{key}\" title=\"{}\"><label for=\"f-{key}\">{}</label><div class=\"control-row\">",
        escape(field.help),
        escape(field.label)
    );
    match field.kind {
        Kind::Choice(names) => {
            let _ = write!(out, "<select id=\"f-{key}\" name=\"{key}\">");
            for name in names {
                let _ = write!(out, "<option value=\"{0}\">{0}</option>", escape(name));
            }
            out.push_str("</select>");
        }
        _ => {
            let _ = write!(
                out,
                "<input id=\"f-{key}\" name=\"{key}\" type=\"text\" inputmode=\"decimal\" autocomplete=\"off\" spellcheck=\"false\" placeholder=\"{}\" aria-invalid=\"false\" aria-describedby=\"e-{key}\">",
                placeholder(field)
            );
        }
    }
    if field.kind == Kind::Bytes {
        let _ = write!(out, "<select class=\"unit\" id=\"u-{key}\" aria-label=\"{} unit\">", escape(field.label));
        for (unit, _) in UNITS {
            let _ = write!(out, "<option value=\"{unit}\">{unit}</option>");
        }
        out.push_str("</select>");
    } else {
        let _ = write!(out, "<span class=\"unit\">{}</span>", escape(field.unit()));
    }
    let _ = write!(out, "</div><p class=\"error\" id=\"e-{key}\" role=\"alert\"></p></div>");
}

/// The whole panel: one `fieldset` per group of [`Group::ALL`], in order, with its fields.
pub fn panel_html() -> String {
    let mut out = String::with_capacity(40_000);
    for (n, group) in Group::ALL.iter().enumerate() {
        let _ = write!(out, "<fieldset class=\"group\" id=\"g-{n}\"><legend>{}</legend>", escape(group.title()));
        for field in FIELDS.iter().filter(|f| f.group == *group) {
            field_html(&mut out, field);
        }
        out.push_str("</fieldset>");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use capacity_model::fields::field_by_key;

    #[test]
    fn every_field_has_its_control_unit_and_message() {
        let html = panel_html();
        for field in FIELDS {
            let key = field.key;
            assert_eq!(html.matches(&format!("id=\"f-{key}\"")).count(), 1, "{key}");
            assert!(html.contains(&format!("<label for=\"f-{key}\">")), "{key}");
            assert!(html.contains(&format!("<p class=\"error\" id=\"e-{key}\" role=\"alert\"></p>")), "{key}");
        }
        assert_eq!(html.matches("<fieldset").count(), Group::ALL.len());
    }

    #[test]
    fn sizes_get_a_unit_menu_and_choices_a_menu_of_their_names() {
        let mut data = String::new();
        field_html(&mut data, field_by_key("data").unwrap());
        assert!(data.contains("<select class=\"unit\" id=\"u-data\" aria-label=\"Data set unit\">"), "{data}");
        assert!(
            data.contains("<option value=\"TiB\">TiB</option>") && data.contains("placeholder=\"e.g. 20, or 256KiB\"")
        );
        let mut lto = String::new();
        field_html(&mut lto, field_by_key("lto").unwrap());
        assert!(lto.contains("<select id=\"f-lto\" name=\"lto\"><option value=\"LTO-1\">LTO-1</option>"), "{lto}");
        let mut clients = String::new();
        field_html(&mut clients, field_by_key("clients").unwrap());
        assert!(clients.contains("<input id=\"f-clients\"") && clients.contains("<span class=\"unit\">"), "{clients}");
    }
}
