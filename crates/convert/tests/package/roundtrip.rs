//! The round-trip law by quickcheck: for every pair of formats A, B and generated
//! positions, if A→B reports no drop, B→A gives back A's canonical text.

use gridnote_board::arbitrary::{board_with, in_range};
use gridnote_board::{Board, Cell, Player, Position};
use gridnote_convert::{Format, NoteKind, Options, convert};
use quickcheck::{Arbitrary, Gen, QuickCheck};

/// Every registered format.
const FORMATS: &[Format] = Format::ALL;

/// A side to move: half the time the one the counts imply (so that digits and bits can
/// carry the position without a drop), else either.
fn side(g: &mut Gen, board: &Board) -> Player {
    match board.counts().side_to_move() {
        Some(side) if bool::arbitrary(g) => side,
        _ => Player::arbitrary(g),
    }
}

/// Canonical text of a generated position in `format`: a generated seed position
/// (T3EN with void cells and padded rectangles, TSN/TEN with kings, counters and
/// extensions, or a tuple rectangle) converted into `format`, retried until the format can
/// hold it. Every registered format gets samples this way, with no code per format.
fn text(g: &mut Gen, format: Format) -> String {
    let options = Options::default();
    for _ in 0..10_000 {
        let (seed, from) = seed(g);
        if let Ok(out) = convert(&seed, Some(from), format, &options) {
            return out.output;
        }
    }
    panic!("no generated seed position converts into {format}")
}

/// A generated position in one of the seed formats, canonical.
fn seed(g: &mut Gen) -> (String, Format) {
    let marks = [Cell::Empty, Cell::Empty, Cell::ONE, Cell::TWO];
    let format = *g.choose(&[Format::T3en, Format::Tsn, Format::Ten, Format::Tuple]).unwrap();
    let text = match format {
        Format::T3en => {
            let n = if bool::arbitrary(g) { 3 } else { in_range(g, 1, 6) };
            // Padded rectangles: sometimes void bottom rows or right columns.
            let cut = in_range(g, 0, n - 1);
            let across = bool::arbitrary(g);
            // Half the boards have void cells anywhere, half none (so that digits and bits
            // can hold them).
            let palette: &[Cell] = if bool::arbitrary(g) {
                &[Cell::Void, Cell::Empty, Cell::ONE, Cell::TWO]
            } else {
                &marks
            };
            let mut board = board_with(g, n, n, palette);
            if bool::arbitrary(g) {
                board = Board::from_fn(n, n, |r, c| {
                    let void = if across { r >= n - cut } else { c >= n - cut };
                    if void {
                        Cell::Void
                    } else {
                        board
                            .get(r, c)
                            .map_or(Cell::Empty, |c| if c.is_void() { Cell::Empty } else { c })
                    }
                })
                .unwrap();
            }
            let to_move = side(g, &board);
            gridnote_t3en::T3en::new(Position::new(board, to_move)).unwrap().to_string()
        }
        Format::Tsn | Format::Ten => {
            // Often 3x3, which every format can hold.
            let n = if bool::arbitrary(g) { 3 } else { in_range(g, 1, 6) };
            let mut board = board_with(g, n, n, &marks);
            if u8::arbitrary(g) % 4 == 0 {
                let cell = in_range(g, 0, n * n - 1);
                board.cells_mut()[cell] = Cell::TWO_KING;
            }
            let to_move = side(g, &board);
            let counts = board.counts();
            let pieces = counts.occupied() as u32;
            let d = counts.of(Player::Two) - counts.kings[1];
            let need = d.max(counts.of(Player::One).div_ceil(2)).max(1);
            let derived = (need.div_ceil(4) * 4) as u32;
            let (defenders, ply, since) = if bool::arbitrary(g) {
                // The values a tic-tac-toe source would derive, or (an OTN source) a tafl
                // source without counters.
                if bool::arbitrary(g) { (derived, pieces + 1, pieces) } else { (derived, 1, 0) }
            } else {
                let ply = in_range(g, 1, 60) as u32;
                (4 * in_range(g, 1, 6) as u32, ply, in_range(g, 0, ply as usize) as u32)
            };
            let tsn = gridnote_tafl::Tsn::new(board, defenders, to_move, ply, since).unwrap();
            if format == Format::Tsn {
                tsn.to_string()
            } else {
                let extension = match u8::arbitrary(g) % 3 {
                    0 => gridnote_tafl::Extension::None,
                    1 => gridnote_tafl::Extension::custom("rules", "2", "edge:escape").unwrap(),
                    _ => otn_rules(g, tsn.board()),
                };
                gridnote_tafl::Ten::new(tsn, extension).unwrap().to_string()
            }
        }
        Format::Tuple => {
            let (rows, cols) =
                if bool::arbitrary(g) { (3, 3) } else { (in_range(g, 1, 6), in_range(g, 1, 6)) };
            let board = board_with(g, rows, cols, &marks);
            let to_move = side(g, &board);
            gridnote_tuple::Tuple::new(Position::new(board, to_move)).unwrap().to_string()
        }
        _ => unreachable!("seeds are chosen from the four formats above"),
    };
    (text, format)
}

