//! Round trips of the tafl texts: every record written reads back as itself
//! (quickcheck, with the failing input printed), and an exhaustive check of every small
//! board.

use gridnote_board::tafl::{
    Address, Capture, Comment, Game, Half, Info, LinePath, MoveRecord, MoveText, MoveType, PIECES,
    PieceSet, PositionRecord, Slot, Square, TaflRules, Tag, Turn, TurnRef,
};
use gridnote_board::{Board, Cell, Piece, Role};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};

fn piece(g: &mut Gen) -> Piece {
    *g.choose(&PIECES).expect("pieces")
}

fn small(g: &mut Gen, max: u8) -> u8 {
    u8::arbitrary(g) % max
}

#[derive(Clone, Debug)]
struct Pos(PositionRecord);

impl Arbitrary for Pos {
    fn arbitrary(g: &mut Gen) -> Pos {
        let size = 1 + usize::from(small(g, 14));
        let mut p = PositionRecord::empty(size).expect("size in range");
        let density = small(g, 4);
        for rank in 0..size {
            for file in 0..size {
                if small(g, 4) < density {
                    p.set(Square::new(file as u8, rank as u8), Some(piece(g)));
                }
            }
        }
        Pos(p)
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Pos>> {
        let occupied: Vec<Square> =
            self.0.squares().filter(|(_, p)| p.is_some()).map(|(s, _)| s).collect();
        let base = self.0.clone();
        Box::new(occupied.into_iter().map(move |s| {
            let mut p = base.clone();
            p.set(s, None);
            Pos(p)
        }))
    }
}

#[test]
fn positions_round_trip() {
    fn prop(p: Pos) -> bool {
        let text = p.0.to_string();
        let inverted = p.0.inverted().to_string();
        text.parse::<PositionRecord>().as_ref() == Ok(&p.0)
            && PositionRecord::parse_inverted(&inverted).as_ref() == Ok(&p.0)
            && !text.contains("/0")
            && !text.contains("//")
    }
    QuickCheck::new().tests(500).quickcheck(prop as fn(Pos) -> bool);
}

#[test]
fn positions_of_men_and_kings_round_trip_through_boards() {
    fn prop(p: Pos) -> TestResult {
        let only_men_and_kings =
            p.0.squares().all(|(_, x)| x.is_none_or(|p| matches!(p.role, Role::Man | Role::King)));
        if !only_men_and_kings {
            return TestResult::discard();
        }
        let board = Board::from(&p.0);
        TestResult::from_bool(PositionRecord::try_from(&board).as_ref() == Ok(&p.0))
    }
    QuickCheck::new().tests(300).max_tests(20_000).quickcheck(prop as fn(Pos) -> TestResult);
}

fn space(g: &mut Gen, size: u8) -> Square {
    Square::new(small(g, size), small(g, size))
}

/// One entry of a rules record (key and value), on a `dim`×`dim` board.
fn entry(g: &mut Gen, dim: u8) -> String {
    match small(g, 16) {
        0 => format!(
            "name:{}",
            g.choose(&["Brandub", "Fetlar_Defenders_First", "", "H.H._Ard_Ri"]).expect("x")
        ),
        1 => format!("esc:{}", g.choose(&["c", "e"]).expect("x")),
        2 => format!(
            "{}:{}",
            g.choose(&["surf", "atkf", "swf", "efe", "linc"]).expect("x"),
            g.choose(&["y", "n"]).expect("x")
        ),
        3 => format!("tfr:{}", g.choose(&["i", "d", "w", "l"]).expect("x")),
        4 => format!("ka:{}", g.choose(&["y", "n", "a", "h"]).expect("x")),
        5 => format!("ks:{}", g.choose(&["s", "c", "m", "w"]).expect("x")),
        6 => format!(
            "{}:{}",
            g.choose(&["kj", "nj", "cj", "mj", "gj"]).expect("x"),
            g.choose(&["n", "r", "j", "c"]).expect("x")
        ),
        7 => {
            let n = small(g, 4);
            let list: String = (0..n).map(|_| format!("{},", space(g, dim))).collect();
            format!("{}:{list}", g.choose(&["cor", "cen", "afor", "dfor"]).expect("x"))
        }
        8 => {
            let mut types = PieceSet::EMPTY;
            for _ in 0..small(g, 6) {
                types = types.with(piece(g));
            }
            let key = g
                .choose(&[
                    "corp", "cenp", "aforp", "dforp", "cors", "cens", "afors", "dfors", "corh",
                    "cenh", "cenhe", "aforh", "dforh", "corre", "cenre", "aforre", "dforre",
                ])
                .expect("x");
            format!("{key}:{types}")
        }
        9 => format!("sw:{}", g.choose(&["n", "w", "s"]).expect("x")),
        10 => format!("ber:{}", g.choose(&["n", "c", "m"]).expect("x")),
        11 => {
            let n = *g.choose(&[1usize, 2, 8, 10, 12]).expect("x");
            let speeds: Vec<String> =
                (0..n)
                    .map(|_| {
                        if bool::arbitrary(g) {
                            "-1".into()
                        } else {
                            (1 + small(g, 20)).to_string()
                        }
                    })
                    .collect();
            if n == 1 { format!("spd:{}", speeds[0]) } else { format!("spd:{},", speeds.join(",")) }
        }
        _ => format!(
            "{}:{}",
            g.choose(&["foo", "x-y", "zz", "puzzle"]).expect("x"),
            g.choose(&["", "bar", "a:b", "1,2"]).expect("x")
        ),
    }
}

/// Rules records of random entries (each key once) in any order, and the rules read.
#[derive(Clone, Debug)]
struct Rules {
    text: String,
    rules: TaflRules,
}

impl Arbitrary for Rules {
    fn arbitrary(g: &mut Gen) -> Rules {
        let start = Pos::arbitrary(g).0;
        let dim = start.size() as u8;
        let mut text = format!("dim:{dim}");
        let mut keys: Vec<String> = Vec::new();
        for _ in 0..small(g, 12) {
            let e = entry(g, dim);
            let key = e.split(':').next().expect("a key").to_owned();
            if !keys.contains(&key) {
                text.push(' ');
                text.push_str(&e);
                keys.push(key);
            }
        }
        if bool::arbitrary(g) {
            text.push_str(&format!(" starti:{}", start.inverted()));
        } else {
            text.push_str(&format!(" start:{start}"));
        }
        let rules = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        Rules { text, rules }
    }
}

#[test]
fn rules_round_trip_through_the_canonical_text() {
    fn prop(r: Rules) -> bool {
        let canonical = r.rules.to_string();
        let again: TaflRules = canonical.parse().expect("the canonical text reads");
        // The same rules, the same keys written: the text names each key the record named.
        again == r.rules
            && again.to_string() == canonical
            && canonical.split(' ').count() == r.text.split(' ').count()
    }
    QuickCheck::new().tests(500).quickcheck(prop as fn(Rules) -> bool);
}

#[derive(Clone, Debug)]
struct Mv(MoveRecord);

fn arbitrary_move(g: &mut Gen, size: u8) -> MoveText {
    let kinds = [MoveType::Regular, MoveType::Jump, MoveType::Berserk, MoveType::BerserkJump];
    let infos = [
        None,
        Some(Info::KingThreatened),
        Some(Info::EscapeThreatened),
        Some(Info::KingCaptured),
        Some(Info::KingEscaped),
    ];
    let captures = (0..small(g, 4))
        .map(|_| Capture { piece: bool::arbitrary(g).then(|| piece(g)), square: space(g, size) })
        .collect();
    MoveText {
        piece: bool::arbitrary(g).then(|| piece(g)),
        from: space(g, size),
        kind: *g.choose(&kinds).expect("x"),
        to: space(g, size),
        captures,
        info: *g.choose(&infos).expect("x"),
    }
}

impl Arbitrary for Mv {
    fn arbitrary(g: &mut Gen) -> Mv {
        if small(g, 10) == 0 {
            return Mv(MoveRecord::Resignation);
        }
        // Files up to `bz` (two letters): files `ca`… would read as a commander symbol
        // before a file (see docs/otn.md).
        let size = 1 + small(g, 78);
        Mv(MoveRecord::Move(arbitrary_move(g, size)))
    }
}

#[test]
fn moves_round_trip() {
    fn prop(m: Mv) -> bool {
        m.0.to_string().parse::<MoveRecord>().as_ref() == Ok(&m.0)
    }
    QuickCheck::new().tests(1000).quickcheck(prop as fn(Mv) -> bool);
}

#[derive(Clone, Debug)]
struct Gm(Game);

fn text(g: &mut Gen, pipe: bool) -> String {
    let pool = [
        "",
        "A move.",
        "Two\nlines",
        "1. looks like a turn b1-c1",
        "..... and more",
        "ünïcödé",
        "x|y",
        "[nested",
    ];
    let t = g.choose(&pool).expect("x").to_string();
    if pipe { t } else { t.replace('|', "/") }
}

fn turns_of(g: &mut Gen, line: &LinePath, count: u32, placeholder: bool, out: &mut Vec<Turn>) {
    for n in 1..=count {
        let last = n == count;
        let mut slots = Vec::new();
        if placeholder && n == 1 {
            slots.push(Slot::Placeholder);
        } else {
            slots.push(Slot::Move(Mv::arbitrary(g).0));
        }
        if !last || bool::arbitrary(g) || matches!(slots[0], Slot::Placeholder) {
            slots.push(Slot::Move(Mv::arbitrary(g).0));
        }
        let comment = bool::arbitrary(g).then(|| Comment {
            first: text(g, false),
            second: bool::arbitrary(g).then(|| text(g, true)),
        });
        let half = if line.is_main() { None } else { Some(Half::First) };
        out.push(Turn::new(
            Address::new(line.clone(), TurnRef { number: n, half }),
            slots,
            comment,
        ));
    }
}

impl Arbitrary for Gm {
    fn arbitrary(g: &mut Gen) -> Gm {
        let rules = Rules::arbitrary(g).rules;
        let mut game_text = String::new();
        let keys = ["event", "site", "date", "attackers", "start-comment", "puzzle-mode", "x_y"];
        for _ in 0..small(g, 4) {
            let value = text(g, true).replace(']', ")");
            game_text.push_str(&format!("[{}:{value}]\n", g.choose(&keys).expect("x")));
        }
        if bool::arbitrary(g) {
            game_text
                .push_str(&format!("[result:{}]\n", g.choose(&["1", "0", "-1", "?"]).expect("x")));
        }
        game_text.push_str(&format!("[rules:{rules}]\n"));
        if bool::arbitrary(g) {
            let mut p = PositionRecord::empty(rules.dim()).expect("dim");
            p.set(Square::new(0, 0), Some(piece(g)));
            game_text.push_str(&format!("[position:{p}]\n"));
        }
        let mut game: Game = game_text.parse().unwrap_or_else(|e| panic!("{game_text:?}: {e}"));
        let mut turns = Vec::new();
        let main = 1 + u32::from(small(g, 6));
        turns_of(g, &LinePath::MAIN, main, false, &mut turns);
        for v in 1..=u32::from(small(g, 3)) {
            let at = 1 + u32::from(small(g, main as u8));
            let path: LinePath = format!("{at}a.{v}").parse().expect("a line");
            let count = 1 + u32::from(small(g, 3));
            let placeholder = bool::arbitrary(g);
            turns_of(g, &path, count, placeholder, &mut turns);
        }
        let text = format!("{game}{}", turns.iter().map(|t| format!("\n{t}")).collect::<String>());
        game = text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"));
        Gm(game)
    }
}

#[test]
fn games_round_trip() {
    fn prop(game: Gm) -> bool {
        let text = game.0.to_string();
        let again: Game = text.parse().expect("canonical text reads");
        again == game.0 && again.to_string() == text
    }
    QuickCheck::new().tests(300).quickcheck(prop as fn(Gm) -> bool);
}

/// Every 2×2 board of the 13 square states (empty or one of the 12 pieces): the text
/// reads back, the inverted text too, and every board converts both ways, each piece to
/// the cell of its role.
#[test]
fn every_2x2_position_round_trips() {
    let mut states = vec![None];
    states.extend(PIECES.map(Some));
    let mut converted = 0;
    for code in 0..13usize.pow(4) {
        let mut p = PositionRecord::empty(2).expect("2x2");
        let mut c = code;
        for i in 0..4u8 {
            p.set(Square::new(i % 2, i / 2), states[c % 13]);
            c /= 13;
        }
        let text = p.to_string();
        assert_eq!(text.parse::<PositionRecord>().as_ref(), Ok(&p), "{text}");
        assert_eq!(
            PositionRecord::parse_inverted(&p.inverted().to_string()).as_ref(),
            Ok(&p),
            "{text}"
        );
        let board = Board::from(&p);
        converted += 1;
        assert_eq!(PositionRecord::try_from(&board).as_ref(), Ok(&p), "{text}");
        // a1 is the bottom-left: board row 1 (the bottom), column 0.
        let a1 = p.get(Square::new(0, 0));
        let cell = board.get(1, 0).expect("a1");
        assert_eq!(cell, a1.map_or(Cell::Empty, Cell::from), "{text}");
    }
    assert_eq!(converted, 13usize.pow(4), "every board converts");
}

#[test]
fn tag_values_are_kept_verbatim() {
    let game: Game = "[start-comment:a\n\nb|c]\n[rules:dim:1 start:/K/]\n".parse().expect("reads");
    assert_eq!(
        game.tags()[0],
        Tag::Other { key: "start-comment".into(), value: "a\n\nb|c".into() }
    );
}
