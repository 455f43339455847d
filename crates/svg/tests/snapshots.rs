//! The SVG text of fixture positions of every format, and of every option, as snapshots.

mod common;

use common::{FIXTURES, fixture, picture};
use gridnote_svg::board::{Board, Cell, Rules};
use gridnote_svg::{Arrow, Options, Theme};

#[test]
fn fixtures_of_every_format() {
    for (name, path) in FIXTURES {
        insta::assert_snapshot!(name, picture(path));
    }
}

#[test]
fn every_option_at_once() {
    let (text, source) = fixture("t3en/valid/win-diagonal.t3en");
    let options = Options::default()
        .size(Some(400))
        .flip(true)
        .theme(Theme::high_contrast())
        .highlight((1, 0))
        .fill((1, 2), "#abcdef")
        .last_move(&[(2, 2)])
        .arrow(Arrow::new((2, 0), (0, 2)))
        .arrow(Arrow::new((1, 1), (1, 1)).with_color("purple"))
        .rules(Some(Rules::TIC_TAC_TOE))
        .css(Some(".x { stroke-width: 6 } svg > rect { opacity: 1 }".to_owned()))
        .title(Some(format!("{text} <&> \"quoted\"")));
    insta::assert_snapshot!(gridnote_svg::board(&source.board, &options).unwrap());
}

#[test]
fn no_coordinates_and_kings_among_marks() {
    let board = Board::from_cells(
        2,
        3,
        vec![Cell::ONE_KING, Cell::TWO_KING, Cell::Void, Cell::ONE, Cell::TWO, Cell::Empty],
    )
    .unwrap();
    let options = Options::default().coordinates(false).pieces(gridnote_svg::Pieces::Marks);
    insta::assert_snapshot!(gridnote_svg::board(&board, &options).unwrap());
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    for (_, path) in FIXTURES {
        assert_eq!(picture(path), picture(path), "{path}");
    }
}
