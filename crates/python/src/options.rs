//! The converter's options from Python keyword arguments: the one place that builds a
//! `gridnote_convert::Options`.

use gridnote_convert::{Format, Options};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::bad_argument;

/// The format options `convert` and `convert_many` take as keywords, besides `lossless`.
pub(crate) const FORMAT_OPTIONS: [&str; 6] =
    ["strict", "defenders", "ply", "since_capture", "code", "radix"];

/// A format named by `name` (any ASCII case), for the argument `argument`.
pub(crate) fn format_named(argument: &str, name: &str) -> PyResult<Format> {
    name.parse::<Format>().map_err(|e| bad_argument(format!("{argument}: {e}")))
}

/// A whole number option at least `min`.
fn whole(option: &str, value: &Bound<'_, PyAny>, min: u32) -> PyResult<u32> {
    let n: i64 =
        value.extract().map_err(|_| PyTypeError::new_err(format!("{option}: expected an int")))?;
    u32::try_from(n).ok().filter(|&n| n >= min).ok_or_else(|| {
        bad_argument(format!(
            "{option}: expected a whole number from {min} to {}, got {n}",
            u32::MAX
        ))
    })
}

/// The converter's options: `lossless` and the format options given as keywords.
///
/// # Errors
/// `TypeError` for an unknown keyword or a value of the wrong type, `ValueError` for a
/// value out of range or a name no code or radix has.
pub(crate) fn convert_options(
    lossless: bool,
    format_options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Options> {
    let mut options = Options::default();
    options.lossless = lossless;
    let Some(given) = format_options else { return Ok(options) };
    for (key, value) in given.iter() {
        let key: String = key.extract()?;
        match key.as_str() {
            "strict" => options.strict = value.extract()?,
            "defenders" => {
                let n = whole("defenders", &value, 4)?;
                if n % 4 != 0 {
                    return Err(bad_argument(format!(
                        "defenders: expected a positive multiple of 4, got {n}"
                    )));
                }
                options.defenders = Some(n);
            }
            "ply" => options.ply = Some(whole("ply", &value, 1)?),
            "since_capture" => options.since_capture = Some(whole("since_capture", &value, 0)?),
            "code" => {
                let name: String = value.extract()?;
                options.set("code", &name).map_err(|e| bad_argument(format!("code: {e}")))?;
            }
            "radix" => {
                let name: String = value.extract()?;
                options.set("radix", &name).map_err(|e| bad_argument(format!("radix: {e}")))?;
            }
            other => {
                return Err(PyTypeError::new_err(format!(
                    "unexpected keyword argument '{other}': the format options are {}",
                    FORMAT_OPTIONS.join(", ")
                )));
            }
        }
    }
    if let (Some(ply), Some(since)) = (options.ply, options.since_capture) {
        if since >= ply {
            return Err(bad_argument(format!(
                "since_capture {since} is not below ply {ply}: the plies since the last capture are fewer than the ply"
            )));
        }
    }
    Ok(options)
}
