//! Rasterises pictures with resvg (an independent renderer) and checks pixel colours at
//! cell centres: pieces, empty and void cells, highlights and the winning line.
//!
//! Built with `--cfg gridnote_pixels` only (`cargo xtask pixels`), as resvg is.
#![cfg(gridnote_pixels)]

mod common;

use common::{fixture, options_for};
use gridnote_svg::board::{Board, Position, Rules};
use gridnote_svg::{Options, Pieces, Theme};
use resvg::{tiny_skia, usvg};

/// The picture rendered to pixels.
fn render(svg: &str) -> tiny_skia::Pixmap {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("resvg reads it");
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).expect("a size");
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
}

/// `#rrggbb` as bytes.
fn rgb(hex: &str) -> [u8; 3] {
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex colour");
    [byte(1), byte(3), byte(5)]
}

/// The colour at (x, y) in board units, for a picture `scale` pixels per unit.
fn at(pixmap: &tiny_skia::Pixmap, scale: f64, (x, y): (f64, f64)) -> [u8; 3] {
    let px = pixmap
        .pixel((x * scale) as u32, (y * scale) as u32)
        .expect("inside the picture")
        .demultiply();
    [px.red(), px.green(), px.blue()]
}

/// The centre of cell (row, col) in board units, with the 20-unit coordinates margin.
fn centre(row: usize, col: usize) -> (f64, f64) {
    (20.0 + 40.0 * col as f64 + 20.0, 20.0 + 40.0 * row as f64 + 20.0)
}

#[track_caller]
fn assert_close(found: [u8; 3], expected: [u8; 3], what: &str) {
    let close = found.iter().zip(expected).all(|(&f, e)| f.abs_diff(e) <= 2);
    assert!(close, "{what}: found {found:?}, expected {expected:?}");
}

#[test]
fn size_gives_the_pixels_of_the_longer_side() {
    let square =
        gridnote_svg::board(&Board::new(3, 3).unwrap(), &Options::default().size(Some(400)));
    let pixmap = render(&square.unwrap());
    assert_eq!((pixmap.width(), pixmap.height()), (400, 400));
    let wide = gridnote_svg::board(&Board::new(3, 4).unwrap(), &Options::default().size(Some(400)));
    let pixmap = render(&wide.unwrap());
    assert_eq!((pixmap.width(), pixmap.height()), (400, 320));
    let (text, source) = fixture("tafl/valid/seed-hnefatafl.tsn");
    let svg = gridnote_svg::board(&source.board, &options_for(&text, &source).size(Some(400)));
    let pixmap = render(&svg.unwrap());
    assert_eq!((pixmap.width(), pixmap.height()), (400, 400));
}

#[test]
fn pieces_empty_cells_and_the_winning_line_on_a_3x3_board() {
    // x o o / _ x _ / _ _ x: Player One's diagonal.
    let theme = Theme::default();
    let (text, source) = fixture("t3en/valid/win-diagonal.t3en");
    let scale = 400.0 / 160.0;
    let plain = Options::default().size(Some(400)).pieces(Pieces::Marks);
    let pixmap = render(&gridnote_svg::board(&source.board, &plain).unwrap());
    assert_close(at(&pixmap, scale, centre(1, 1)), rgb(&theme.x), "X at b2");
    assert_close(at(&pixmap, scale, centre(0, 1)), rgb(&theme.o_fill), "O at b3");
    assert_close(at(&pixmap, scale, centre(1, 0)), rgb(&theme.board), "empty a2");
    assert_ne!(rgb(&theme.x), rgb(&theme.board));
    assert_ne!(rgb(&theme.o_fill), rgb(&theme.board));

    let won = options_for(&text, &source).size(Some(400)).highlight((2, 0));
    let pixmap = render(&gridnote_svg::board(&source.board, &won).unwrap());
    // Halfway between a3 and b2, and between b2 and c1: on the line, off any piece.
    assert_close(at(&pixmap, scale, (60.0, 60.0)), rgb(&theme.win), "line a3-b2");
    assert_close(at(&pixmap, scale, (100.0, 100.0)), rgb(&theme.win), "line b2-c1");
    // Off the line: the empty a2 keeps the board colour, the highlighted a1 its fill.
    assert_close(at(&pixmap, scale, centre(1, 0)), rgb(&theme.board), "empty a2");
    assert_close(at(&pixmap, scale, centre(2, 0)), rgb(&theme.highlight), "highlighted a1");
    // Not won: no line.
    let pixmap = render(&gridnote_svg::board(&Board::new(3, 3).unwrap(), &won).unwrap());
    assert_close(at(&pixmap, scale, (60.0, 60.0)), rgb(&theme.grid), "grid corner");
}

