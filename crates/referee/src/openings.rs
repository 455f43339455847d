//! Start lists: a file of openings, one position a line, shared by both protocols.

/// A start-list line that is not an opening: its number and what is wrong with it.
///
/// ```
/// use gridnote_referee::otep::{read_openings, rules_named};
/// let err = read_openings(&rules_named("brandubh")?, "\n/7/7/7/\n").unwrap_err();
/// assert_eq!(err.line, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("openings line {line}: {message}")]
#[non_exhaustive]
pub struct OpeningsError {
    /// The line number, from 1.
    pub line: usize,
    /// What is wrong with it (for ST3P, what the T3EN reader said).
    pub message: String,
}

/// Each line of `text` read by `read` (its `\r` terminator dropped), skipping blank lines
/// and `#` comment lines; the first failure is named by its line number.
pub(crate) fn read_lines<T>(
    text: &str,
    mut read: impl FnMut(&str) -> Result<T, String>,
) -> Result<Vec<T>, OpeningsError> {
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        openings.push(read(line).map_err(|message| OpeningsError { line: i + 1, message })?);
    }
    Ok(openings)
}
