//! The conversion rules of docs/decisions.md, one by one.

use gridnote_convert::Spanned;
use gridnote_convert::{
    ConvertError, Field, Format, NoteKind, NoteValue, Options, convert, detect, read,
};

fn opts() -> Options {
    Options::default()
}

fn out(text: &str, from: Option<Format>, to: Format) -> String {
    convert(text, from, to, &opts()).unwrap().output
}

fn err(text: &str, from: Option<Format>, to: Format, options: &Options) -> String {
    convert(text, from, to, options).unwrap_err().to_string()
}

#[test]
fn detection_follows_the_first_matching_rule() {
    let cases = [
        ("(x ____ ____ ____)", Some(Format::Tuple)),
        ("(nonsense", Some(Format::Tuple)),
        ("7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0 -", Some(Format::Ten)),
        ("7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0", Some(Format::Tsn)),
        ("3_/3_/3_ x", Some(Format::T3en)),
        ("x o", Some(Format::T3en)),
        ("120120000", Some(Format::Digits)),
        ("523", Some(Format::Bits)),
        ("0b1011", Some(Format::Bits)),
        ("0x20B", Some(Format::Bits)),
        ("1234567890", Some(Format::Bits)),
        ("", None),
        ("0b", None),
        ("0x", None),
        ("hello", None),
        ("a b c", None),
        ("3 4 5 6 7 8 9 10", None),
    ];
    for (text, expected) in cases {
        assert_eq!(detect(text).ok(), expected, "{text:?}");
    }
    let e = convert("hello", None, Format::T3en, &opts()).unwrap_err();
    assert_eq!(e.span(), 0..5);
    assert!(e.to_string().contains("tried tuple"), "{e}");
}

#[test]
fn tafl_fields_are_derived_or_given() {
    let derived = convert("x_o/_x_/o_x o", None, Format::Tsn, &opts()).unwrap();
    assert_eq!(derived.output, "3 4 d1a/1a1/a1d d 6 5");
    let fields: Vec<(Field, NoteKind, NoteValue)> =
        derived.notes.iter().map(|n| (n.field, n.kind, n.value.clone())).collect();
    assert_eq!(
        fields,
        [
            (Field::Defenders, NoteKind::Derived, NoteValue::Number(4)),
            (Field::Ply, NoteKind::Derived, NoteValue::Number(6)),
            (Field::SinceCapture, NoteKind::Derived, NoteValue::Number(5)),
        ]
    );
    // Defenders: max(#d, ceil(#a/2)) rounded up to a positive multiple of 4.
    let crowd = "xxxxx/xxxxx/xxxxx/xoooo/ooooo x";
    assert_eq!(out(crowd, None, Format::Tsn).split(' ').nth(1), Some("12"));
    let mut given = opts();
    given.defenders = Some(24);
    given.ply = Some(40);
    given.since_capture = Some(3);
    let explicit = convert("3_/_x_/3_ o", None, Format::Ten, &given).unwrap();
    assert_eq!(explicit.output, "3 24 3/1a1/3 d 40 3 -");
    assert_eq!(explicit.notes.len(), 1); // only the extension
    given.defenders = Some(6);
    assert_eq!(
        err("3_/_x_/3_ o", None, Format::Tsn, &given),
        "cannot write tsn: defenders: must be a positive multiple of 4, found 6"
    );
}

#[test]
fn side_to_move_is_derived_from_counts_or_dropped() {
    // o to move although the counts give x: digits cannot keep it.
    let o = convert("3_/3_/3_ o", None, Format::Digits, &opts()).unwrap();
    assert_eq!(o.output, "000000000");
    assert_eq!(o.notes.len(), 1);
    assert_eq!(o.notes[0].kind, NoteKind::Dropped);
    assert_eq!(o.notes[0].field, Field::SideToMove);
    assert_eq!(o.notes[0].value, "o");
    // The counts agree: nothing to say.
    assert!(convert("3_/_x_/3_ o", None, Format::Bits, &opts()).unwrap().notes.is_empty());
    // From digits into a format with a side: derived, or an error naming the counts.
    let x = convert("120000000", None, Format::Tuple, &opts()).unwrap();
    assert_eq!(x.output, "(x xo_ ___ ___)");
    assert_eq!(x.notes[0].kind, NoteKind::Derived);
    assert_eq!(
        err("220000000", None, Format::T3en, &opts()),
        "cannot write t3en: it needs a side to move and none follows from the counts (x/1: 0, o/2: 2; expected equal counts or one more for x)"
    );
    // Digits to bits needs no side.
    assert_eq!(out("120000000", None, Format::Bits), "11");
}

