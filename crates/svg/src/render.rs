//! Writing the picture: geometry in board units (40 per cell), element by element.

use core::fmt::{self, Write};

use gridnote_board::{Board, Cell, CellName, Outcome, Piece, Player, Position, Role, Rules};

use crate::error::SvgError;
use crate::options::{Options, Pieces, Theme};

/// Writes each part in turn: string slices as they are, numbers in decimal (without the
/// formatting machinery, which cost most of a small picture's time).
macro_rules! put {
    ($out:expr, $($part:expr),+ $(,)?) => {
        $( Part::put(&$part, &mut *$out)?; )+
    };
}

/// A piece of [`put!`]'s output.
trait Part {
    fn put(&self, out: &mut impl Write) -> fmt::Result;
}

impl Part for &str {
    fn put(&self, out: &mut impl Write) -> fmt::Result {
        out.write_str(self)
    }
}

/// `0000` to `9999`, four digits each: numbers below 10,000 are slices of it.
const FOUR_DIGITS: &str = {
    // Used once, at compile time, to make the string: never copied at run time.
    #[allow(clippy::large_const_arrays)]
    const BYTES: [u8; 40_000] = {
        let mut bytes = [0u8; 40_000];
        let mut n = 0;
        while n < 10_000 {
            bytes[4 * n] = b'0' + (n / 1000) as u8;
            bytes[4 * n + 1] = b'0' + (n / 100 % 10) as u8;
            bytes[4 * n + 2] = b'0' + (n / 10 % 10) as u8;
            bytes[4 * n + 3] = b'0' + (n % 10) as u8;
            n += 1;
        }
        bytes
    };
    match core::str::from_utf8(&BYTES) {
        Ok(text) => text,
        Err(_) => panic!("ASCII digits"),
    }
};

impl Part for usize {
    fn put(&self, out: &mut impl Write) -> fmt::Result {
        let n = *self;
        if n >= 10_000 {
            (n / 10_000).put(out)?;
            let at = 4 * (n % 10_000);
            return out.write_str(&FOUR_DIGITS[at..at + 4]);
        }
        let skip = match n {
            0..=9 => 3,
            10..=99 => 2,
            100..=999 => 1,
            _ => 0,
        };
        out.write_str(&FOUR_DIGITS[4 * n + skip..4 * n + 4])
    }
}

impl Part for u64 {
    fn put(&self, out: &mut impl Write) -> fmt::Result {
        match usize::try_from(*self) {
            Ok(n) => n.put(out),
            Err(_) => write!(out, "{self}"),
        }
    }
}

/// The side of a cell in board units (the viewBox's unit).
pub(crate) const CELL: usize = 40;
const HALF: usize = CELL / 2;
/// The margin around the board with coordinates (wider for 3-digit ranks).
const MARGIN: usize = 20;
/// The margin without coordinates: room for the border.
const FRAME: usize = 4;
const FONT: &str = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif";

/// The glyphs defined in `<defs>` and placed with `<use>`, in the order they are defined.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Glyph {
    X,
    O,
    Dark,
    Light,
    KingDark,
    KingLight,
    OtherDark,
    OtherLight,
}

impl Glyph {
    const ALL: [Glyph; 8] = [
        Glyph::X,
        Glyph::O,
        Glyph::Dark,
        Glyph::Light,
        Glyph::KingDark,
        Glyph::KingLight,
        Glyph::OtherDark,
        Glyph::OtherLight,
    ];

    const fn id(self) -> &'static str {
        match self {
            Glyph::X => "x",
            Glyph::O => "o",
            Glyph::Dark => "dark",
            Glyph::Light => "light",
            Glyph::KingDark => "king-dark",
            Glyph::KingLight => "king-light",
            Glyph::OtherDark => "other-dark",
            Glyph::OtherLight => "other-light",
        }
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The glyph of `piece` in `style` (never [`Pieces::Auto`]).
    fn of(piece: Piece, tafl: bool) -> Glyph {
        let dark = piece.player == Player::One;
        // Written as comparisons, not a match, so a role added to the model later still
        // gets a picture: the fallback disc with a ring.
        if piece.role == Role::Man {
            match (tafl, dark) {
                (false, true) => Glyph::X,
                (false, false) => Glyph::O,
                (true, true) => Glyph::Dark,
                (true, false) => Glyph::Light,
            }
        } else if piece.role == Role::King {
            if dark { Glyph::KingDark } else { Glyph::KingLight }
        } else if dark {
            Glyph::OtherDark
        } else {
            Glyph::OtherLight
        }
    }

