//! Shared by the integration tests: fixture positions and the options each is drawn with.

#![allow(dead_code, unreachable_pub)]

use gridnote_convert::{Format, Source};
use gridnote_svg::board::Rules;
use gridnote_svg::{Options, Pieces};

/// Reads `fixtures/<path>` (its first line) in the format its shape shows.
pub fn fixture(path: &str) -> (String, Source) {
    let full = format!("{}/../../fixtures/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"));
    let line = text.lines().next().expect("a line").to_owned();
    let source = gridnote_convert::read(&line, None, &gridnote_convert::Options::default())
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    (line, source)
}

/// The options the command line uses for a source: tafl stones and squares for TSN/TEN,
/// the format's default rules otherwise, the text as the title.
pub fn options_for(text: &str, source: &Source) -> Options {
    let tafl = matches!(source.format, Format::Tsn | Format::Ten);
    let rules = match source.format {
        Format::Tsn | Format::Ten => None,
        Format::Tuple => Some(Rules::TOMORROWS),
        _ => Some(Rules::TIC_TAC_TOE),
    };
    Options::default()
        .pieces(if tafl { Pieces::Tafl } else { Pieces::Marks })
        .tafl_squares(tafl)
        .rules(rules)
        .title(Some(text.to_owned()))
}

/// One fixture of every format and shape: (snapshot name, fixture path).
pub const FIXTURES: [(&str, &str); 8] = [
    ("t3en_win_diagonal", "t3en/valid/win-diagonal.t3en"),
    ("t3en_hourglass", "t3en/valid/spec-hourglass.t3en"),
    ("tuple_won_horizontal", "tuple/valid/won-horizontal.tuple"),
    ("tuple_5x7", "tuple/valid/size-5x7.tuple"),
    ("digits_top_row", "digits/valid/one-wins-top-row.digits"),
    ("bits_midgame", "bits/valid/midgame-o-to-move.bits"),
    ("tsn_hnefatafl_11x11", "tafl/valid/seed-hnefatafl.tsn"),
    ("tsn_alea_evangelii_19x19", "tafl/valid/seed-alea-evangelii.tsn"),
];

/// The picture of a fixture as the command line draws it.
pub fn picture(path: &str) -> String {
    let (text, source) = fixture(path);
    let options = options_for(&text, &source);
    match source.to_move {
        Some(to_move) => gridnote_svg::position(
            &gridnote_svg::board::Position::new(source.setup.board, to_move),
            &options,
        ),
        None => gridnote_svg::board(&source.board, &options),
    }
    .expect("valid options")
}
