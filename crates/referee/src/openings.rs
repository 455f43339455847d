//! Start lists: a file of openings, one position a line, shared by both protocols; and
//! random openings, each made when its game starts.

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

/// Random openings: `plies` random legal plies from the start, from a generator seeded by
/// `seed` and the opening's number, so that opening i is the same whatever the number of
/// games, and is made only when its game starts.
///
/// ```
/// let random = gridnote_referee::openings::RandomOpenings::new(4, 7);
/// assert_eq!((random.plies, random.seed), (4, 7));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct RandomOpenings {
    /// Random plies from the start.
    pub plies: usize,
    /// The seed.
    pub seed: u64,
}

impl RandomOpenings {
    /// Openings of `plies` random plies, seeded by `seed`.
    #[must_use]
    pub const fn new(plies: usize, seed: u64) -> RandomOpenings {
        RandomOpenings { plies, seed }
    }
}

/// How many random walks an opening may take to find one that leaves the game open.
pub(crate) const ATTEMPTS: u64 = 1000;

/// The generator of attempt `attempt` at opening `index` of `seed`.
pub(crate) fn generator(seed: u64, index: usize, attempt: u64) -> crate::rng::SplitMix {
    let mut mix = crate::rng::SplitMix(seed ^ (index as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
    crate::rng::SplitMix(mix.next() ^ attempt.wrapping_mul(0xA24B_AED4_963E_E407))
}

/// Each line of `text` read by `read` (its `\r` terminator dropped), skipping a UTF-8
/// byte-order mark at the start, blank lines and `#` comment lines; the first failure is
/// named by its line number.
pub(crate) fn read_lines<T>(
    text: &str,
    mut read: impl FnMut(&str) -> Result<T, String>,
) -> Result<Vec<T>, OpeningsError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
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