#[test]
fn rectangles_are_padded_into_t3en_and_cropped_back() {
    assert_eq!(out("(o x_ o_ __)", None, Format::T3en), "x_./o_./2_. o");
    assert_eq!(out("x_./o_./2_. o", None, Format::Tuple), "(o x_ o_ __)");
    assert_eq!(out("(x xo_)", None, Format::T3en), "xo_/3./3. x");
    assert_eq!(out("xo_/3./3. x", None, Format::Tuple), "(x xo_)");
    assert_eq!(
        err("2_./2_./3. x", None, Format::Tuple, &opts()),
        "cannot write tuple: non-playable cells fill both the bottom 1 row(s) and the right 1 column(s); only one margin can be cropped to a rectangle"
    );
    assert_eq!(
        err("_._/3_/3_ x", None, Format::Tuple, &opts()),
        "cannot write tuple: b3 is not playable: the tuple format has no non-playable cells (only full bottom rows or full right columns of `.` are cropped)"
    );
    assert_eq!(
        err("(x ____ ____ ____)", None, Format::Tsn, &opts()),
        "cannot write tsn: the board is 3x4; tafl boards are square"
    );
}

#[test]
fn tsn_rows_run_bottom_to_top() {
    // x at the top-left in T3EN is the first cell of the LAST TSN row.
    assert_eq!(out("x2_/3_/3_ o", None, Format::Tsn), "3 4 3/3/a2 d 2 1");
    assert_eq!(out("3 4 3/3/a2 d 2 1", None, Format::T3en), "x2_/3_/3_ o");
    assert_eq!(out("3 4 3/3/a2 d 2 1", None, Format::Digits), "100000000");
}

#[test]
fn what_a_target_cannot_express_is_an_error_naming_it() {
    let hnefatafl =
        "11 12 3aaaaa3/5a5/B/a4d4a/a3ddd3a/aa1ddkdd1aa/a3ddd3a/a4d4a/B/5a5/3aaaaa3 a 1 0";
    assert_eq!(
        err(hnefatafl, None, Format::T3en, &opts()),
        "cannot write t3en: the king at f6 cannot be written in T3EN"
    );
    assert_eq!(
        err(".3_./5_/.3_./5_/.3_. o", None, Format::Tsn, &opts()),
        "cannot write tsn: a1 is a void cell: TSN squares are empty or hold an attacker, a defender or the king"
    );
    assert_eq!(
        err("4_/4_/4_/4_ x", None, Format::Digits, &opts()),
        "cannot write digits: a 4x4 board cannot be a digit string, which holds a 3x3 board"
    );
    assert_eq!(
        err("111111111", None, Format::Bits, &opts()),
        "cannot write bits: X has 9 marks and O 0: the bit codes take only boards where X has as many marks as O or one more"
    );
    let e = convert("111111111", None, Format::Bits, &opts()).unwrap_err();
    assert!(matches!(e, ConvertError::Unrepresentable { to: Format::Bits, .. }));
    assert_eq!(e.span(), 0..9);
}

#[test]
fn illegal_positions_still_convert() {
    // Both players hold a line; no legality check stands in the way.
    assert_eq!(out("111000222", None, Format::Bits), "2749");
    assert_eq!(out("2749", None, Format::Digits), "111000222");
    assert_eq!(out("3x/3_/3o o", None, Format::Tuple), "(o xxx ___ ooo)");
}