    fn define(self, out: &mut impl Write, theme: &Theme) -> fmt::Result {
        let id = self.id();
        let (fill, stroke) = match self {
            Glyph::Dark | Glyph::KingDark | Glyph::OtherDark => {
                (&theme.dark_stone, &theme.stone_outline)
            }
            _ => (&theme.light_stone, &theme.stone_outline),
        };
        match self {
            Glyph::X => {
                out.write_str("<path id=\"x\" class=\"piece x\" d=\"M-11-11L11 11M11-11L-11 11\" fill=\"none\" stroke=\"")?;
                attr(out, &theme.x)?;
                out.write_str("\" stroke-width=\"5\" stroke-linecap=\"round\"/>\n")
            }
            Glyph::O => {
                out.write_str("<circle id=\"o\" class=\"piece o\" r=\"12\" fill=\"")?;
                attr(out, &theme.o_fill)?;
                out.write_str("\" stroke=\"")?;
                attr(out, &theme.o)?;
                out.write_str("\" stroke-width=\"4.5\"/>\n")
            }
            Glyph::Dark | Glyph::Light => {
                write!(out, "<circle id=\"{id}\" class=\"piece stone {id}\" r=\"14\" fill=\"")?;
                attr(out, fill)?;
                out.write_str("\" stroke=\"")?;
                attr(out, stroke)?;
                out.write_str("\" stroke-width=\"2\"/>\n")
            }
            Glyph::KingDark | Glyph::KingLight => {
                write!(
                    out,
                    "<g id=\"{id}\" class=\"piece stone king {id}\"><circle r=\"16\" fill=\""
                )?;
                attr(out, fill)?;
                out.write_str("\" stroke=\"")?;
                attr(out, stroke)?;
                out.write_str(
                    "\" stroke-width=\"2\"/><path class=\"crown\" d=\"M-10 7L-11-6L-5.5 0L0-9L5.5 0L11-6L10 7Z\" fill=\"",
                )?;
                attr(out, &theme.crown)?;
                out.write_str("\" stroke=\"")?;
                attr(out, stroke)?;
                out.write_str("\" stroke-width=\"1.5\" stroke-linejoin=\"round\"/></g>\n")
            }
            Glyph::OtherDark | Glyph::OtherLight => {
                write!(
                    out,
                    "<g id=\"{id}\" class=\"piece stone other {id}\"><circle r=\"14\" fill=\""
                )?;
                attr(out, fill)?;
                out.write_str("\" stroke=\"")?;
                attr(out, stroke)?;
                out.write_str("\" stroke-width=\"2\"/><circle r=\"6\" fill=\"none\" stroke=\"")?;
                attr(out, &theme.crown)?;
                out.write_str("\" stroke-width=\"3\"/></g>\n")
            }
        }
    }
}

/// Where things go: margins, sizes and the flip.
struct Layout {
    rows: usize,
    cols: usize,
    left: usize,
    top: usize,
    width: usize,
    height: usize,
    flip: bool,
}

impl Layout {
    fn new(board: &Board, options: &Options) -> Layout {
        let (rows, cols) = (board.rows(), board.cols());
        let (left, top, right, bottom) = if options.coordinates {
            // Wider for 3-digit ranks, on every side so a square board stays square.
            let m = if rows >= 100 { MARGIN + 8 } else { MARGIN };
            (m, m, m, m)
        } else {
            (FRAME, FRAME, FRAME, FRAME)
        };
        Layout {
            rows,
            cols,
            left,
            top,
            width: left + cols * CELL + right,
            height: top + rows * CELL + bottom,
            flip: options.flip,
        }
    }

    /// The top-left corner of cell (row, col) in board units.
    fn corner(&self, (row, col): (usize, usize)) -> (usize, usize) {
        let (r, c) =
            if self.flip { (self.rows - 1 - row, self.cols - 1 - col) } else { (row, col) };
        (self.left + c * CELL, self.top + r * CELL)
    }

    /// The centre of cell (row, col) in board units.
    fn centre(&self, cell: (usize, usize)) -> (usize, usize) {
        let (x, y) = self.corner(cell);
        (x + HALF, y + HALF)
    }

