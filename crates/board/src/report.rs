//! Showing an error under the input it came from, with a caret under the offending bytes.
//!
//! Every syntax error in every gridnote crate carries the byte span of the offending
//! input (the [`Spanned`] trait); [`render`] turns input, span and message into text:
//!
//! ```text
//! error: row 2 has 4 cells, expected 3
//!   | 3_/4_/3_ x
//!   |    ^^
//! ```

use core::fmt::Write as _;
use core::ops::Range;

/// An error that knows which bytes of its input it is about.
///
/// ```
/// use gridnote_board::report::Spanned;
/// struct E;
/// impl Spanned for E {
///     fn span(&self) -> core::ops::Range<usize> { 2..3 }
/// }
/// assert_eq!(E.span(), 2..3);
/// ```
pub trait Spanned {
    /// The byte range of the offending text in the input (empty at the end of input when
    /// something is missing).
    fn span(&self) -> Range<usize>;

    /// The error's message under `input`'s line with a caret under the span ([`render`]).
    ///
    /// ```
    /// use gridnote_board::report::Spanned;
    /// struct E;
    /// impl core::fmt::Display for E {
    ///     fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
    ///         f.write_str("unexpected `!`")
    ///     }
    /// }
    /// impl Spanned for E {
    ///     fn span(&self) -> core::ops::Range<usize> { 2..3 }
    /// }
    /// assert_eq!(E.render("ab!c"), "error: unexpected `!`\n  | ab!c\n  |   ^\n");
    /// ```
    fn render(&self, input: &str) -> String
    where
        Self: core::fmt::Display,
    {
        let mut out = String::new();
        let _ = writeln!(out, "error: {self}");
        out.push_str(&render_caret(input, self.span()));
        out
    }
}

/// Renders `message` with the line of `input` that holds the span and carets under the
/// span's characters. Control characters are shown escaped (`\t`, `\u{1b}`), so the
/// carets stay aligned; an empty span gets a single caret where text was expected. A span
/// outside the input or not on a character boundary is clamped, never a panic.
///
/// ```
/// use gridnote_board::report::render;
/// let text = render("3_/4_/3_ x", 3..5, "row 2 has 4 cells, expected 3");
/// assert_eq!(text, "error: row 2 has 4 cells, expected 3\n  | 3_/4_/3_ x\n  |    ^^\n");
/// ```
#[must_use]
pub fn render(input: &str, span: Range<usize>, message: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "error: {message}");
    out.push_str(&render_caret(input, span));
    out
}

/// Just the input line and the caret line of [`render`], each prefixed with `  | `.
///
/// ```
/// use gridnote_board::report::render_caret;
/// assert_eq!(render_caret("ab\tc", 3..4), "  | ab\\tc\n  |     ^\n");
/// assert_eq!(render_caret("", 0..0), "  | \n  | ^\n");
/// ```
#[must_use]
pub fn render_caret(input: &str, span: Range<usize>) -> String {
    let start = floor_boundary(input, span.start.min(input.len()));
    let end = floor_boundary(input, span.end.clamp(start, input.len()));
    // The line that holds the span's start.
    let line_start = input[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = input[start..].find('\n').map_or(input.len(), |i| start + i);
    let end = end.min(line_end);
    let mut line = String::with_capacity(line_end - line_start + 8);
    let mut before = 0usize;
    let mut under = 0usize;
    for (i, ch) in input[line_start..line_end].char_indices() {
        let at = line_start + i;
        let width = push_visible(&mut line, ch);
        if at < start {
            before += width;
        } else if at < end {
            under += width;
        }
    }
    let mut out = String::with_capacity(2 * line.len() + 16);
    out.push_str("  | ");
    out.push_str(&line);
    out.push_str("\n  | ");
    out.extend(core::iter::repeat_n(' ', before));
    out.extend(core::iter::repeat_n('^', under.max(1)));
    out.push('\n');
    out
}

/// Appends `ch` as shown to a person and returns how many columns it took.
fn push_visible(out: &mut String, ch: char) -> usize {
    if ch.is_control() {
        let before = out.len();
        out.extend(ch.escape_default());
        out.len() - before
    } else {
        out.push(ch);
        1
    }
}

fn floor_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}