#[test]
fn lossless_turns_drops_into_errors() {
    let mut lossless = opts();
    lossless.lossless = true;
    let e = convert("3_/3_/3_ o", None, Format::Digits, &lossless).unwrap_err();
    assert_eq!(e.to_string(), "lossless conversion to digits would drop: side-to-move o");
    assert!(matches!(&e, ConvertError::Lossy { dropped, .. } if dropped.len() == 1));
    // Derivations are not drops.
    assert!(convert("120000000", None, Format::Tsn, &lossless).is_ok());
    let ard_ri = "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0 example:1:escape=corners";
    assert_eq!(
        err(ard_ri, None, Format::Tsn, &lossless),
        "lossless conversion to tsn would drop: extension example:1:escape=corners"
    );
    // OpenTafl's taflmen: OTN keeps them, anything else writes a man and says so.
    let berserk = "/1c1/1K1/1N1/";
    assert_eq!(convert(berserk, None, Format::Otn, &lossless).unwrap().output, berserk);
    assert_eq!(
        err(berserk, None, Format::Tsn, &lossless),
        "lossless conversion to tsn would drop: piece knight b3, piece commander b1"
    );
    assert_eq!(out(berserk, None, Format::Tsn), "3 4 1a1/1k1/1d1 a 1 0");
}

#[test]
fn strict_t3en_rejects_non_canonical_runs() {
    let mut strict = opts();
    strict.set("strict", "true").unwrap();
    assert_eq!(out("1_1_o/_x_/3_ x", None, Format::T3en), "2_o/_x_/3_ x");
    let e = convert("1_1_o/_x_/3_ x", None, Format::T3en, &strict).unwrap_err();
    assert!(matches!(e, ConvertError::Syntax(_)));
    assert_eq!(e.span(), 0..4);
}

#[test]
fn bit_codes_and_radix() {
    let mut o = opts();
    assert_eq!(out("xxx/3_/ooo x", None, Format::Bits), "2749");
    o.set("radix", "bin").unwrap();
    assert_eq!(convert("xxx/3_/ooo x", None, Format::Bits, &o).unwrap().output, "0b0101010111101");
    o.set("radix", "dec").unwrap();
    o.set("code", "naive").unwrap();
    assert_eq!(convert("102002010", None, Format::Bits, &o).unwrap().output, "1894");
    assert_eq!(
        convert("1894", Some(Format::Bits), Format::Digits, &o).unwrap().output,
        "102002010"
    );
    o.set("code", "dense").unwrap();
    assert_eq!(
        err("xxx/3_/ooo x", None, Format::Bits, &o),
        "cannot write bits: the dense code takes only positions reachable in play, and this one is not: both players hold a line"
    );
    o.set("code", "symmetric").unwrap();
    let sym = convert("x2_/3_/3_ o", None, Format::Bits, &o).unwrap();
    let corner = convert("2_x/3_/3_ o", None, Format::Bits, &o).unwrap();
    assert_eq!(sym.output, corner.output);
    assert!(sym.notes.iter().any(|n| n.field == Field::Orientation && n.kind == NoteKind::Dropped));
    // Reading a code out of range names the range.
    let e = convert("6046", None, Format::Digits, &opts()).unwrap_err();
    assert!(matches!(e, ConvertError::Invalid { from: Format::Bits, .. }));
    assert_eq!(
        e.to_string(),
        "bits input names no position: code 6046 is out of range: the ranked code runs from 0 to 6045"
    );
}

#[test]
fn syntax_errors_carry_their_spans() {
    let cases = [
        ("3_/4_/3_ x", Format::T3en, 3..5),
        ("(x ___ ____)", Format::Tuple, 7..11),
        ("12012000x", Format::Digits, 8..9),
        ("0x20g", Format::Bits, 4..5),
    ];
    for (text, from, span) in cases {
        let e = convert(text, Some(from), Format::T3en, &opts()).unwrap_err();
        assert!(matches!(e, ConvertError::Syntax(_)), "{text}: {e}");
        assert_eq!(e.span(), span, "{text}: {e}");
    }
    let source = read("7 8 2aaa2/3a3 a 1 0", Some(Format::Tsn), &opts()).unwrap_err();
    assert!(source.span().end <= 19);
}

/// Every note of a conversion, as `gridnote convert` prints it (without `note: `).
fn notes(text: &str, from: Format, to: Format) -> (String, Vec<String>) {
    let out = convert(text, Some(from), to, &opts()).unwrap();
    (out.output, out.notes.iter().map(ToString::to_string).collect())
}

const TAFL_COUNTERS: [&str; 3] = [
    "derived defenders 4 (the least positive multiple of 4 at least max(defenders, half the attackers rounded up))",
    "derived ply 1 (a tafl position without counters: the start of a game)",
    "derived since-capture 0 (no capture yet)",
];