    /// The picture's width and height in pixels for `size` on the longer side.
    fn pixels(&self, size: u32) -> (u64, u64) {
        let size = u64::from(size);
        let (w, h) = (self.width as u64, self.height as u64);
        if w >= h {
            (size, ((size * h + w / 2) / w).max(1))
        } else {
            (((size * w + h / 2) / h).max(1), size)
        }
    }
}

/// Checks every cell the options name before anything is written.
pub(crate) fn validate(board: &Board, options: &Options) -> Result<(), SvgError> {
    let check = |what: &'static str, (row, col): (usize, usize)| {
        if row < board.rows() && col < board.cols() {
            Ok(())
        } else {
            Err(SvgError::OffBoard { what, row, col, rows: board.rows(), cols: board.cols() })
        }
    };
    if options.size == Some(0) {
        return Err(SvgError::ZeroSize);
    }
    for (cell, _) in &options.fills {
        check("highlighted", *cell)?;
    }
    for cell in options.special.iter().flatten() {
        check("special", *cell)?;
    }
    for arrow in &options.arrows {
        check("arrow start", arrow.from)?;
        check("arrow end", arrow.to)?;
    }
    if options.last_move.len() > 2 {
        return Err(SvgError::LastMove { cells: options.last_move.len() });
    }
    for cell in &options.last_move {
        check("last-move", *cell)?;
    }
    Ok(())
}

/// The lines to draw and the outcome, when rules are given.
fn lines_of(board: &Board, rules: Rules) -> (Outcome, Vec<gridnote_board::Line>) {
    let outcome = board.outcome(rules);
    let lines = match outcome {
        Outcome::Won(winner) => {
            let maker = if rules.misere { winner.other() } else { winner };
            board.lines(rules).into_iter().filter(|line| line.player == maker).collect()
        }
        Outcome::Contested => board.lines(rules),
        Outcome::InProgress | Outcome::Drawn => Vec::new(),
    };
    (outcome, lines)
}

/// Writes the whole picture; the options were validated. Layer by layer, in painting
/// order: each step draws over the ones before it.
pub(crate) fn write_svg(
    out: &mut impl Write,
    board: &Board,
    to_move: Option<Player>,
    options: &Options,
) -> fmt::Result {
    let picture = Picture::new(board, options);
    picture.root(out)?;
    picture.accessibility(out, to_move)?;
    picture.definitions(out)?;
    picture.background_and_board(out)?;
    picture.tafl_squares(out)?;
    picture.voids(out)?;
    picture.last_move_and_fills(out)?;
    picture.grid_and_border(out)?;
    picture.coordinates(out)?;
    picture.pieces(out)?;
    picture.winning_lines(out)?;
    picture.arrows(out)?;
    out.write_str("</svg>\n")
}

/// What the steps of [`write_svg`] read: the board and the options, where things go,
/// how pieces are drawn, the glyphs used, and the lines that decide the game.
struct Picture<'a> {
    board: &'a Board,
    options: &'a Options,
    theme: &'a Theme,
    layout: Layout,
    /// Tafl pieces rather than marks.
    tafl: bool,
    /// The glyphs the pieces use ([`Glyph::bit`]).
    used: u8,
    /// Whether the board has void cells (shaded and hatched).
    voids: bool,
    /// The rules and their outcome, when rules are given.
    outcome: Option<(Rules, Outcome)>,
    /// The lines to draw (see [`lines_of`]).
    lines: Vec<gridnote_board::Line>,
    /// The board's width and height in board units.
    bw: usize,
    bh: usize,
}

