//! The tafl model: every cell and role, piece sets, speed forms, the rules record's
//! defaults, reading and writing.

use gridnote_board::report::Spanned;
use gridnote_board::tafl::{
    Berserk, Escape, JumpMode, Key, KingArmed, KingStrength, PRESETS, ParseError, PieceSet,
    Shieldwall, Speeds, TaflRules, Threefold, piece_letter, piece_of_letter,
};
use gridnote_board::{Board, Cell, Piece, Player, Role};

#[test]
fn every_cell_is_one_piece_and_back() {
    assert_eq!(core::mem::size_of::<Cell>(), 1);
    let mut pieces = 0;
    for cell in Cell::ALL {
        match cell.piece() {
            Some(piece) => {
                pieces += 1;
                assert_eq!(Cell::from(piece), cell);
                assert_eq!(cell.player(), Some(piece.player));
                assert_eq!(cell.role(), Some(piece.role));
                assert!(cell.is_piece());
                assert_eq!(cell.is_king(), piece.role == Role::King);
            }
            None => {
                assert!(cell == Cell::Void || cell == Cell::Empty);
                assert!(!cell.is_piece());
            }
        }
    }
    assert_eq!(pieces, 12);
    for player in Player::BOTH {
        for role in Role::ALL {
            let piece = Piece::new(player, role);
            assert_eq!(Cell::from(piece).piece(), Some(piece));
            assert_eq!(piece_of_letter(piece_letter(piece) as u8), Some(piece));
        }
    }
}

#[test]
fn every_piece_set_reads_back_from_its_text() {
    for bits in 0..1u16 << 12 {
        let set = PieceSet::ALL.iter().enumerate().fold(PieceSet::EMPTY, |set, (i, piece)| {
            if bits & 1 << i != 0 { set.with(piece) } else { set }
        });
        assert_eq!(set.bits(), bits);
        assert_eq!(set.len(), bits.count_ones() as usize);
        let text = set.to_string();
        assert_eq!(text.parse::<PieceSet>(), Ok(set), "{text}");
        let reversed: String = text.chars().rev().collect();
        assert_eq!(reversed.parse::<PieceSet>(), Ok(set), "{reversed}");
    }
}

#[test]
fn every_letter_value_reads_back_from_its_letter() {
    fn check<T: Copy + PartialEq + core::fmt::Debug>(
        all: &[T],
        letter: fn(T) -> char,
        from: fn(char) -> Option<T>,
    ) {
        for &value in all {
            assert_eq!(from(letter(value)), Some(value));
        }
        assert_eq!(from('x'), None);
    }
    check(Escape::ALL, Escape::letter, Escape::from_letter);
    check(Threefold::ALL, Threefold::letter, Threefold::from_letter);
    check(KingArmed::ALL, KingArmed::letter, KingArmed::from_letter);
    check(KingStrength::ALL, KingStrength::letter, KingStrength::from_letter);
    check(JumpMode::ALL, JumpMode::letter, JumpMode::from_letter);
    check(Shieldwall::ALL, Shieldwall::letter, Shieldwall::from_letter);
    check(Berserk::ALL, Berserk::letter, Berserk::from_letter);
    for key in Key::ALL {
        assert_eq!(Key::from_name(key.name()), Some(key));
    }
}

