//! The tafl texts (OTN's records), known answers: the specification's examples read to
//! the squares it describes, replays reach known positions, warnings and errors say what
//! they should.

use gridnote_board::report::Spanned;
use gridnote_board::tafl::{
    Game, Info, LinePath, MoveRecord, MoveType, PositionRecord, ReplayProblem, ReplayWarning,
    ShapeError, Square, TaflRules,
};
use gridnote_board::{Board, Cell, CellName, Glyphs, Piece, Player, Role};

fn sp(name: &str) -> Square {
    name.parse().expect("a square")
}

#[test]
fn brandub_reads_rank_one_first() {
    let p: PositionRecord = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/".parse().expect("reads");
    assert_eq!(p.get(sp("d1")), Some(Piece::man(Player::One)));
    assert_eq!(p.get(sp("d3")), Some(Piece::man(Player::Two)));
    assert_eq!(p.get(sp("d4")), Some(Piece::king(Player::Two)));
    assert_eq!(p.get(sp("a1")), None);
    let board = Board::from(&p);
    assert_eq!(
        board.draw_with(&Glyphs::TAFL),
        "7 _ _ _ a _ _ _\n6 _ _ _ a _ _ _\n5 _ _ _ d _ _ _\n4 a a d k d a a\n3 _ _ _ d _ _ _\n2 _ _ _ a _ _ _\n1 _ _ _ a _ _ _\n  a b c d e f g\n"
    );
}

#[test]
fn berserk_knights_and_commanders() {
    let rules: TaflRules = "dim:11 surf:n atkf:n kj:r ber:c start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/"
        .parse()
        .expect("reads");
    let p = rules.start_position();
    assert_eq!(p.get(sp("f2")), Some(Piece::new(Player::One, Role::Commander)));
    assert_eq!(p.get(sp("e5")), Some(Piece::new(Player::Two, Role::Knight)));
    assert_eq!(p.get(sp("b6")), Some(Piece::new(Player::One, Role::Commander)));
    assert!(!rules.attackers_first);
    let board = rules.start();
    assert_eq!(board.get(9, 5), Some(Cell::OneCommander));
    assert_eq!(board.get(6, 4), Some(Cell::TwoKnight));
    assert_eq!(PositionRecord::try_from(board).as_ref(), Ok(&p));
}

#[test]
fn boards_with_void_cells_or_other_shapes_do_not_convert() {
    let mut board = Board::new(3, 3).expect("3x3");
    board.set(0, 2, Cell::Void).expect("c3");
    let c3 = CellName { file: 2, rank: 3 };
    assert_eq!(PositionRecord::try_from(&board), Err(ShapeError::Void { cell: c3 }));
    let wide = Board::new(2, 3).expect("2x3");
    assert_eq!(PositionRecord::try_from(&wide), Err(ShapeError::NotSquare { rows: 2, cols: 3 }));
}

#[test]
fn the_largest_board_reads_and_one_more_square_does_not() {
    let row = "255/";
    let text = format!("/{}", row.repeat(255));
    let p: PositionRecord = text.parse().expect("255x255 reads");
    assert_eq!(p.size(), 255);
    assert_eq!(p.to_string(), text);
    let err = format!("/{}", "256/".repeat(256)).parse::<PositionRecord>().unwrap_err();
    assert_eq!(err.span(), 1..4);
}

#[test]
fn move_records_of_every_form() {
    let m: MoveRecord = "Ne6^=e8xce7/ne9/f8/d8".parse().expect("reads");
    let MoveRecord::Move(m) = m else { panic!("a move") };
    assert_eq!(m.kind, MoveType::BerserkJump);
    assert_eq!(m.from, sp("e6"));
    assert_eq!(
        m.captures.iter().map(|c| c.square.to_string()).collect::<Vec<_>>(),
        ["e7", "e9", "f8", "d8"]
    );
    assert_eq!(m.captures[0].piece, Some(Piece::new(Player::One, Role::Commander)));
    assert_eq!(m.captures[2].piece, None);
    for (text, info) in [
        ("Ke5-e1-", Some(Info::EscapeThreatened)),
        ("Ke1-a1--", Some(Info::KingEscaped)),
        ("a3-e3+", Some(Info::KingThreatened)),
        ("e3-e4++", Some(Info::KingCaptured)),
        ("e5-e8", None),
    ] {
        let MoveRecord::Move(m) = text.parse::<MoveRecord>().expect("reads") else {
            panic!("a move")
        };
        assert_eq!(m.info, info, "{text}");
    }
    let MoveRecord::Move(c) = "c6-c7".parse::<MoveRecord>().expect("reads") else {
        panic!("a move")
    };
    assert_eq!((c.piece, c.from), (None, sp("c6")), "a lone c before a rank is the file");
    let MoveRecord::Move(c) = "ce6^e8".parse::<MoveRecord>().expect("reads") else {
        panic!("a move")
    };
    assert_eq!(c.piece, Some(Piece::new(Player::One, Role::Commander)));
}