impl<'a> Picture<'a> {
    fn new(board: &'a Board, options: &'a Options) -> Picture<'a> {
        let layout = Layout::new(board, options);
        let tafl = match options.pieces {
            Pieces::Marks => false,
            Pieces::Tafl => true,
            _ => board.counts().kings != [0, 0],
        };
        let (outcome, lines) = match options.rules {
            Some(rules) => {
                let (outcome, lines) = lines_of(board, rules);
                (Some((rules, outcome)), lines)
            }
            None => (None, Vec::new()),
        };
        // Only the glyphs and patterns the picture uses are defined.
        let mut used = 0u8;
        let mut voids = false;
        for &cell in board.cells() {
            if let Some(piece) = cell.piece() {
                used |= Glyph::of(piece, tafl).bit();
            } else if cell.is_void() {
                voids = true;
            }
        }
        let (bw, bh) = (layout.cols * CELL, layout.rows * CELL);
        Picture {
            board,
            options,
            theme: &options.theme,
            layout,
            tafl,
            used,
            voids,
            outcome,
            lines,
            bw,
            bh,
        }
    }

    /// The root element.
    fn root(&self, out: &mut impl Write) -> fmt::Result {
        let Picture { options, ref layout, .. } = *self;
        out.write_str("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\"")?;
        if let Some(size) = options.size {
            let (w, h) = layout.pixels(size);
            put!(out, " width=\"", w, "\" height=\"", h, "\"");
        }
        put!(out, " viewBox=\"0 0 ", layout.width, " ", layout.height, "\">\n");
        Ok(())
    }

    /// Accessibility: the title, and what the rules say.
    fn accessibility(&self, out: &mut impl Write, to_move: Option<Player>) -> fmt::Result {
        let Picture { board, options, outcome, ref lines, .. } = *self;
        out.write_str("<title>")?;
        match &options.title {
            Some(title) => text(out, title)?,
            None => write!(out, "{}x{} board", board.rows(), board.cols())?,
        }
        out.write_str("</title>\n")?;
        if to_move.is_some() || outcome.is_some() {
            out.write_str("<desc>")?;
            if let Some(player) = to_move {
                write!(out, "{player} to move")?;
                if outcome.is_some() {
                    out.write_str("; ")?;
                }
            }
            if let Some((rules, outcome)) = outcome {
                write!(out, "{rules}: {outcome}")?;
                for line in lines {
                    out.write_str(", line")?;
                    for cell in line.cells() {
                        write!(out, " {}", board.cell_name(cell.0, cell.1))?;
                    }
                }
            }
            out.write_str("</desc>\n")?;
        }
        Ok(())
    }

    /// Definitions: only the glyphs and patterns this picture uses.
    fn definitions(&self, out: &mut impl Write) -> fmt::Result {
        let Picture { options, theme, ref layout, used, voids, .. } = *self;
        if used != 0 || voids {
            out.write_str("<defs>\n")?;
            if voids {
                write!(
                    out,
                    "<pattern id=\"hatch\" patternUnits=\"userSpaceOnUse\" x=\"{}\" y=\"{}\" width=\"10\" height=\"10\"><path d=\"M-1 11L11-1\" stroke=\"",
                    layout.left + 5,
                    layout.top
                )?;
                attr(out, &theme.void_hatch)?;
                out.write_str("\" stroke-width=\"2\"/></pattern>\n")?;
            }
            for glyph in Glyph::ALL {
                if used & glyph.bit() != 0 {
                    glyph.define(out, theme)?;
                }
            }
            out.write_str("</defs>\n")?;
        }
        if let Some(css) = &options.css {
            out.write_str("<style type=\"text/css\">")?;
            text(out, css)?;
            out.write_str("</style>\n")?;
        }
        Ok(())
    }

    /// The background and the board.
    fn background_and_board(&self, out: &mut impl Write) -> fmt::Result {
        let Picture { theme, ref layout, bw, bh, .. } = *self;
        put!(
            out,
            "<rect class=\"background\" width=\"",
            layout.width,
            "\" height=\"",
            layout.height,
            "\" fill=\""
        );
        attr(out, &theme.background)?;
        out.write_str("\"/>\n")?;
        put!(
            out,
            "<rect class=\"board\" x=\"",
            layout.left,
            "\" y=\"",
            layout.top,
            "\" width=\"",
            bw,
            "\" height=\"",
            bh,
            "\" fill=\""
        );
        attr(out, &theme.board)?;
        out.write_str("\"/>\n")?;
        Ok(())
    }

    /// Tafl squares: the ones given (`Options::special`), else the throne and the corners.
    fn tafl_squares(&self, out: &mut impl Write) -> fmt::Result {
        let Picture { board, options, theme, ref layout, .. } = *self;
        if options.tafl_squares {
            // The squares given, else the throne (centre of a board with odd sides) and
            // the corners.
            let (rows, cols) = (board.rows(), board.cols());
            let corners_and_throne =
                [(0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1), (rows / 2, cols / 2)];
            let with_throne = if rows % 2 == 1 && cols % 2 == 1 { 5 } else { 4 };
            let special = options.special.as_deref().unwrap_or(&corners_and_throne[..with_throne]);
            let mut cells: Vec<(usize, usize)> = Vec::with_capacity(special.len());
            for &cell in special {
                if !cells.contains(&cell) && board.get(cell.0, cell.1) != Some(Cell::Void) {
                    cells.push(cell);
                }
            }
            if !cells.is_empty() {
                out.write_str("<path class=\"special\" d=\"")?;
                squares(out, layout, cells.iter().copied())?;
                out.write_str("\" fill=\"")?;
                attr(out, &theme.special)?;
                out.write_str("\"/>\n<path class=\"special-mark\" d=\"")?;
                for &cell in &cells {
                    let (x, y) = layout.corner(cell);
                    put!(out, "M", x + 8, " ", y + 8, "h24v24h-24zl24 24m0-24l-24 24");
                }
                out.write_str("\" fill=\"none\" stroke=\"")?;
                attr(out, &theme.special_mark)?;
                out.write_str("\" stroke-width=\"1.5\"/>\n")?;
            }
        }
        Ok(())
    }

    /// Void cells: shaded, then hatched.
    fn voids(&self, out: &mut impl Write) -> fmt::Result {
        let Picture { board, theme, ref layout, voids, .. } = *self;
        if voids {
            let void_cells = || board.iter().filter(|(_, cell)| cell.is_void()).map(|(rc, _)| rc);
            for (class, paint) in [("void", None), ("void-hatch", Some("url(#hatch)"))] {
                write!(out, "<path class=\"{class}\" d=\"")?;
                squares(out, layout, void_cells())?;
                out.write_str("\" fill=\"")?;
                match paint {
                    Some(paint) => out.write_str(paint)?,
                    None => attr(out, &theme.void)?,
                }
                out.write_str("\"/>\n")?;
            }
        }
        Ok(())
    }

    /// The last move, then the highlighted cells.
    fn last_move_and_fills(&self, out: &mut impl Write) -> fmt::Result {
        let Picture { options, theme, ref layout, .. } = *self;
        if !options.last_move.is_empty() {
            out.write_str("<path class=\"last-move\" d=\"")?;
            squares(out, layout, options.last_move.iter().copied())?;
            out.write_str("\" fill=\"")?;
            attr(out, &theme.last_move)?;
            out.write_str("\"/>\n")?;
        }
        for (cell, color) in &options.fills {
            let (x, y) = layout.corner(*cell);
            put!(
                out,
                "<rect class=\"fill\" x=\"",
                x,
                "\" y=\"",
                y,
                "\" width=\"40\" height=\"40\" fill=\""
            );
            attr(out, color.as_deref().unwrap_or(&theme.highlight))?;
            out.write_str("\"/>\n")?;
        }
        Ok(())
    }

    /// The grid and the border.
    fn grid_and_border(&self, out: &mut impl Write) -> fmt::Result {
        let Picture { theme, ref layout, bw, bh, .. } = *self;
        if layout.rows > 1 || layout.cols > 1 {
            out.write_str("<path class=\"grid\" d=\"")?;
            for r in 1..layout.rows {
                put!(out, "M", layout.left, " ", layout.top + r * CELL, "h", bw);
            }
            for c in 1..layout.cols {
                put!(out, "M", layout.left + c * CELL, " ", layout.top, "v", bh);
            }
            out.write_str("\" fill=\"none\" stroke=\"")?;
            attr(out, &theme.grid)?;
            out.write_str("\" stroke-width=\"1\"/>\n")?;
        }
        put!(
            out,
            "<rect class=\"border\" x=\"",
            layout.left,
            "\" y=\"",
            layout.top,
            "\" width=\"",
            bw,
            "\" height=\"",
            bh,
            "\" fill=\"none\" stroke=\""
        );
        attr(out, &theme.grid)?;
        out.write_str("\" stroke-width=\"2\"/>\n")?;
        Ok(())
    }

    /// File letters under the board, rank numbers to its left.
    fn coordinates(&self, out: &mut impl Write) -> fmt::Result {
        let Picture { options, theme, ref layout, bh, .. } = *self;
        if options.coordinates {
            put!(
                out,
                "<g class=\"coordinates\" font-family=\"",
                FONT,
                "\" font-size=\"12\" text-anchor=\"middle\" fill=\""
            );
            attr(out, &theme.coordinates)?;
            out.write_str("\">\n")?;
            let bottom = layout.top + bh + layout.top / 2 + 4;
            for col in 0..layout.cols {
                let (x, _) = layout.centre((0, col));
                put!(out, "<text x=\"", x, "\" y=\"", bottom, "\">");
                write!(Letters(out), "{}", CellName { file: col, rank: 1 })?;
                out.write_str("</text>\n")?;
            }
            let left = layout.left / 2;
            for row in 0..layout.rows {
                let (_, y) = layout.centre((row, 0));
                put!(
                    out,
                    "<text x=\"",
                    left,
                    "\" y=\"",
                    y + 4,
                    "\">",
                    layout.rows - row,
                    "</text>\n"
                );
            }
            out.write_str("</g>\n")?;
        }
        Ok(())
    }

    /// The pieces.
    fn pieces(&self, out: &mut impl Write) -> fmt::Result {
        let Picture { board, ref layout, tafl, .. } = *self;
        for ((row, col), cell) in board.iter() {
            if let Some(piece) = cell.piece() {
                let (x, y) = layout.centre((row, col));
                put!(
                    out,
                    "<use xlink:href=\"#",
                    Glyph::of(piece, tafl).id(),
                    "\" x=\"",
                    x,
                    "\" y=\"",
                    y,
                    "\"/>\n"
                );
            }
        }
        Ok(())
    }

    /// The lines that decide the game.
    fn winning_lines(&self, out: &mut impl Write) -> fmt::Result {
        let Picture { theme, ref layout, ref lines, .. } = *self;
        if !lines.is_empty() {
            out.write_str("<path class=\"win\" d=\"")?;
            for line in lines {
                let first = line.start;
                let last = line.cells().last().unwrap_or(first);
                let (x1, y1) = layout.centre(first);
                let (x2, y2) = layout.centre(last);
                put!(out, "M", x1, " ", y1, "L", x2, " ", y2);
            }
            out.write_str("\" fill=\"none\" stroke=\"")?;
            attr(out, &theme.win)?;
            out.write_str("\" stroke-width=\"6\" stroke-linecap=\"round\"/>\n")?;
        }
        Ok(())
    }

    /// Arrows, last, so they lie over everything.
    fn arrows(&self, out: &mut impl Write) -> fmt::Result {
        let Picture { options, theme, ref layout, .. } = *self;
        for arrow in &options.arrows {
            let color = arrow.color.as_deref().unwrap_or(&theme.arrow);
            let (x1, y1) = layout.centre(arrow.from);
            let (x2, y2) = layout.centre(arrow.to);
            if arrow.from == arrow.to {
                write!(
                    out,
                    "<circle class=\"arrow\" cx=\"{x1}\" cy=\"{y1}\" r=\"16\" fill=\"none\" stroke=\""
                )?;
                attr(out, color)?;
                out.write_str("\" stroke-width=\"4\" opacity=\"0.85\"/>\n")?;
                continue;
            }
            let (x1, y1, x2, y2) = (x1 as f64, y1 as f64, x2 as f64, y2 as f64);
            let (dx, dy) = (x2 - x1, y2 - y1);
            let length = (dx * dx + dy * dy).sqrt();
            let (ux, uy) = (dx / length, dy / length);
            let (head, half) = (16.0, 9.0);
            let (bx, by) = (x2 - ux * head, y2 - uy * head);
            out.write_str("<g class=\"arrow\" opacity=\"0.85\" fill=\"")?;
            attr(out, color)?;
            out.write_str("\" stroke=\"")?;
            attr(out, color)?;
            out.write_str("\"><path d=\"M")?;
            write!(out, "{} {}L{} {}", Num(x1), Num(y1), Num(bx + ux), Num(by + uy))?;
            out.write_str("\" stroke-width=\"6\" stroke-linecap=\"round\"/><path d=\"M")?;
            write!(
                out,
                "{} {}L{} {}L{} {}Z",
                Num(x2),
                Num(y2),
                Num(bx - uy * half),
                Num(by + ux * half),
                Num(bx + uy * half),
                Num(by - ux * half)
            )?;
            out.write_str("\" stroke=\"none\"/></g>\n")?;
        }
        Ok(())
    }
}

