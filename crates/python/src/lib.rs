//! The Rust side of the Python package `gridnote` (`gridnote._gridnote`), built into a
//! wheel by maturin (`cargo xtask python`). The package's Python modules
//! (`python/gridnote/`) re-export these functions and classes and add the learning
//! environments; `docs/python.md` is the user's guide.
//!
//! Every failure becomes a Python exception (`errors`); nothing here panics on any input.

mod batch;
mod errors;
mod game;
mod options;
mod position;
mod tafl;

use pyo3::prelude::*;

/// The extension module `gridnote._gridnote`.
#[pymodule]
fn _gridnote(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_function(wrap_pyfunction!(position::read, m)?)?;
    m.add_function(wrap_pyfunction!(position::detect_format, m)?)?;
    m.add_function(wrap_pyfunction!(position::formats, m)?)?;
    m.add_function(wrap_pyfunction!(position::convert, m)?)?;
    m.add_function(wrap_pyfunction!(batch::convert_many, m)?)?;
    m.add_class::<position::Position>()?;
    m.add_class::<position::Converted>()?;
    m.add_class::<position::ConversionNote>()?;
    m.add_class::<position::FormatInfo>()?;
    m.add_class::<position::Check>()?;
    m.add_class::<position::Problem>()?;
    m.add_class::<position::Solution>()?;
    m.add_class::<batch::ConvertMany>()?;
    m.add_class::<game::MnkGame>()?;
    m.add_class::<tafl::TaflGame>()?;
    m.add_class::<tafl::TaflOutcome>()?;
    m.add("GridnoteError", py.get_type::<errors::GridnoteError>())?;
    m.add("ParseError", py.get_type::<errors::ParseError>())?;
    m.add("ConversionError", py.get_type::<errors::ConversionError>())?;
    m.add("SolveError", py.get_type::<errors::SolveError>())?;
    m.add("IllegalMoveError", py.get_type::<errors::IllegalMoveError>())?;
    m.add("PLANES", position::plane_names(py)?)?;
    m.add("TAFL_PLANES", tafl::TAFL_PLANES.to_vec())?;
    m.add("TAFL_PRESETS", gridnote_board::tafl::PRESETS.to_vec())?;
    m.add("FORMAT_OPTIONS", options::format_option_names())?;
    Ok(())
}
