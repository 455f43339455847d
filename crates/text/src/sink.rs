//! Where writers write: one small trait, [`Sink`], for `String`, `Vec<u8>` and (through
//! [`FmtSink`]) a `fmt::Formatter`, so that every writer is one generic `append_to` and
//! `Display` writes straight into the formatter, with no temporary `String`.
//!
//! The model is shakmaty's `AppendAscii`. Writing to a `String` or a `Vec<u8>` cannot
//! fail; a formatter's error is kept by [`FmtSink`] and returned by
//! [`FmtSink::finish`] (later writes are skipped). [`FmtSink`] gathers up to 64 bytes on
//! the stack and gives them to the formatter in one call, so `Display` costs about what
//! the writer costs; writers with byte tables append through [`Sink::push_ascii`].
//! [`FmtPieces`] is the formatter for writers that gather their text themselves, and
//! [`StackText`] gathers a short text on the stack to give it whole as one `&str` (to the
//! formatter, or to serde's `serialize_str` through `serialize_text`).
//!
//! ```
//! use core::fmt;
//! use gridnote_text::sink::{FmtSink, Sink};
//!
//! struct Pair(u32, u32);
//!
//! impl Pair {
//!     fn append_to<S: Sink + ?Sized>(&self, out: &mut S) {
//!         gridnote_text::number::push_decimal(out, self.0);
//!         out.push(',');
//!         gridnote_text::number::push_decimal(out, self.1);
//!     }
//! }
//!
//! impl fmt::Display for Pair {
//!     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
//!         let mut sink = FmtSink::new(f);
//!         self.append_to(&mut sink);
//!         sink.finish()
//!     }
//! }
//!
//! let mut bytes = Vec::new();
//! Pair(3, 14).append_to(&mut bytes);
//! assert_eq!(bytes, b"3,14");
//! assert_eq!(format!("[{:}]", Pair(0, 255)), "[0,255]");
//! ```

mod ascii;
mod base;
mod decimal;
mod formatter;
mod stack;

pub use ascii::{AsciiWriter, write_ascii};
pub use base::Sink;
pub use decimal::push_decimal;
pub use formatter::{FmtPieces, FmtSink};
pub use stack::StackText;
#[cfg(feature = "serde")]
pub use stack::serialize_text;