/// Writes `M x y h40v40h-40z` for each cell: one path for many squares.
fn squares(
    out: &mut impl Write,
    layout: &Layout,
    cells: impl Iterator<Item = (usize, usize)>,
) -> fmt::Result {
    for cell in cells {
        let (x, y) = layout.corner(cell);
        put!(out, "M", x, " ", y, "h40v40h-40z");
    }
    Ok(())
}

/// Writes `s` escaped for an attribute value in double quotes.
fn attr(out: &mut impl Write, s: &str) -> fmt::Result {
    text(out, s)
}

/// Writes `s` escaped for XML text or attribute values: `& < > " '` become references.
/// Characters XML 1.0 does not allow (control characters other than tab, newline and
/// carriage return) are written as U+FFFD.
pub(crate) fn text(out: &mut impl Write, s: &str) -> fmt::Result {
    // Most text (colours, class names, positions) needs no escape at all.
    if s.bytes()
        .all(|b| (0x20..0x7f).contains(&b) && !matches!(b, b'&' | b'<' | b'>' | b'"' | b'\''))
    {
        return out.write_str(s);
    }
    let mut start = 0;
    for (i, ch) in s.char_indices() {
        let escaped = match ch {
            '&' => "&amp;",
            '<' => "&lt;",
            '>' => "&gt;",
            '"' => "&quot;",
            '\'' => "&apos;",
            '\t' | '\n' | '\r' => continue,
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => "\u{fffd}",
            _ => continue,
        };
        out.write_str(&s[start..i])?;
        out.write_str(escaped)?;
        start = i + ch.len_utf8();
    }
    out.write_str(&s[start..])
}

