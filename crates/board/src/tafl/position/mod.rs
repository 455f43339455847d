//! Position records: `/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`, rank 1 first.
//!
//! As in gridnote-t3en, the record ([`record`]) is read by a one-pass reader
//! ([`one_pass`]) that answers `None` on anything unexpected, then by the checked reader
//! ([`checked`]), which names the error; [`write`] writes it.

use core::str::FromStr;

use super::error::ParseError;

mod checked;
mod one_pass;
mod record;
mod write;

pub(crate) use checked::read_checked;
pub(crate) use one_pass::read_one_pass;
use one_pass::read_one_pass_into;
pub use record::PositionRecord;
pub use write::Inverted;

impl PositionRecord {
    /// Reads the inverted form (the value of `starti:`): rows from the top.
    ///
    /// # Errors
    /// [`ParseError`] naming the row and what was expected.
    ///
    /// ```
    /// use gridnote_board::tafl::PositionRecord;
    /// let p = PositionRecord::parse_inverted("/K2/3/3/")?;
    /// assert_eq!(p.to_string(), "/3/3/K2/");
    /// assert_eq!(p.inverted().to_string(), "/K2/3/3/");
    /// # Ok::<(), gridnote_board::tafl::ParseError>(())
    /// ```
    pub fn parse_inverted(text: &str) -> Result<PositionRecord, ParseError> {
        read(text, 0, true, "the position")
    }
}

impl FromStr for PositionRecord {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<PositionRecord, ParseError> {
        read(text, 0, false, "the position")
    }
}

/// position = "/" 1*(row "/")
/// row      = 1*(count / piece)      ; squares of a row add up to the board size
/// count    = %x31-39 *DIGIT         ; empty squares, decimal, no leading zero
/// piece    = "t" / "k" / "g" / "m" / "n" / "c" / "T" / "K" / "G" / "M" / "N" / "C"
///
/// One pass over the bytes. The first row's width is the board size (at most 255); the
/// board is allocated once that is known, and never grows beyond size × size.
#[inline(always)]
pub(crate) fn read(
    text: &str,
    base: usize,
    inverted: bool,
    field: &'static str,
) -> Result<PositionRecord, ParseError> {
    let mut record = PositionRecord::blank();
    match read_one_pass_into(text.as_bytes(), inverted, &mut record) {
        Some(()) => Ok(record),
        None => read_checked(text, base, inverted, field),
    }
}

#[cfg(test)]
mod tests {
    use quickcheck::{QuickCheck, TestResult};

    use super::{PositionRecord, read_checked, read_one_pass};
    use crate::tafl::Square;
    use crate::{Piece, Player};

    /// The one-pass reader accepts exactly what the checked reader accepts, with the same
    /// value.
    fn agree(text: &str) -> bool {
        for inverted in [false, true] {
            let one_pass = read_one_pass(text.as_bytes(), inverted);
            let checked = read_checked(text, 0, inverted, "the position").ok();
            if one_pass != checked {
                return false;
            }
        }
        true
    }

    #[test]
    fn one_pass_and_checked_readers_agree_on_known_texts() {
        for text in [
            "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
            "/1/x",
            "/1/",
            "/K/",
            "//",
            "/",
            "",
            "/2/2",
            "/03/3/3/",
            "/256/",
            "/1/1/",
            "/2/2/ ",
            "/t1/1T/",
            "/t2/1T/",
            "/11/11/11/11/11/11/11/11/11/11/11/",
            "/10/10/10/10/10/10/10/10/10/10/",
            "/9t/10/10/10/10/10/10/10/10/t9/",
            "/9t/10/10/10/10/10/10/10/10/t90/",
            "/2/1t0/",
            "/2/t01/",
            "/3/1t1/20/",
        ] {
            assert!(agree(text), "{text:?}");
        }
    }

    #[test]
    fn zero_bytes_and_texts_cut_short_are_rejected_by_both_readers() {
        for text in ["/1\0/", "/\0/", "/t\0/", "/1/\0", "\0", "/2/1\0/", "/2/\u{0}1/", "/10\0/"] {
            assert!(agree(text), "{text:?}");
            assert_eq!(read_one_pass(text.as_bytes(), false), None, "{text:?}");
        }
    }

    /// A record of side `size` with pieces on the squares `at` (rank 1 first), written
    /// by the writer.
    fn record(size: usize, at: &[(u8, u8)]) -> PositionRecord {
        let mut record = PositionRecord::empty(size).unwrap();
        let piece = Piece::king(Player::Two);
        for &(file, rank) in at {
            record.set(Square::new(file, rank), Some(piece)).unwrap();
        }
        record
    }

