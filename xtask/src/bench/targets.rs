//! The targets of `docs/performance.md`: ratios of two figures (instruction counts,
//! criterion medians, CLI runs) and the bounds they must stay under or over.

use std::borrow::Cow;

use crate::bench::guard::Bytes;
use crate::bench::operations::{Throughput, Variant};

/// A target: a ratio of two figures and the bound it must stay under (or over).
pub(super) struct Target {
    pub(super) what: String,
    pub(super) ratio: f64,
    pub(super) bound: f64,
    /// The ratio must be at most `bound` (else at least).
    pub(super) at_most: bool,
}

/// A target judged over the rounds: the median of its ratios, and their range.
pub(super) struct Judged {
    pub(super) what: String,
    pub(super) ratio: f64,
    pub(super) low: f64,
    pub(super) high: f64,
    pub(super) bound: f64,
    pub(super) at_most: bool,
}

impl Judged {
    /// The target `rounds` measured (the same target, one per round; at least one).
    pub(super) fn of<'t>(rounds: impl Iterator<Item = &'t Target>) -> Judged {
        let rounds: Vec<&Target> = rounds.collect();
        let mut ratios: Vec<f64> = rounds.iter().map(|t| t.ratio).collect();
        ratios.sort_by(f64::total_cmp);
        let ratio = median(&ratios);
        let first = rounds[0];
        Judged {
            what: first.what.clone(),
            ratio,
            low: ratios[0],
            high: ratios[ratios.len() - 1],
            bound: first.bound,
            at_most: first.at_most,
        }
    }

    pub(super) fn met(&self) -> bool {
        if self.at_most { self.ratio <= self.bound } else { self.ratio >= self.bound }
    }
}

/// The median of sorted figures (at least one).
pub(super) fn median(sorted: &[f64]) -> f64 {
    let middle = sorted.len() / 2;
    if sorted.len() % 2 == 1 { sorted[middle] } else { (sorted[middle - 1] + sorted[middle]) / 2.0 }
}

/// What a [`Comparison`] divides each figure by before comparing.
#[derive(Clone, Copy)]
pub(super) enum Per {
    /// The figure as it is.
    Whole,
    /// The bytes it reads or writes.
    Byte,
    /// The positions it handles.
    Position,
}

/// A target that is the ratio of two figures: `ours / peer`, each divided as `per` says.
pub(super) struct Comparison {
    pub(super) what: Cow<'static, str>,
    pub(super) ours: &'static str,
    pub(super) peer: &'static str,
    pub(super) per: Per,
    pub(super) bound: f64,
    pub(super) at_most: bool,
    /// Held aside from `ours` (whole figures only): `(with, without)`, whose difference is
    /// a cost `ours` pays that is not ours to judge (the formatting machinery's or the
    /// serializer's own cost for the same text as a plain string).
    pub(super) aside: Option<(&'static str, &'static str)>,
}

impl Comparison {
    /// The ratio from `figure` (a figure by ID, `None` when not measured) and `size` (an
    /// ID's bytes and positions).
    pub(super) fn ratio(
        &self,
        figure: &dyn Fn(&str) -> Option<f64>,
        size: &dyn Fn(&str) -> Option<(Bytes, usize)>,
    ) -> Result<f64, String> {
        let one = |id: &str| -> Result<f64, String> {
            let value = figure(id).ok_or_else(|| format!("no figure for `{id}`"))?;
            let (bytes, positions) = size(id).ok_or_else(|| format!("`{id}` is not listed"))?;
            let divisor = match self.per {
                Per::Whole => 1,
                Per::Byte => bytes.count().ok_or_else(|| format!("`{id}` has no bytes"))?,
                Per::Position => positions,
            };
            Ok(value / divisor as f64)
        };
        let aside = match self.aside {
            Some((with, without)) => one(with)? - one(without)?,
            None => 0.0,
        };
        Ok((one(self.ours)? - aside) / one(self.peer)?)
    }
}

pub(super) const fn c(
    what: &'static str,
    ours: &'static str,
    peer: &'static str,
    per: Per,
    bound: f64,
    at_most: bool,
) -> Comparison {
    Comparison { what: Cow::Borrowed(what), ours, peer, per, bound, at_most, aside: None }
}

pub(super) const FEN_READ: &str = "read/fen_set";
pub(super) const FEN_WRITE: &str = "write/fen_set";