#[test]
fn speed_forms_resolve_per_side_and_role() {
    let one = |player, role| Piece::new(player, role);
    // 8 numbers: t c n k T C N K; mercenaries and guards have no limit.
    let eight: Speeds = "1,2,3,4,5,6,7,8".parse().unwrap();
    assert_eq!(eight.get(one(Player::One, Role::King)), Some(4));
    assert_eq!(eight.get(one(Player::Two, Role::Man)), Some(5));
    assert_eq!(eight.get(one(Player::Two, Role::King)), Some(8));
    assert_eq!(eight.get(one(Player::One, Role::Mercenary)), None);
    assert_eq!(eight.to_string(), "1,2,3,4,5,6,7,8,");
    // 10 numbers: t c n k m T C N K M.
    let ten: Speeds = "1,2,3,4,5,6,7,8,9,10".parse().unwrap();
    assert_eq!(ten.get(one(Player::One, Role::Mercenary)), Some(5));
    assert_eq!(ten.get(one(Player::Two, Role::Mercenary)), Some(10));
    assert_eq!(ten.get(one(Player::Two, Role::Guard)), None);
    // A limit the form read cannot say: the shortest form that can.
    let mut changed = eight;
    changed.set(one(Player::One, Role::Guard), Some(2));
    assert_eq!(changed.to_string(), "1,2,3,4,-1,2,5,6,7,8,-1,-1,");
    assert_eq!(Speeds::all(None).to_string(), "-1");
    assert!("0".parse::<Speeds>().is_err());
    assert!("256".parse::<Speeds>().is_err());
    assert!("1,2,3".parse::<Speeds>().is_err());
}

#[test]
fn an_empty_record_has_opentafls_defaults() {
    let rules: TaflRules = "dim:11 start:/11/11/11/11/11/5K5/11/11/11/11/11/".parse().unwrap();
    assert_eq!(rules.escape, Escape::Corner);
    assert!(rules.surrounded && rules.attackers_first && rules.shieldwall_flank);
    assert!(!rules.edge_fort_escape && !rules.linnaean);
    assert_eq!(rules.threefold, Threefold::Draw);
    assert_eq!(rules.king_armed, KingArmed::Armed);
    assert_eq!(rules.king_strength, KingStrength::Strong);
    assert_eq!(
        Role::ALL.map(|role| rules.jump(role)),
        [
            JumpMode::None,
            JumpMode::None,
            JumpMode::Jump,
            JumpMode::Capturing,
            JumpMode::None,
            JumpMode::None
        ]
    );
    let names = |spaces: &[gridnote_board::CellName]| {
        spaces.iter().map(ToString::to_string).collect::<Vec<_>>().join(",")
    };
    assert_eq!(names(&rules.corners), "a1,k1,a11,k11");
    assert_eq!(names(&rules.centre_spaces), "f6");
    assert!(rules.attacker_forts.is_empty() && rules.defender_forts.is_empty());
    // RulesSerializer.defaults, key by key.
    let sets = [
        (rules.corner.passable, "K"),
        (rules.centre.passable, "tcnkmTCNKM"),
        (rules.attacker_fort.passable, "tcnkmTCNKM"),
        (rules.defender_fort.passable, "tcnkmTCNKM"),
        (rules.corner.stoppable, "K"),
        (rules.centre.stoppable, "K"),
        (rules.attacker_fort.stoppable, "tcnkmTCNKM"),
        (rules.defender_fort.stoppable, "TCNKM"),
        (rules.corner.hostile, "tcnkmTCNKM"),
        (rules.centre.hostile, "tcnkm"),
        (rules.centre_hostile_empty, "tcnkmTCNKM"),
        (rules.attacker_fort.hostile, "TCNKM"),
        (rules.defender_fort.hostile, "tcnkm"),
        (rules.corner.reenterable, "tcnkmTCNKM"),
        (rules.centre.reenterable, "tcnkmTCNKM"),
        (rules.attacker_fort.reenterable, "tcnkmTCNKM"),
        (rules.defender_fort.reenterable, "tcnkmTCNKM"),
    ];
    for (set, text) in sets {
        assert_eq!(set.to_string(), text);
    }
    assert_eq!(rules.shieldwall, Shieldwall::None);
    assert_eq!(rules.berserk, Berserk::None);
    assert!(Key::ALL.iter().all(|&key| !rules.is_written(key)));
    assert_eq!(rules.to_string(), "dim:11 start:/11/11/11/11/11/5K5/11/11/11/11/11/");
}