    #[test]
    fn boards_on_both_sides_of_the_inline_squares_read_back() {
        // 10×10 and 11×11 keep their squares inline, 12×12 and larger on the heap; a first
        // row wider than the inline squares is read into a buffer of its own.
        for size in [1, 2, 10, 11, 12, 16, 19, 120, 121, 122, 255] {
            let last = (size - 1) as u8;
            let record = record(size, &[(0, 0), (last, 0), (0, last), (last, last)]);
            for inverted in [false, true] {
                let text =
                    if inverted { record.inverted().to_string() } else { record.to_string() };
                let read = read_one_pass(text.as_bytes(), inverted);
                assert_eq!(read.as_ref(), Some(&record), "{size}: {text}");
                assert!(agree(&text), "{size}");
                // A square more or less in the first or the last row.
                let wider = text.replacen('K', "1K", 1);
                assert_eq!(read_one_pass(wider.as_bytes(), inverted), None, "{size}");
                assert!(agree(&wider), "{size}");
            }
        }
    }

    #[test]
    fn texts_around_the_length_of_the_padded_copy() {
        // Up to 254 bytes are read from the padded copy, longer texts in place. An empty
        // 84×84 board is 253 bytes (`/` and 84 times `84/`); a king on a1 makes it 254
        // (`K83/`) or 255 (`1K82/`).
        let empty = format!("/{}", "84/".repeat(84));
        assert_eq!(empty.len(), 253);
        let king = |first: &str| format!("/{first}/{}", "84/".repeat(83));
        for (text, len) in [(empty.clone(), 253), (king("K83"), 254), (king("1K82"), 255)] {
            assert_eq!(text.len(), len);
            for inverted in [false, true] {
                let read = read_one_pass(text.as_bytes(), inverted).expect("well formed");
                let king = u8::from(len == 255);
                let rank = if inverted { 83 } else { 0 };
                let expected = if len == 253 { None } else { Some(Square::new(king, rank)) };
                let found = read.squares().find(|(_, piece)| piece.is_some()).map(|(at, _)| at);
                assert_eq!(found, expected, "{len}");
            }
            assert!(agree(&text), "{len}");
            assert!(agree(&text[..text.len() - 1]), "{len}");
            assert!(agree(&format!("{text}\0")), "{len}");
            assert!(agree(&format!("{text}1/")), "{len}");
        }
    }

    #[test]
    fn inline_and_heap_records_compare_and_hash_by_their_squares() {
        use core::hash::BuildHasher as _;
        let state = std::collections::hash_map::RandomState::new();
        for size in [3, 11, 12] {
            let built = record(size, &[(1, 0)]);
            let read: PositionRecord = built.to_string().parse().unwrap();
            assert_eq!(read, built);
            assert_eq!(state.hash_one(&read), state.hash_one(&built));
            assert_ne!(read, record(size, &[(2, 0)]));
        }
        // Empty boards of different sizes are different records.
        assert_ne!(PositionRecord::empty(2).unwrap(), PositionRecord::empty(3).unwrap());
        assert_ne!(PositionRecord::empty(11).unwrap(), PositionRecord::empty(12).unwrap());
    }

    #[test]
    fn counts_of_every_length_are_written_in_decimal() {
        for (size, pieces, text) in [
            (1, vec![], "/1/"),
            (1, vec![(0, 0)], "/K/"),
            (10, vec![(9, 0), (0, 9)], "/9K/10/10/10/10/10/10/10/10/K9/"),
            (100, vec![(0, 0)], ""),
            (255, vec![(0, 0), (254, 254), (100, 254)], ""),
        ] {
            let record = record(size, &pieces);
            let written = record.to_string();
            if !text.is_empty() {
                assert_eq!(written, text);
            }
            let mut bytes = Vec::new();
            record.append_to(&mut bytes);
            assert_eq!(bytes, written.as_bytes());
            assert_eq!(written.parse::<PositionRecord>().as_ref(), Ok(&record));
            let inverted = record.inverted().to_string();
            assert_eq!(PositionRecord::parse_inverted(&inverted).as_ref(), Ok(&record));
        }
        let big = record(255, &[(0, 0), (254, 254), (100, 254)]).to_string();
        let rows: Vec<&str> = big.trim_matches('/').split('/').collect();
        assert_eq!((rows[0], rows[1], rows[254]), ("K254", "255", "100K153K"));
        let wide = record(100, &[(0, 0)]).inverted().to_string();
        assert!(wide.starts_with("/100/") && wide.ends_with("/K99/"), "{wide}");
    }

