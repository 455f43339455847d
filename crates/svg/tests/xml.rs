//! Every picture is well-formed XML in the SVG namespace; text is escaped; bad options are
//! errors and write nothing.

mod common;

use common::{FIXTURES, picture};
use gridnote_svg::board::{Board, Cell, Position, Rules};
use gridnote_svg::{Arrow, Options, SvgError};

const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// Parses `svg` and returns the root's (width, height, viewBox) attributes and the title.
fn parse(svg: &str) -> (Option<String>, Option<String>, String, String) {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.tag_name().namespace(), Some(SVG_NS));
    assert_eq!(root.attribute("version"), Some("1.1"));
    let title = root
        .children()
        .find(|n| n.has_tag_name((SVG_NS, "title")))
        .and_then(|n| n.text())
        .unwrap_or_default()
        .to_owned();
    // Every <use> points at a glyph defined in the picture.
    for node in root.descendants().filter(|n| n.has_tag_name((SVG_NS, "use"))) {
        let href = node.attribute(("http://www.w3.org/1999/xlink", "href")).expect("xlink:href");
        let id = href.strip_prefix('#').expect("a local reference");
        assert!(root.descendants().any(|n| n.attribute("id") == Some(id)), "#{id} undefined");
    }
    (
        root.attribute("width").map(str::to_owned),
        root.attribute("height").map(str::to_owned),
        root.attribute("viewBox").expect("a viewBox").to_owned(),
        title,
    )
}

#[test]
fn fixture_pictures_are_well_formed() {
    for (_, path) in FIXTURES {
        let (_, _, _, title) = parse(&picture(path));
        assert!(!title.is_empty(), "{path}");
    }
}

#[test]
fn text_is_escaped_and_reads_back_unchanged() {
    let title = "a<b>&c \"d\" 'e' ]]> <!-- f -->";
    let options = Options::default()
        .title(Some(title.to_owned()))
        .css(Some("rect > .x { fill: \"red\" } </style><script/>".to_owned()))
        .fill((0, 0), "\"/><script>alert(1)</script>")
        .arrow(Arrow::new((0, 0), (1, 1)).with_color("red\"onload=\"x"));
    let svg = gridnote_svg::board(&Board::new(2, 2).unwrap(), &options).unwrap();
    let (_, _, _, read) = parse(&svg);
    assert_eq!(read, title);
    assert!(!svg.contains("<script"), "{svg}");
    // A control character (not allowed in XML) becomes U+FFFD.
    let options = Options::default().title(Some("bell\u{7}".to_owned()));
    let svg = gridnote_svg::board(&Board::new(1, 1).unwrap(), &options).unwrap();
    assert_eq!(parse(&svg).3, "bell\u{fffd}");
}

#[test]
fn the_smallest_and_the_largest_boards() {
    let (w, h, view_box, title) =
        parse(&gridnote_svg::board(&Board::new(1, 1).unwrap(), &Options::default()).unwrap());
    assert_eq!((w, h, view_box.as_str(), title.as_str()), (None, None, "0 0 80 80", "1x1 board"));

    let big = Board::from_fn(255, 255, |r, c| match (r + c) % 4 {
        0 => Cell::ONE,
        1 => Cell::TWO,
        2 => Cell::Void,
        _ => Cell::Empty,
    })
    .unwrap();
    let options =
        Options::default().size(Some(1000)).rules(Some(Rules::TIC_TAC_TOE.with_in_a_row(5)));
    let svg = gridnote_svg::board(&big, &options).unwrap();
    let (w, h, view_box, _) = parse(&svg);
    assert_eq!((w.as_deref(), h.as_deref()), (Some("1000"), Some("1000")));
    // 255 cells of 40 units and 28-unit margins (room for 3-digit ranks).
    assert_eq!(view_box, "0 0 10256 10256");
    assert!(svg.contains(">255</text>") && svg.contains(">iu</text>"));
    // Anti-diagonals of one player: the 5-in-a-row lines are drawn.
    assert!(svg.contains("<path class=\"win\""));

    let wide =
        gridnote_svg::board(&Board::new(1, 255).unwrap(), &Options::default().size(Some(500)));
    let (w, h, view_box, _) = parse(&wide.unwrap());
    assert_eq!(
        (w.as_deref(), h.as_deref(), view_box.as_str()),
        (Some("500"), Some("4"), "0 0 10240 80")
    );
}