/// Instructions per byte of the tuple, digits and bits writers over shakmaty's FEN writer
/// when these targets were set (rounded up): they must stay at or under these bounds.
pub(super) const WRITERS_AT_START: [(&str, &str, f64); 3] = [
    (
        "tuple writer per byte / FEN writer per byte (its figure at the start)",
        "write/tuple_set",
        0.661,
    ),
    (
        "digits writer per byte / FEN writer per byte (its figure at the start)",
        "write/digits_set",
        0.466,
    ),
    (
        "bits writer per byte / FEN writer per byte (its figure at the start)",
        "write/bits_set",
        1.090,
    ),
];

/// The formats whose `Display` and serde are judged against their writer: the format as
/// named in the report, then its `display/`, `serde/` and `write/` operations, and the
/// same texts as plain strings through `Display`, through serde_json and appended with
/// `push_str` (`gridnote-bench-ops`' `display/…_str`, `serde/…_str`, `copy/…_str`).
///
/// The bound "`Display` and serde cost the writer's instructions + ≤ 5%" is read
/// as: what `Display` (or serde) costs beyond what the formatting machinery (or
/// serde_json) costs for the same text as a `&str` is at most 1.05 times the writer. The
/// machinery's own cost (a `write!` call, serde_json's quotes and escaping scan) is paid by
/// every `Display` and `Serialize` of a string, ours or not; the writer already counts the
/// plain copy of the text, so that is held aside once.
pub(super) type TextCost = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);
pub(super) const TEXT_COSTS: [TextCost; 6] = [
    (
        "T3EN",
        "display/t3en_set",
        "serde/t3en_set",
        "write/t3en_set",
        "display/t3en_str",
        "serde/t3en_str",
        "copy/t3en_str",
    ),
    (
        "TSN",
        "display/tsn_set",
        "serde/tsn_set",
        "write/tsn_set",
        "display/tsn_str",
        "serde/tsn_str",
        "copy/tsn_str",
    ),
    (
        "TEN",
        "display/ten_set",
        "serde/ten_set",
        "write/ten_set",
        "display/ten_str",
        "serde/ten_str",
        "copy/ten_str",
    ),
    (
        "tuple",
        "display/tuple_set",
        "serde/tuple_set",
        "write/tuple_set",
        "display/tuple_str",
        "serde/tuple_str",
        "copy/tuple_str",
    ),
    (
        "digits",
        "display/digits_set",
        "serde/digits_set",
        "write/digits_set",
        "display/digits_str",
        "serde/digits_str",
        "copy/digits_str",
    ),
    (
        "OTN",
        "display/otn_set",
        "serde/otn_set",
        "write/otn_set",
        "display/otn_str",
        "serde/otn_str",
        "copy/otn_str",
    ),
];

/// The targets judged on instruction counts (OTN's among them).
pub(super) fn instruction_targets() -> Vec<Comparison> {
    let mut list = vec![
        c(
            "T3EN read per byte / FEN read per byte (set)",
            "read/t3en_set",
            FEN_READ,
            Per::Byte,
            0.35,
            true,
        ),
        c(
            "TSN read per byte / FEN read per byte (set)",
            "read/tsn_set",
            FEN_READ,
            Per::Byte,
            0.25,
            true,
        ),
        c(
            "OTN position read per byte / FEN read per byte (set)",
            "read/otn_set",
            FEN_READ,
            Per::Byte,
            0.30,
            true,
        ),
        c(
            "OTN position read per byte / TSN read per byte (same boards)",
            "read/otn_set",
            "read/tsn_set",
            Per::Byte,
            1.2,
            true,
        ),
        c(
            "one 3x3 T3EN read / one FEN read (set average)",
            "read/t3en_3x3",
            FEN_READ,
            Per::Position,
            0.12,
            true,
        ),
        c(
            "T3EN writer per byte / FEN writer per byte",
            "write/t3en_set",
            FEN_WRITE,
            Per::Byte,
            0.6,
            true,
        ),
        c(
            "TSN writer per byte / FEN writer per byte",
            "write/tsn_set",
            FEN_WRITE,
            Per::Byte,
            0.6,
            true,
        ),
        c(
            "TEN writer per byte / FEN writer per byte",
            "write/ten_set",
            FEN_WRITE,
            Per::Byte,
            0.6,
            true,
        ),
    ];
    list.extend(
        WRITERS_AT_START
            .iter()
            .map(|&(what, ours, bound)| c(what, ours, FEN_WRITE, Per::Byte, bound, true)),
    );
    list.extend(TEXT_COSTS.iter().flat_map(
        |&(what, display, serde, writer, display_str, serde_str, copy)| {
            [
                Comparison {
                    what: Cow::Owned(format!("{what} Display beyond a str's Display / its writer")),
                    ours: display,
                    peer: writer,
                    per: Per::Whole,
                    bound: 1.05,
                    at_most: true,
                    aside: Some((display_str, copy)),
                },
                Comparison {
                    what: Cow::Owned(format!(
                        "{what} serde beyond a str's serde (serde_json) / its writer"
                    )),
                    ours: serde,
                    peer: writer,
                    per: Per::Whole,
                    bound: 1.05,
                    at_most: true,
                    aside: Some((serde_str, copy)),
                },
            ]
        },
    ));
    list.extend([c(
        "regex verdict / direct verdict (speed-up of direct)",
        "verdict/regex",
        "verdict/direct",
        Per::Whole,
        10.0,
        false,
    )]);
    list
}