#[test]
fn rules_entries_are_typed_and_unknown_ones_kept_in_order() {
    let rules: TaflRules = "dim:3 zz:1 cor:a1,c3 ks:y zz:2 start:/3/1K1/3/".parse().expect("reads");
    let unknown: Vec<&str> = rules.unknown.iter().map(|(key, _)| key.as_str()).collect();
    assert_eq!(unknown, ["zz", "zz"]);
    assert_eq!(rules.to_string(), "dim:3 ks:s cor:a1,c3, zz:1 zz:2 start:/3/1K1/3/");
    // A known key given twice is refused, naming the second.
    let err = "dim:3 ks:s cor:a1 ks:w start:/3/1K1/3/".parse::<TaflRules>().unwrap_err();
    assert_eq!((err.to_string(), err.span()), ("rules entry `ks:` appears twice".into(), 18..22));
}

const GAME: &str = "[rules:dim:5 start:/2t2/5/t1K1t/5/2t2/]\n\n1. a3-a2 c3-b3\n[first|second]\n\n1a.1.1a. a3-a4 c3-d3\n1b.1.1a. ..... Kc3-c4\n\n2. c1-c2 Tb3-b5\n";

#[test]
fn variations_replay_from_their_branch_point() {
    let game: Game = GAME.parse().expect("reads");
    let lines: Vec<String> = game.lines().iter().map(ToString::to_string).collect();
    assert_eq!(lines, ["main", "1a.1", "1b.1"]);
    assert_eq!(game.variations(&LinePath::MAIN).len(), 2);
    let main = game.replay(&LinePath::MAIN).expect("replays");
    assert_eq!(main.plies.len(), 4);
    assert_eq!(main.plies[1].player, Player::Two);
    assert_eq!(main.final_position().to_string(), "/5/t1t2/4t/5/1Kt2/");
    let b = game.replay(&"1b.1".parse().expect("a line")).expect("replays");
    assert_eq!(b.plies.len(), 2);
    assert_eq!(b.plies[0].turn, "1.", "the placeholder stands for the main line's move");
    assert_eq!(b.final_position().to_string(), "/2t2/t4/4t/2K2/2t2/");
    // The king moved as `Tb3-b5`: the symbol is wrong, the piece on b3 is authoritative.
    assert_eq!(
        main.plies[3].warnings,
        [ReplayWarning::SymbolMismatch { space: "b3".into(), written: 'T', found: 'K' }]
    );
    let err = game.replay(&"4a.1".parse().expect("a line")).unwrap_err();
    assert_eq!(err.problem, ReplayProblem::NoSuchLine { line: "4a.1".into() });
}

#[test]
fn replay_errors_name_turn_text_line_column_and_span() {
    let text = "[event:ünïcödé]\n[rules:dim:5 start:/2t2/5/t1K1t/5/2t2/]\n\n1. a3-a2 c3-b3\n2.  c1-c2 Kb3-e3\n";
    let game: Game = text.parse().expect("reads");
    let err = game.replay(&LinePath::MAIN).unwrap_err();
    assert_eq!(err.turn, "2.");
    assert_eq!(err.text, "Kb3-e3");
    assert_eq!((err.line, err.column), (5, 11));
    assert_eq!(&text[err.span.clone()], "Kb3-e3");
    assert_eq!(err.problem, ReplayProblem::Occupied { space: "e3".into(), piece: 't' });
}

#[test]
fn a_position_tag_replaces_the_start() {
    let game: Game =
        "[rules:dim:3 start:/3/1K1/3/]\n[position:/K2/3/3/]\n\n1. a1-a3\n".parse().expect("reads");
    let err = game.replay(&LinePath::MAIN).unwrap_err();
    assert_eq!(
        err.problem,
        ReplayProblem::WrongSide { space: "a1".into(), owner: Player::Two, to_move: Player::One }
    );
}

#[cfg(feature = "serde")]
#[test]
fn records_serialize_as_their_text() {
    let p: PositionRecord = "/K/".parse().expect("reads");
    assert_eq!(serde_json::to_string(&p).expect("serializes"), "\"/K/\"");
    let back: PositionRecord = serde_json::from_str("\"/K/\"").expect("deserializes");
    assert_eq!(back, p);
    assert!(serde_json::from_str::<PositionRecord>("\"/K/1/\"").is_err());
}

/// A position record's JSON is its text whether the writer's text is gathered on the
/// stack (a bound of at most 512 bytes: sides up to 22) or, for larger boards, written
/// through `Display`; and `Display` gives the same text as the writer in any case.
#[cfg(feature = "serde")]
#[test]
fn position_records_serialize_whole_or_in_pieces_alike() {
    /// A row of `side` squares, a piece where `piece` says, written with empty counts.
    fn row(side: usize, piece: impl Fn(usize) -> Option<char>) -> String {
        let (mut out, mut empty) = (String::new(), 0);
        for c in 0..side {
            match piece(c) {
                Some(p) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(p);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        out
    }
    for side in (1..=24).chain([100, 255]) {
        for pattern in 0..3 {
            let text: String = (0..side)
                .map(|r| {
                    row(side, |c| match (pattern, (r + c) % 5) {
                        (1, 0) => Some('t'),
                        (1, 3) => Some('T'),
                        (2, _) if c % 2 == 0 => Some('k'),
                        _ => None,
                    })
                })
                .fold(String::from("/"), |text, r| text + &r + "/");
            let record: PositionRecord = text.parse().expect("reads");
            let canonical = record.to_string();
            assert_eq!(canonical, text, "side {side}");
            let mut written = String::new();
            record.append_to(&mut written);
            assert_eq!(written, text, "side {side}");
            assert_eq!(
                serde_json::to_string(&record).expect("serializes"),
                format!("\"{text}\""),
                "side {side}"
            );
        }
    }
}
