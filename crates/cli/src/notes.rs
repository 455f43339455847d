//! The notes of many conversions on standard error: each kind listed for its first few
//! inputs, then counted (`--notes summary`), or every one (`--notes all`).

use std::io::Write;

use gridnote_convert::Note;

/// How many inputs each kind of note is listed for before it is only counted.
pub(crate) const NOTES_LISTED: usize = 3;

/// How many kinds of note are counted (any further kind is listed every time).
const KINDS_COUNTED: usize = 64;

/// Prints notes: every one (`--notes all`), or each kind for its first
/// [`NOTES_LISTED`] inputs and then a count at the end.
pub(crate) struct NoteSink {
    all: bool,
    /// What the notes are counted over in the summary (`inputs`, `plies`).
    noun: &'static str,
    kinds: Vec<Kind>,
    /// A tafl flag given for a tafl source was noted.
    pub(crate) noted_ignored: bool,
}

struct Kind {
    note: Note,
    same_reason: bool,
    count: usize,
}

impl NoteSink {
    pub(crate) fn new(all: bool, noun: &'static str) -> NoteSink {
        NoteSink { all, noun, kinds: Vec::new(), noted_ignored: false }
    }

    /// The notes of one input (`origin` is only built when a note is listed).
    pub(crate) fn notes(
        &mut self,
        origin: &dyn Fn() -> String,
        notes: &[Note],
        err: &mut dyn Write,
    ) {
        for note in notes {
            if !self.all {
                let room = self.kinds.len() < KINDS_COUNTED;
                let found = self
                    .kinds
                    .iter_mut()
                    .find(|k| k.note.kind == note.kind && k.note.field == note.field);
                let count = match found {
                    Some(kind) => {
                        kind.count += 1;
                        if kind.same_reason && kind.note.reason != note.reason {
                            kind.same_reason = false;
                        }
                        kind.count
                    }
                    None if room => {
                        self.kinds.push(Kind { note: note.clone(), same_reason: true, count: 1 });
                        1
                    }
                    None => 1,
                };
                if count > NOTES_LISTED {
                    continue;
                }
            }
            let _ = writeln!(err, "note: {}: {note}", origin());
        }
    }

    /// The counts of the kinds listed only in part.
    pub(crate) fn finish(&self, err: &mut dyn Write) {
        for kind in self.kinds.iter().filter(|k| k.count > NOTES_LISTED) {
            let note = &kind.note;
            let reason =
                if kind.same_reason { format!(" ({})", note.reason) } else { String::new() };
            let _ = writeln!(
                err,
                "note: {} {}{reason} for {} {} (the first {NOTES_LISTED} listed above; --notes all lists every one)",
                note.kind, note.field, kind.count, self.noun
            );
        }
    }
}
