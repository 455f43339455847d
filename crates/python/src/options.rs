//! The converter's options from Python keyword arguments: the one place that builds a
//! `gridnote_convert::Options`.

use gridnote_convert::board::options::OptionKind;
use gridnote_convert::{Format, Options};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::bad_argument;

/// The options `convert` and `convert_many` take as keywords besides `lossless` (their
/// own keyword): every declared option (`Options::DECLARED`: the tafl counters, then each
/// format's own), by its Python name.
pub(crate) fn format_option_names() -> Vec<String> {
    Options::DECLARED
        .iter()
        .filter(|spec| spec.name != LOSSLESS)
        .map(|spec| python_name(spec.name))
        .collect()
}

/// The option that is a keyword of its own.
const LOSSLESS: &str = "lossless";

/// The Python name of the option `name`: its words joined by `_` (`since-capture` is
/// `since_capture`).
fn python_name(name: &str) -> String {
    name.replace('-', "_")
}

/// A format named by `name` (any ASCII case), for the argument `argument`.
pub(crate) fn format_named(argument: &str, name: &str) -> PyResult<Format> {
    name.parse::<Format>().map_err(|e| bad_argument(format!("{argument}: {e}")))
}

/// The converter's options: `lossless` and the format options given as keywords, each
/// set by its declared name.
///
/// # Errors
/// `TypeError` for an unknown keyword or a value of the wrong type, `ValueError` for a
/// value the option does not take.
pub(crate) fn convert_options(
    lossless: bool,
    format_options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Options> {
    let mut options = Options::default();
    options.lossless = lossless;
    let Some(given) = format_options else { return Ok(options) };
    for (key, value) in given.iter() {
        let key: String = key.extract()?;
        let spec = Options::DECLARED
            .iter()
            .find(|spec| spec.name != LOSSLESS && python_name(spec.name) == key)
            .ok_or_else(|| {
                PyTypeError::new_err(format!(
                    "unexpected keyword argument '{key}': the format options are {}",
                    format_option_names().join(", ")
                ))
            })?;
        let text = match spec.kind {
            OptionKind::Flag => value.extract::<bool>()?.to_string(),
            OptionKind::Number { .. } => value
                .extract::<i64>()
                .map_err(|_| PyTypeError::new_err(format!("{key}: expected an int")))?
                .to_string(),
            _ => value.extract::<String>()?,
        };
        options.set(spec.name, &text).map_err(|e| bad_argument(format!("{key}: {e}")))?;
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