/// The timed targets that compare two criterion figures (the reads and writes are judged
/// on instructions; their timed ratios are shown beside).
pub(super) const TIMED_COMPARISONS: [Comparison; 2] = [
    c(
        "13-bit encode / reading the 9-digit string (same boards)",
        "codes/ranked_encode",
        "codes/digits_read",
        Per::Whole,
        1.0,
        true,
    ),
    c(
        "13-bit decode / reading the 9-digit string (same boards)",
        "codes/ranked_decode",
        "codes/digits_read",
        Per::Whole,
        1.0,
        true,
    ),
];

/// Absolute timed targets: criterion ID and the bound in nanoseconds.
pub(super) const TIME_BOUNDS: [(&str, &str, f64); 12] = [
    ("3x3 solve from the empty board (ms)", "solve/3x3", 1e6),
    ("Tomorrow's 3x4 solve (ms)", "solve/3x4_tomorrows", 1e9),
    ("Tomorrow's 3x4 misère solve (ms)", "solve/3x4_tomorrows_misere", 1e9),
    ("Tomorrow's 3x4 solve with diagonals (ms)", "solve/3x4_tomorrows_diagonals", 1e9),
    (
        "Tomorrow's 3x4 misère solve with diagonals (ms)",
        "solve/3x4_tomorrows_misere_diagonals",
        1e9,
    ),
    ("4x4 k=3 solve (ms)", "solve/4x4_k3", 1e9),
    ("4x4 k=3 misère solve (ms)", "solve/4x4_k3_misere", 1e9),
    ("4x4 k=4 solve (ms)", "solve/4x4_k4", 1e9),
    ("4x4 k=4 misère solve (ms)", "solve/4x4_k4_misere", 1e9),
    ("3x3 SVG picture (µs)", "svg/t3en_3x3", 5e3),
    ("19x19 tafl SVG picture (µs)", "svg/tsn_19x19", 1e5),
    ("19x19 m,n,k SVG picture (µs)", "svg/t3en_19x19", 1e5),
];

/// The CLI's timed targets from one round's throughput figures.
pub(super) fn cli_targets(throughput: &[Throughput], variants: &[Variant]) -> Vec<Target> {
    let big = &throughput[0];
    let cli_per_line = big.cli_ns as f64 / big.lines as f64;
    let in_process_per_line = big.in_process_ns as f64 / big.lines as f64;
    let memory_ratio = big.cli_maxrss_kib as f64 / throughput[1].cli_maxrss_kib.max(1) as f64;
    let target = |what: &str, ratio: f64, bound: f64, at_most: bool| Target {
        what: what.to_owned(),
        ratio,
        bound,
        at_most,
    };
    vec![
        target(
            "CLI cost per line / in-process conversion per line",
            cli_per_line / in_process_per_line,
            1.5,
            true,
        ),
        target("CLI 3x3 lines per second (millions)", 1e3 / cli_per_line, 2.0, false),
        target(
            "CLI peak memory, 10x the lines / 1x (independent of input size)",
            memory_ratio,
            1.1,
            true,
        ),
        target(
            "CLI time with notes on (summary, stderr to a file) / --quiet",
            variants[0].ns as f64 / big.cli_ns as f64,
            1.5,
            true,
        ),
        target(
            "CLI lines per second, --jobs 2 / --jobs 1 (2 cores)",
            big.cli_ns as f64 / variants[1].ns as f64,
            1.7,
            false,
        ),
    ]
}
