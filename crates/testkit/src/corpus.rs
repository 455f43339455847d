//! The corpus of invalid inputs (`fixtures/corpus/<folder>/*.txt`, see the README beside
//! it): one input per line, with escapes.

use std::ops::Range;

pub use crate::escape::decode;

/// Every input of `fixtures/corpus/<folder>/*.txt` (files in name order), each with its
/// place (`<folder>/<file>:<line>`) for messages.
///
/// # Panics
/// When the folder cannot be read.
///
/// ```
/// let inputs = gridnote_testkit::corpus::inputs("t3en");
/// assert!(inputs.iter().all(|(place, _)| place.starts_with("t3en/")));
/// ```
#[must_use]
pub fn inputs(folder: &str) -> Vec<(String, String)> {
    let dir = crate::workspace_root().join("fixtures/corpus").join(folder);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("corpus files are UTF-8");
        let name = path.file_name().expect("a file").to_string_lossy().into_owned();
        for (number, line) in text.lines().enumerate() {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            out.push((format!("{folder}/{name}:{}", number + 1), decode(line)));
        }
    }
    out
}

/// The file name in a place given by [`inputs`] (`t3en/invalid.txt:3` → `invalid.txt`).
///
/// ```
/// assert_eq!(gridnote_testkit::corpus::file_of("otn/game.txt:12"), "game.txt");
/// ```
#[must_use]
pub fn file_of(place: &str) -> &str {
    let after = place.rsplit_once('/').map_or(place, |(_, file)| file);
    after.rsplit_once(':').map_or(after, |(file, _)| file)
}

/// Checks one rejected input: the span is inside it on character boundaries (or the empty
/// span at its end), the message is not empty, and it renders under the input.
///
/// # Panics
/// When one of these does not hold, naming `place`.
///
/// ```
/// gridnote_testkit::corpus::check_span("example", "x!", 1..2, "unexpected `!`");
/// ```
pub fn check_span(place: &str, input: &str, span: Range<usize>, message: &str) {
    assert!(
        span.start <= span.end && span.end <= input.len(),
        "{place}: span {span:?} is outside the input {input:?}"
    );
    assert!(
        input.get(span.clone()).is_some(),
        "{place}: span {span:?} splits a character of {input:?}"
    );
    assert!(!message.is_empty(), "{place}: empty message");
    let rendered = gridnote_board::report::render(input, span, message);
    assert!(rendered.contains(message), "{place}: the rendering lost the message: {rendered}");
}

/// Asserts a corpus has at least 200 inputs.
///
/// # Panics
/// When it has fewer.
///
/// ```
/// gridnote_testkit::corpus::assert_size("t3en", 200);
/// ```
pub fn assert_size(folder: &str, count: usize) {
    assert!(count >= 200, "the {folder} corpus has {count} inputs, expected at least 200");
}