#[test]
fn a_record_writes_back_as_read_but_for_order_and_spelling() {
    let text = "dim:3 zz:1 ks:y cor:c3,a1 esc:c cenh: foo:bar:baz starti:/t2/1K1/2T/";
    let rules: TaflRules = text.parse().unwrap();
    assert_eq!(
        rules.to_string(),
        "dim:3 esc:c ks:s cor:c3,a1, cenh: zz:1 foo:bar:baz starti:/t2/1K1/2T/"
    );
    assert_eq!(rules.start().get(0, 0), Some(Cell::OneMan));
    assert_eq!(rules.start().get(2, 2), Some(Cell::TwoMan));
    assert_eq!(rules.to_string().parse::<TaflRules>().unwrap(), rules);
    // OpenTafl's guard tests spell a jump mode `y`, which OpenTafl reads as no jumps.
    let legacy: TaflRules = "dim:1 gj:y start:/G/".parse().unwrap();
    assert_eq!(
        (legacy.guard_jump, legacy.to_string().as_str()),
        (JumpMode::None, "dim:1 gj:n start:/G/")
    );
    assert!("dim:1 gj:x start:/G/".parse::<TaflRules>().is_err());
    // A value changed away from its default is written even when the record had none.
    let mut changed = rules.clone();
    changed.edge_fort_escape = true;
    assert!(changed.to_string().contains(" efe:y "));
}

#[test]
fn bad_records_are_errors_with_spans() {
    let cases: [(&str, core::ops::Range<usize>, &str); 8] = [
        (
            "",
            0..0,
            "the rules record has no board size: expected `dim:<size>` as its first entry, found the end of the text",
        ),
        (
            "esc:c start:/1/",
            0..5,
            "the rules record has no board size: expected `dim:<size>` as its first entry, found `esc:c`",
        ),
        (
            "dim:0 start:/1/",
            4..5,
            "rules entry `dim:`: expected a board size from 1 to 255, found `0`",
        ),
        ("dim:1 esc:c esc:e start:/K/", 12..17, "rules entry `esc:` appears twice"),
        (
            "dim:1 start:/K/ esc:c",
            16..21,
            "`esc:` comes after the start position, which must be the last entry",
        ),
        (
            "dim:1 esc:c",
            11..11,
            "the rules record has no start position: expected `start:` or `starti:` as its last entry",
        ),
        (
            "dim:2 start:/2/",
            12..15,
            "`start:` has 1 rows, expected 2 (a square board has as many rows as a row has squares)",
        ),
        (
            "dim:2 cenh:tx start:/2/2/",
            12..13,
            "rules entry `cenh:`: expected taflman symbols (t c n k m g, uppercase for the defenders), found `x`",
        ),
    ];
    for (text, span, message) in cases {
        let err: ParseError = text.parse::<TaflRules>().unwrap_err();
        assert_eq!((err.span(), err.to_string().as_str()), (span, message), "{text}");
    }
}

#[test]
fn every_preset_is_an_opentafl_variant() {
    let dims: Vec<usize> =
        PRESETS.iter().map(|name| TaflRules::preset(name).unwrap().dim()).collect();
    assert_eq!(dims, [11, 11, 11, 11, 11, 7, 7, 9, 9, 9, 13, 11, 15, 19]);
    let berserk = TaflRules::preset("berserk").unwrap();
    assert_eq!(berserk.start().counts().pieces, [24, 13]);
    assert!(!berserk.attackers_first);
    let err = TaflRules::preset("hnefatafl").unwrap_err();
    assert_eq!(err.what, "tafl rules");
}

#[test]
fn new_refuses_boards_no_tafl_game_has() {
    let mut board = Board::new(2, 2).unwrap();
    board.set(0, 1, Cell::Void).unwrap();
    assert_eq!(
        TaflRules::new(board).unwrap_err().to_string(),
        "a tafl board has no void cells: b2 is one"
    );
}

#[cfg(feature = "serde")]
#[test]
fn rules_survive_serde() {
    for name in PRESETS {
        let rules = TaflRules::preset(name).unwrap();
        let json = serde_json::to_string(&rules).unwrap();
        let back: TaflRules = serde_json::from_str(&json).unwrap();
        assert_eq!(back.to_string(), rules.to_string(), "{name}");
    }
}