/// TEN's extension `otn:1:…` holding an OpenTafl rules record for `board`: with or
/// without `atkf` (who moves first), its start position the board or, sometimes, an empty
/// board of the same size.
fn otn_rules(g: &mut Gen, board: &Board) -> gridnote_tafl::Extension {
    let n = board.rows();
    let atkf = *g.choose(&["", "%20atkf:y", "%20atkf:n"]).unwrap();
    let start = if u8::arbitrary(g) % 4 == 0 { Board::new(n, n).unwrap() } else { board.clone() };
    let start = gridnote_otn::PositionRecord::try_from(&start).unwrap();
    let data = format!("dim:{n}{atkf}%20start:{start}");
    gridnote_tafl::Extension::custom("otn", "1", &data).unwrap()
}

/// One generated position per format, in [`Format::ALL`] order.
#[derive(Clone, Debug)]
struct Sample(Vec<String>);

impl Arbitrary for Sample {
    fn arbitrary(g: &mut Gen) -> Self {
        Sample(FORMATS.iter().map(|&f| text(g, f)).collect())
    }
}

fn law(sample: Sample) -> bool {
    let options = Options::default();
    for (a, text) in FORMATS.iter().zip(&sample.0) {
        let canonical = convert(text, Some(*a), *a, &options).expect("generated text reads");
        assert_eq!(&canonical.output, text, "the generator writes canonical {a}");
        for &b in FORMATS {
            let Ok(there) = convert(text, Some(*a), b, &options) else { continue };
            if there.notes.iter().any(|n| n.kind == NoteKind::Dropped) {
                continue;
            }
            let back = convert(&there.output, Some(b), *a, &options).unwrap_or_else(|e| {
                panic!("{a} {text:?} -> {b} {:?} does not come back: {e}", there.output)
            });
            assert_eq!(&back.output, text, "{a} -> {b} ({:?}) -> {a}", there.output);
        }
    }
    true
}

#[test]
fn round_trip_law_for_every_pair() {
    // 1,000 samples: every pair of formats is tried on 1,000 generated positions.
    QuickCheck::new().tests(1000).quickcheck(law as fn(Sample) -> bool);
}

/// The law is not vacuous: count how many generated pairs convert without a drop.
#[test]
fn many_pairs_are_lossless() {
    let options = Options::default();
    let mut g = Gen::new(8);
    let mut lossless = vec![vec![0u32; FORMATS.len()]; FORMATS.len()];
    for _ in 0..1000 {
        let sample = Sample::arbitrary(&mut g);
        for (i, (a, text)) in FORMATS.iter().zip(&sample.0).enumerate() {
            for (j, b) in FORMATS.iter().enumerate() {
                if let Ok(out) = convert(text, Some(*a), *b, &options) {
                    if out.notes.iter().all(|n| n.kind != NoteKind::Dropped) {
                        lossless[i][j] += 1;
                    }
                }
            }
        }
    }
    // Pairs that can hold each other's positions must see lossless cases.
    for (i, a) in FORMATS.iter().enumerate() {
        for (j, b) in FORMATS.iter().enumerate() {
            assert!(lossless[i][j] > 0, "{a} -> {b} never lossless in 1,000 samples");
        }
    }
}