/// The notes `rest` after a side-to-move note `side` (derived notes are sorted by field).
fn with_side(side: &str, rest: &[&str]) -> Vec<String> {
    let mut all = vec![side.to_owned()];
    all.extend(rest.iter().map(|s| (*s).to_owned()));
    all
}

#[test]
fn an_otn_rules_record_says_who_moves_first() {
    let (otn, ten) = (Format::Otn, Format::Ten);
    // atkf:n: the defenders move first in the start position.
    let defenders_first = "dim:3 atkf:n start:/1t1/tKt/1t1/";
    assert_eq!(
        notes(defenders_first, otn, Format::Tsn),
        (
            "3 4 1a1/aka/1a1 d 1 0".to_owned(),
            with_side(
                "derived side-to-move d (OpenTafl rules atkf:n: the defenders move first)",
                &[
                    TAFL_COUNTERS[0],
                    TAFL_COUNTERS[1],
                    TAFL_COUNTERS[2],
                    "dropped rules dim:3 atkf:n start:/1t1/tKt/1t1/ (tsn cannot carry a variant's rules)",
                ],
            )
        )
    );
    let (ten_text, ten_notes) = notes(defenders_first, otn, ten);
    assert_eq!(ten_text, "3 4 1a1/aka/1a1 d 1 0 otn:1:dim:3%20atkf:n%20start:/1t1/tKt/1t1/");
    assert_eq!(
        ten_notes,
        with_side(
            "derived side-to-move d (OpenTafl rules atkf:n: the defenders move first)",
            &TAFL_COUNTERS
        )
    );
    // atkf:y, and no atkf at all (the default): the attackers.
    for (rules, why) in [
        ("dim:3 atkf:y start:/1t1/tKt/1t1/", "OpenTafl rules atkf:y: the attackers move first"),
        ("dim:3 start:/1t1/tKt/1t1/", "OpenTafl rules without atkf: the attackers move first"),
    ] {
        let (text, notes) = notes(rules, otn, Format::Tsn);
        assert_eq!(text, "3 4 1a1/aka/1a1 a 1 0");
        assert_eq!(notes[0], format!("derived side-to-move a ({why})"));
        assert_eq!(notes.len(), 5, "{notes:?}");
    }
    // A position record says nothing: a tafl game opens with the attackers.
    assert_eq!(
        notes("/1t1/tKt/1t1/", otn, ten),
        (
            "3 4 1a1/aka/1a1 a 1 0 -".to_owned(),
            with_side(
                "derived side-to-move a (tafl: the attackers move first)",
                &[
                    TAFL_COUNTERS[0],
                    TAFL_COUNTERS[1],
                    TAFL_COUNTERS[2],
                    "derived extension - (no custom data)"
                ],
            )
        )
    );
}

#[test]
fn otn_rules_come_back_with_their_side_to_move() {
    let (otn, ten) = (Format::Otn, Format::Ten);
    let defenders_first = "dim:3 atkf:n start:/1t1/tKt/1t1/";
    // otn -> otn: nothing to say.
    assert_eq!(notes(defenders_first, otn, otn), (defenders_first.to_owned(), vec![]));
    // otn -> ten -> otn: the defenders' move is what the rules imply, so nothing is dropped.
    let there = "3 4 1a1/aka/1a1 d 1 0 otn:1:dim:3%20atkf:n%20start:/1t1/tKt/1t1/";
    assert_eq!(notes(there, ten, otn), (defenders_first.to_owned(), vec![]));
    // The attackers to move, or counters past the start, do not come back.
    let attackers = "3 4 1a1/aka/1a1 a 1 0 otn:1:dim:3%20atkf:n%20start:/1t1/tKt/1t1/";
    assert_eq!(
        notes(attackers, ten, otn),
        (
            defenders_first.to_owned(),
            vec![
                "dropped side-to-move a (otn carries no side to move; converting back would give d)"
                    .to_owned()
            ]
        )
    );
    let later = "3 4 1a1/aka/1a1 d 7 2 otn:1:dim:3%20atkf:n%20start:/1t1/tKt/1t1/";
    assert_eq!(
        notes(later, ten, otn).1,
        [
            "dropped ply 7 (otn does not carry it; converting back would give 1)",
            "dropped since-capture 2 (otn does not carry it; converting back would give 0)",
        ]
    );
    // Rules with atkf:y (or none) and the defenders to move: the side is dropped.
    let yes = "3 4 1a1/aka/1a1 d 1 0 otn:1:dim:3%20atkf:y%20start:/1t1/tKt/1t1/";
    assert_eq!(
        notes(yes, ten, otn),
        (
            "dim:3 atkf:y start:/1t1/tKt/1t1/".to_owned(),
            vec![
                "dropped side-to-move d (otn carries no side to move; converting back would give a)"
                    .to_owned()
            ]
        )
    );
    // A TEN position away from its rules' start: the start position is dropped.
    let moved = "3 4 1a1/ak1/1aa a 1 0 otn:1:dim:3%20start:/1t1/tKt/1t1/";
    assert_eq!(
        notes(moved, ten, otn),
        (
            "dim:3 start:/1t1/tK1/1tt/".to_owned(),
            vec![
                "dropped rules start:/1t1/tKt/1t1/ (the rules record written starts from the position instead)"
                    .to_owned()
            ]
        )
    );
}