#[test]
fn bad_options_are_errors_and_write_nothing() {
    let board = Board::new(3, 4).unwrap();
    let cases = [
        (
            Options::default().highlight((3, 0)),
            SvgError::OffBoard { what: "highlighted", row: 3, col: 0, rows: 3, cols: 4 },
            "the highlighted cell (row 3, column 0) is off the 3x4 board",
        ),
        (
            Options::default().arrow(Arrow::new((0, 4), (0, 0))),
            SvgError::OffBoard { what: "arrow start", row: 0, col: 4, rows: 3, cols: 4 },
            "the arrow start cell (row 0, column 4) is off the 3x4 board",
        ),
        (
            Options::default().arrow(Arrow::new((0, 0), (9, 9))),
            SvgError::OffBoard { what: "arrow end", row: 9, col: 9, rows: 3, cols: 4 },
            "the arrow end cell (row 9, column 9) is off the 3x4 board",
        ),
        (
            Options::default().last_move(&[(0, 0), (0, 1), (0, 2)]),
            SvgError::LastMove { cells: 3 },
            "the last move has 3 cells: expected 1 (a placement) or 2 (a move)",
        ),
        (
            Options::default().tafl_squares(true).special(Some(vec![(1, 1), (2, 4)])),
            SvgError::OffBoard { what: "special", row: 2, col: 4, rows: 3, cols: 4 },
            "the special cell (row 2, column 4) is off the 3x4 board",
        ),
        (
            Options::default().size(Some(0)),
            SvgError::ZeroSize,
            "a picture of 0 pixels: the size must be at least 1",
        ),
    ];
    for (options, error, message) in cases {
        let mut out = String::new();
        assert_eq!(gridnote_svg::append_to(&mut out, &board, &options), Err(error.clone()));
        assert_eq!(error.to_string(), message);
        assert_eq!(out, "");
        let position = Position::new(board.clone(), gridnote_svg::board::Player::One);
        assert_eq!(gridnote_svg::position(&position, &options), Err(error));
    }
}

#[test]
fn tafl_squares_are_the_corners_and_throne_or_the_ones_given() {
    let board = Board::new(5, 5).unwrap();
    let special_path = |options: &Options| {
        let svg = gridnote_svg::board(&board, options).unwrap();
        parse(&svg);
        svg.lines()
            .find_map(|line| line.strip_prefix("<path class=\"special\" d=\""))
            .map(|rest| rest.split('"').next().unwrap().to_owned())
    };
    let tafl = Options::default().tafl_squares(true);
    assert_eq!(
        special_path(&tafl).as_deref(),
        Some(
            "M20 20h40v40h-40zM180 20h40v40h-40zM20 180h40v40h-40zM180 180h40v40h-40zM100 100h40v40h-40z"
        )
    );
    let given = tafl.clone().special(Some(vec![(0, 1), (4, 3), (0, 1)]));
    assert_eq!(special_path(&given).as_deref(), Some("M60 20h40v40h-40zM140 180h40v40h-40z"));
    assert_eq!(special_path(&tafl.clone().special(Some(Vec::new()))), None);
    // Without tafl_squares nothing is marked, given or not.
    assert_eq!(special_path(&Options::default().special(Some(vec![(0, 1)]))), None);
}

#[test]
fn a_sink_that_fails_is_a_write_error() {
    struct Full;
    impl core::fmt::Write for Full {
        fn write_str(&mut self, _: &str) -> core::fmt::Result {
            Err(core::fmt::Error)
        }
    }
    let result =
        gridnote_svg::append_to(&mut Full, &Board::new(3, 3).unwrap(), &Options::default());
    assert_eq!(result, Err(SvgError::Write));
}

#[test]
fn misere_draws_the_loser_s_line() {
    // Player One made a row; under misère Player Two wins, and One's row is drawn.
    let board = Board::from_cells(
        2,
        3,
        vec![Cell::ONE, Cell::ONE, Cell::ONE, Cell::TWO, Cell::TWO, Cell::Empty],
    )
    .unwrap();
    let options = Options::default().rules(Some(Rules::TIC_TAC_TOE.with_misere(true)));
    let svg = gridnote_svg::board(&board, &options).unwrap();
    assert!(
        svg.contains("<desc>tic-tac-toe+misere: won by Player Two, line a2 b2 c2</desc>"),
        "{svg}"
    );
    assert!(svg.contains("<path class=\"win\" d=\"M40 40L120 40\""), "{svg}");
}
