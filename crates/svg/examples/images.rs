//! Writes the pictures shown in docs/svg.md: `docs/img/svg-*.svg` and, rasterised by
//! resvg at 320 pixels, `docs/img/svg-*.png`.
//!
//! ```text
//! cargo xtask pixels --images
//! ```
//!
//! (resvg is built only with `--cfg gridnote_pixels`, which `cargo xtask pixels` sets;
//! without it the example writes the SVG files alone.)
//!
//! The test `docs_images` checks that the committed SVG files are what the library
//! draws today.

use gridnote_convert::{Format, Source};
use gridnote_svg::board::{Position, Rules};
use gridnote_svg::{Arrow, Options, Pieces, Theme};

/// Reads one fixture (its first line) from `fixtures/`.
fn fixture(path: &str) -> (String, Source) {
    let full = format!("{}/../../fixtures/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&full).expect("the fixture exists");
    let line = text.lines().next().expect("a line").to_owned();
    let source = gridnote_convert::read(&line, None, &gridnote_convert::Options::default())
        .expect("a valid fixture");
    (line, source)
}

/// The picture of a source as `gridnote show --svg` draws it, with `extra` options.
fn draw(path: &str, extra: impl FnOnce(Options, &Source) -> Options) -> String {
    let (text, source) = fixture(path);
    let tafl = matches!(source.format, Format::Tsn | Format::Ten);
    let rules = match source.format {
        Format::Tsn | Format::Ten => None,
        Format::Tuple => Some(Rules::TOMORROWS),
        _ => Some(Rules::TIC_TAC_TOE),
    };
    let options = Options::default()
        .size(Some(320))
        .pieces(if tafl { Pieces::Tafl } else { Pieces::Marks })
        .tafl_squares(tafl)
        .rules(rules)
        .title(Some(text));
    let options = extra(options, &source);
    match source.to_move {
        Some(to_move) => {
            gridnote_svg::position(&Position::new(source.board.clone(), to_move), &options)
        }
        None => gridnote_svg::board(&source.board, &options),
    }
    .expect("valid options")
}

/// Every picture of docs/svg.md: (file stem, SVG text).
pub(crate) fn pictures() -> Vec<(&'static str, String)> {
    vec![
        (
            "svg-tic-tac-toe",
            draw("t3en/valid/win-diagonal.t3en", |o, s| {
                o.last_move(&[s.board.parse_cell_name("c1").expect("c1")])
            }),
        ),
        ("svg-hourglass", draw("t3en/valid/spec-hourglass.t3en", |o, _| o)),
        ("svg-tomorrows", draw("tuple/valid/won-horizontal.tuple", |o, _| o)),
        (
            "svg-tablut",
            draw("tafl/valid/tablut-midgame.tsn", |o, s| {
                let cell = |name| s.board.parse_cell_name(name).expect("a cell of the board");
                o.last_move(&[cell("f1"), cell("f3")])
                    .arrow(Arrow::new(cell("c7"), cell("c3")))
                    .highlight(cell("c3"))
            }),
        ),
        (
            "svg-high-contrast",
            draw("tuple/valid/size-5x7.tuple", |o, s| {
                let c3 = s.board.parse_cell_name("c3").expect("c3");
                let e5 = s.board.parse_cell_name("e5").expect("e5");
                o.theme(Theme::high_contrast()).flip(true).arrow(Arrow::new(c3, e5)).highlight(e5)
            }),
        ),
    ]
}

#[allow(dead_code)]
fn main() {
    let dir = format!("{}/../../docs/img", env!("CARGO_MANIFEST_DIR"));
    std::fs::create_dir_all(&dir).expect("docs/img");
    for (stem, svg) in pictures() {
        std::fs::write(format!("{dir}/{stem}.svg"), &svg).expect("write the SVG");
        match png(&svg, &format!("{dir}/{stem}.png")) {
            Some((width, height)) => println!("{dir}/{stem}.svg and .png ({width}x{height})"),
            None => println!("{dir}/{stem}.svg (no PNG: run `cargo xtask pixels --images`)"),
        }
    }
}

/// Rasterises `svg` into the PNG file `path` and returns its size.
#[allow(dead_code)]
#[cfg(gridnote_pixels)]
fn png(svg: &str, path: &str) -> Option<(u32, u32)> {
    use resvg::{tiny_skia, usvg};
    let mut options = usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let tree = usvg::Tree::from_str(svg, &options).expect("resvg reads it");
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).expect("a size");
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.save_png(path).expect("write the PNG");
    Some((size.width(), size.height()))
}

/// Without resvg (no `--cfg gridnote_pixels`) there is no PNG.
#[allow(dead_code)]
#[cfg(not(gridnote_pixels))]
fn png(_svg: &str, _path: &str) -> Option<(u32, u32)> {
    None
}