/// A number in board units with at most one decimal, never `-0`.
struct Num(f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tenths = (self.0 * 10.0).round() as i64;
        if tenths < 0 {
            f.write_str("-")?;
        }
        let tenths = tenths.unsigned_abs();
        write!(f, "{}", tenths / 10)?;
        if tenths % 10 != 0 {
            write!(f, ".{}", tenths % 10)?;
        }
        Ok(())
    }
}

/// Passes on everything but ASCII digits: a [`CellName`]'s file letters alone.
struct Letters<'a, W>(&'a mut W);

impl<W: Write> Write for Letters<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for part in s.split(|c: char| c.is_ascii_digit()) {
            self.0.write_str(part)?;
        }
        Ok(())
    }
}

/// The position's picture: the board, with the side to move in the description.
pub(crate) fn write_position(
    out: &mut impl Write,
    position: &Position,
    options: &Options,
) -> fmt::Result {
    write_svg(out, &position.board, Some(position.to_move), options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_escapes_markup_and_control_characters() {
        let mut out = String::new();
        text(&mut out, "a<b>&\"c'\u{1}\td").unwrap();
        assert_eq!(out, "a&lt;b&gt;&amp;&quot;c&apos;\u{fffd}\td");
    }

    #[test]
    fn numbers_have_one_decimal_and_no_negative_zero() {
        let shown: Vec<String> =
            [0.0, -0.01, 12.34, -7.96, 100.0].iter().map(|&v| Num(v).to_string()).collect();
        assert_eq!(shown, ["0", "0", "12.3", "-8", "100"]);
    }

    #[test]
    fn parts_write_numbers_in_decimal() {
        let mut out = String::new();
        let sink = &mut out;
        let result: fmt::Result = (|| {
            put!(sink, "a", 0usize, " ", 1234567890usize, " ", u64::MAX, " ", usize::MAX);
            put!(sink, " ", 9usize, " ", 10usize, " ", 999usize, " ", 1000usize, " ", 10_000usize);
            Ok(())
        })();
        result.unwrap();
        assert_eq!(out, format!("a0 1234567890 {} {} 9 10 999 1000 10000", u64::MAX, usize::MAX));
    }

    #[test]
    fn letters_drop_the_rank() {
        let mut out = String::new();
        write!(Letters(&mut out), "{}", CellName { file: 27, rank: 123 }).unwrap();
        assert_eq!(out, "ab");
    }

    #[test]
    fn pixels_keep_the_proportions() {
        let board = Board::new(3, 4).unwrap();
        let layout = Layout::new(&board, &Options::default());
        assert_eq!((layout.width, layout.height), (200, 160));
        assert_eq!(layout.pixels(400), (400, 320));
        let tall = Layout::new(&Board::new(4, 3).unwrap(), &Options::default());
        assert_eq!(tall.pixels(400), (320, 400));
    }
}