#[test]
fn check_judges_each_game_by_its_own_check() {
    use gridnote_convert::board::{Outcome, Problem, Rules};

    // m,n,k: legality and outcome under the format's default rules, or the ones given.
    let tuple = read("(x ____ ____ ____)", None, &opts()).unwrap().check(None);
    assert_eq!(tuple.rules, Some(Format::Tuple.default_rules()));
    assert_eq!(tuple.outcome, Some(Outcome::InProgress));
    assert!(tuple.is_legal());

    let illegal = read("xxx/ooo/3_ x", None, &opts()).unwrap().check(Some(Rules::TIC_TAC_TOE));
    let names: Vec<&str> = illegal.problems.iter().map(|p| p.name).collect();
    let typed: Vec<Problem> = illegal.legality.as_ref().unwrap().iter().collect();
    assert_eq!(names, typed.iter().map(|p| p.name()).collect::<Vec<_>>());
    assert_eq!(illegal.problems[0].message, typed[0].to_string());
    assert!(!illegal.is_legal());
    assert_eq!(illegal.outcome, Some(Outcome::Contested));

    // A digit string's own check, beside its legality and outcome.
    let source = read("111000222", None, &opts()).unwrap();
    let digits = source.check(None);
    let own = source.digits_check().unwrap();
    assert_eq!(
        (own.counts_within_one, own.regex_verdict.as_str(), own.direct_verdict.as_str()),
        (true, "Player Two wins", "both players hold a line")
    );
    assert_eq!(digits.outcome, Some(Outcome::Contested));

    // Tafl: TSN's semantic check, the same for TEN; no m,n,k rules or outcome.
    for text in ["3 4 3/3/3 a 1 0", "3 4 3/3/3 a 1 0 -"] {
        let tafl = read(text, None, &opts()).unwrap().check(Some(Rules::TIC_TAC_TOE));
        let found: Vec<(&str, &str)> =
            tafl.problems.iter().map(|p| (p.name, p.message.as_str())).collect();
        assert_eq!(
            found,
            [("no-king", "no king on the board (possible only once the game is over)")],
            "{text}"
        );
        assert_eq!((tafl.rules, tafl.legality, tafl.outcome), (None, None, None));
    }
    let with_king = read("3 4 3/1a1/1k1 a 3 2", None, &opts()).unwrap().check(None);
    assert!(with_king.is_legal());
}

#[test]
fn a_source_built_from_a_setup_writes_as_the_read_one() {
    use gridnote_convert::{Source, write};
    for &from in Format::ALL {
        let read_source = read(from.example(), Some(from), &opts()).unwrap();
        let built = Source::new(from, read_source.setup.clone());
        assert_eq!((built.format, built.input_len), (from, 0));
        for &to in Format::ALL {
            match (write(&read_source, to, &opts()), write(&built, to, &opts())) {
                (Ok(read_out), Ok(built_out)) => assert_eq!(read_out, built_out, "{from} -> {to}"),
                // Errors span the input, which a built source does not have.
                (Err(read_err), Err(built_err)) => {
                    assert_eq!(read_err.to_string(), built_err.to_string(), "{from} -> {to}");
                    assert_eq!(built_err.span(), 0..0, "{from} -> {to}");
                }
                (read_out, built_out) => panic!("{from} -> {to}: {read_out:?} / {built_out:?}"),
            }
        }
    }
}