#[test]
fn void_cells_differ_from_empty_ones() {
    // .3_./5_/.3_./5_/.3_. : a 5x5 hourglass.
    let theme = Theme::default();
    let (text, source) = fixture("t3en/valid/spec-hourglass.t3en");
    let options = options_for(&text, &source).size(Some(240));
    let pixmap = render(&gridnote_svg::board(&source.board, &options).unwrap());
    let scale = 240.0 / 240.0;
    assert_close(at(&pixmap, scale, centre(0, 0)), rgb(&theme.void), "void a5");
    assert_close(at(&pixmap, scale, centre(4, 4)), rgb(&theme.void), "void e1");
    assert_close(at(&pixmap, scale, centre(0, 1)), rgb(&theme.board), "empty b5");
    // The hatching crosses every void cell.
    let hatched = (0..40).any(|i| {
        let (x, y) = (20.0 + f64::from(i), 20.0 + f64::from(i));
        at(&pixmap, scale, (x, y)) == rgb(&theme.void_hatch)
    });
    assert!(hatched, "no hatching on a5's diagonal");
}

#[test]
fn tafl_stones_and_squares_on_11x11() {
    let theme = Theme::default();
    let (text, source) = fixture("tafl/valid/seed-hnefatafl.tsn");
    let options = options_for(&text, &source).size(Some(480));
    let svg = gridnote_svg::board(&source.board, &options).unwrap();
    let pixmap = render(&svg);
    let scale = 1.0;
    assert_close(at(&pixmap, scale, centre(5, 0)), rgb(&theme.dark_stone), "attacker a6");
    assert_close(at(&pixmap, scale, centre(4, 4)), rgb(&theme.light_stone), "defender e7");
    assert_close(at(&pixmap, scale, centre(5, 5)), rgb(&theme.crown), "king f6");
    assert_close(at(&pixmap, scale, centre(4, 1)), rgb(&theme.board), "empty b7");
    // The corner a11 is a marked square: its fill near the edge, its mark at the centre.
    assert_close(at(&pixmap, scale, (24.0, 24.0)), rgb(&theme.special), "corner a11");
    assert_close(at(&pixmap, scale, centre(0, 0)), rgb(&theme.special_mark), "corner mark");
    // High contrast keeps attackers dark and defenders light.
    let hc = options.theme(Theme::high_contrast());
    let pixmap = render(&gridnote_svg::board(&source.board, &hc).unwrap());
    assert_close(at(&pixmap, scale, centre(5, 0)), [0, 0, 0], "attacker a6");
    assert_close(at(&pixmap, scale, centre(4, 4)), [255, 255, 255], "defender e7");
}

#[test]
fn flip_turns_the_board() {
    // Only b3 holds a piece (an X): flipped it is drawn where b1 was.
    let theme = Theme::default();
    let pos = Position::start(3, 3).unwrap().play_name("b3", Rules::TIC_TAC_TOE).unwrap();
    let options = Options::default().size(Some(160)).flip(true);
    let pixmap = render(&gridnote_svg::position(&pos, &options).unwrap());
    assert_close(at(&pixmap, 1.0, centre(2, 1)), rgb(&theme.x), "X drawn at the bottom");
    assert_close(at(&pixmap, 1.0, centre(0, 1)), rgb(&theme.board), "empty at the top");
}
