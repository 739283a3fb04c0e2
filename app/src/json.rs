//! Reading a scenario file with the browser's own `JSON.parse`: the model checks what it holds
//! (`capacity_model::scenario_file::read`), and the page carries no JSON parser of its own.

use capacity_model::scenario_file::{read, Document, InputValue, NamedScenario};
use capacity_model::Error;
use js_sys::{Array, Object, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};

fn member(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn problem(message: String) -> Vec<Error> {
    vec![Error::InvalidValue { key: "file", message }]
}

/// Reads a scenario file's text (browser only).
///
/// # Errors
/// Every problem found, as `capacity_model::scenario_file::read` reports them, or that the text is not
/// a JSON object.
pub fn read_scenario_file(text: &str) -> Result<NamedScenario, Vec<Error>> {
    let value = JSON::parse(text).map_err(|e| {
        let detail = e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message())).unwrap_or_default();
        problem(format!("not a JSON document ({detail})"))
    })?;
    if !value.is_object() || Array::is_array(&value) {
        return Err(problem("not a scenario file: the document is not a JSON object".to_string()));
    }
    let inputs = member(&value, "inputs");
    let inputs = (inputs.is_object() && !Array::is_array(&inputs)).then(|| {
        Object::entries(inputs.unchecked_ref::<Object>())
            .iter()
            .map(|entry| {
                let pair: Array = entry.unchecked_into();
                let key = pair.get(0).as_string().unwrap_or_default();
                let raw = pair.get(1);
                let value = match (raw.as_string(), raw.as_f64()) {
                    (Some(text), _) => InputValue::Text(text),
                    (None, Some(number)) => InputValue::Number(number),
                    _ => InputValue::Other,
                };
                (key, value)
            })
            .collect()
    });
    read(Document {
        format: member(&value, "format").as_string(),
        schema_version: member(&value, "schema_version").as_f64(),
        name: member(&value, "name").as_string(),
        inputs,
        link: member(&value, "link").as_string(),
    })
}
