//! JavaScript values for both packages' bindings: the thrown `GridnoteError`, plain
//! objects and arrays, and the options object read property by property with each
//! property's type checked. Built for wasm32 only.

use js_sys::{Array, Error, Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::api::Failure;

/// The thrown error: a JavaScript `Error` named `GridnoteError` with `span`, `format` and
/// `caret` properties.
pub(crate) fn error(failure: Failure) -> JsValue {
    let err = Error::new(&failure.message);
    err.set_name("GridnoteError");
    let span = match &failure.span {
        Some(span) => pair(JsValue::from(span.start as f64), JsValue::from(span.end as f64)),
        None => JsValue::NULL,
    };
    let value: JsValue = err.into();
    set(&value, "span", span);
    set(&value, "format", failure.format.map(|f| f.name()).map_or(JsValue::NULL, JsValue::from));
    set(&value, "caret", failure.caret.map_or(JsValue::NULL, JsValue::from));
    value
}

/// `target[key] = value` (on objects this module made, which cannot refuse it).
pub(crate) fn set(target: &JsValue, key: &str, value: JsValue) {
    let _ = Reflect::set(target, &JsValue::from(key), &value);
}

/// A plain object of `entries`.
pub(crate) fn object(entries: Vec<(&str, JsValue)>) -> JsValue {
    let value: JsValue = Object::new().into();
    for (key, entry) in entries {
        set(&value, key, entry);
    }
    value
}

/// `[a, b]`.
pub(crate) fn pair(a: JsValue, b: JsValue) -> JsValue {
    Array::of2(&a, &b).into()
}

/// An array of strings.
pub(crate) fn strings<S: AsRef<str>>(items: &[S]) -> JsValue {
    items.iter().map(|s| JsValue::from(s.as_ref())).collect::<Array>().into()
}

/// An optional string as a string or `null`.
pub(crate) fn nullable(text: Option<String>) -> JsValue {
    text.map_or(JsValue::NULL, JsValue::from)
}

/// Reading an options object: every property is type-checked, with the option named.
pub(crate) struct Props<'a> {
    object: Option<&'a JsValue>,
}

impl<'a> Props<'a> {
    /// The options argument: an object, or `undefined`/`null` for none.
    pub(crate) fn of(options: &'a JsValue) -> Result<Props<'a>, Failure> {
        if options.is_undefined() || options.is_null() {
            Ok(Props { object: None })
        } else if options.is_object() && !Array::is_array(options) {
            Ok(Props { object: Some(options) })
        } else {
            Err(Failure::option("options: expected an object".to_owned()))
        }
    }

    /// The property `key`, `None` when absent, `undefined` or `null`.
    pub(crate) fn get(&self, key: &str) -> Result<Option<JsValue>, Failure> {
        let Some(object) = self.object else { return Ok(None) };
        let value = Reflect::get(object, &JsValue::from(key))
            .map_err(|_| Failure::option(format!("options.{key}: cannot be read")))?;
        Ok((!value.is_undefined() && !value.is_null()).then_some(value))
    }

    pub(crate) fn string(&self, key: &str) -> Result<Option<String>, Failure> {
        self.get(key)?
            .map(|v| {
                v.as_string()
                    .ok_or_else(|| Failure::option(format!("options.{key}: expected a string")))
            })
            .transpose()
    }

    pub(crate) fn boolean(&self, key: &str) -> Result<Option<bool>, Failure> {
        self.get(key)?
            .map(|v| {
                v.as_bool().ok_or_else(|| {
                    Failure::option(format!("options.{key}: expected true or false"))
                })
            })
            .transpose()
    }

    pub(crate) fn number(&self, key: &str) -> Result<Option<f64>, Failure> {
        self.get(key)?
            .map(|v| {
                v.as_f64()
                    .ok_or_else(|| Failure::option(format!("options.{key}: expected a number")))
            })
            .transpose()
    }

    /// An array of strings (cell names); absent is empty.
    pub(crate) fn names(&self, key: &str) -> Result<Vec<String>, Failure> {
        let Some(value) = self.get(key)? else { return Ok(Vec::new()) };
        let expected = || Failure::option(format!("options.{key}: expected an array of strings"));
        if !Array::is_array(&value) {
            return Err(expected());
        }
        Array::from(&value).iter().map(|item| item.as_string().ok_or_else(expected)).collect()
    }

    /// An array of strings (cell names), `None` when absent.
    pub(crate) fn optional_names(&self, key: &str) -> Result<Option<Vec<String>>, Failure> {
        if self.get(key)?.is_none() {
            return Ok(None);
        }
        self.names(key).map(Some)
    }

    /// An array of `[from, to]` pairs of strings; absent is empty.
    pub(crate) fn pairs(&self, key: &str) -> Result<Vec<(String, String)>, Failure> {
        let Some(value) = self.get(key)? else { return Ok(Vec::new()) };
        let expected = || {
            Failure::option(format!(
                "options.{key}: expected an array of [from, to] pairs of cell names"
            ))
        };
        if !Array::is_array(&value) {
            return Err(expected());
        }
        Array::from(&value)
            .iter()
            .map(|item| {
                if !Array::is_array(&item) {
                    return Err(expected());
                }
                let item = Array::from(&item);
                match (item.length(), item.get(0).as_string(), item.get(1).as_string()) {
                    (2, Some(from), Some(to)) => Ok((from, to)),
                    _ => Err(expected()),
                }
            })
            .collect()
    }
}