    #[test]
    fn counts_of_more_digits_at_either_byte_of_a_turn() {
        // The row loop takes two bytes a turn: a count of two or three digits may start
        // at either of them and run into the next turn, and may end the row.
        for size in [10usize, 12, 99, 100, 120, 121, 122, 255] {
            for lead in 0..4 {
                for trail in 0..3 {
                    let count = size - lead - trail;
                    let row =
                        |count: usize| format!("{}{count}{}", "K".repeat(lead), "K".repeat(trail));
                    let text = |count: usize| {
                        format!("/{size}/{}/{}", row(count), format!("{size}/").repeat(size - 2))
                    };
                    let files = (0..lead).chain(size - trail..size);
                    let pieces: Vec<(u8, u8)> = files.map(|file| (file as u8, 1)).collect();
                    let expected = record(size, &pieces);
                    assert_eq!(text(count), expected.to_string());
                    assert_eq!(
                        read_one_pass(text(count).as_bytes(), false),
                        Some(expected.clone())
                    );
                    let inverted = read_one_pass(text(count).as_bytes(), true)
                        .map(|r| r.inverted().to_string());
                    assert_eq!(inverted, Some(text(count)), "{size} {lead} {trail}");
                    assert!(agree(&text(count)), "{size} {lead} {trail}");
                    // A square more or fewer (a zero count too), a count with a leading zero.
                    for bad in [
                        text(count + 1),
                        text(count - 1),
                        text(count).replacen(
                            &format!("/{}", row(count)),
                            &format!("/{}", row(count)).replacen(
                                &count.to_string(),
                                &format!("0{count}"),
                                1,
                            ),
                            1,
                        ),
                    ] {
                        assert_eq!(read_one_pass(bad.as_bytes(), false), None, "{bad}");
                        assert!(agree(&bad), "{bad}");
                    }
                }
            }
        }
    }

    #[test]
    fn rows_that_end_at_the_end_of_the_padded_copy() {
        // Texts of 240 to 260 bytes of a 16x16 board, read from the padded copy up to 254
        // bytes and in place beyond, whose last row ends in a count of one or two digits
        // or in pieces, at either byte of the loop's two-byte turn.
        let last_rows: [&[u8]; 6] = [&[0], &[15], &[0, 1, 2, 3, 4, 5], &[14], &[0, 15], &[]];
        for total in 240..=260 {
            for last in last_rows {
                let mut pieces: Vec<(u8, u8)> = last.iter().map(|&file| (file, 15)).collect();
                // The further rows: the first `k` squares pieces (2 to 16 bytes a row).
                let last_len = record(16, &pieces).to_string().rsplit('/').nth(1).unwrap().len();
                let mut left = total - 1 - (last_len + 1);
                if left > 15 * 17 {
                    continue;
                }
                for rank in 0..15u8 {
                    let len = (left - 3 * (14 - usize::from(rank))).clamp(3, 17) - 1;
                    let k = match len {
                        2 => 0,
                        3..=8 => len - 2,
                        _ => len - 1,
                    };
                    pieces.extend((0..k as u8).map(|file| (file, rank)));
                    left -= len + 1;
                }
                assert_eq!(left, 0, "{total}");
                let expected = record(16, &pieces);
                for inverted in [false, true] {
                    let text = if inverted {
                        expected.inverted().to_string()
                    } else {
                        expected.to_string()
                    };
                    assert_eq!(text.len(), total, "{text}");
                    assert_eq!(
                        read_one_pass(text.as_bytes(), inverted).as_ref(),
                        Some(&expected),
                        "{text}"
                    );
                    for bad in [
                        text[..total - 1].to_string(),
                        format!("{text}\0"),
                        format!("{text}1/"),
                        format!("{}1/", &text[..total - 1]),
                        format!("{}t/", &text[..total - 1]),
                    ] {
                        assert_eq!(read_one_pass(bad.as_bytes(), inverted), None, "{bad}");
                        assert!(agree(&bad), "{bad}");
                    }
                }
            }
        }
    }

    #[test]
    fn one_pass_and_checked_readers_agree_on_arbitrary_texts() {
        fn prop(bytes: Vec<u8>) -> TestResult {
            // Texts over the position alphabet, so that many are well-formed.
            const ALPHABET: &[u8] = b"/123tTkKgGmMnNcC0x /";
            let text: String = bytes
                .iter()
                .map(|&b| char::from(ALPHABET[usize::from(b) % ALPHABET.len()]))
                .collect();
            TestResult::from_bool(agree(&text) && agree(&format!("/{text}")))
        }
        QuickCheck::new().tests(20_000).quickcheck(prop as fn(Vec<u8>) -> TestResult);
    }
}
