//! What a picture shows and how: [`Options`], [`Theme`], [`Pieces`] and [`Arrow`].

use gridnote_board::Rules;

/// How pieces are drawn.
///
/// ```
/// use gridnote_svg::Pieces;
/// assert_eq!(Pieces::default(), Pieces::Auto);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum Pieces {
    /// [`Pieces::Tafl`] when the board holds a king, else [`Pieces::Marks`].
    #[default]
    Auto,
    /// Tic-tac-toe marks: Player One an X, Player Two an O (a king, wherever one stands,
    /// a crowned disc in its player's colours).
    Marks,
    /// Tafl stones: Player One's attackers dark discs, Player Two's defenders light discs,
    /// the king a light disc with a crown.
    Tafl,
}

/// An arrow from one cell to another, as (row, col) pairs (row 0 at the top); an arrow
/// from a cell to itself is drawn as a ring around that cell.
///
/// ```
/// use gridnote_svg::Arrow;
/// let arrow = Arrow::new((2, 0), (0, 2));
/// assert_eq!(arrow.from, (2, 0));
/// assert_eq!(arrow.color, None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Arrow {
    /// The tail's cell (row, col).
    pub from: (usize, usize),
    /// The head's cell (row, col).
    pub to: (usize, usize),
    /// A colour of its own (any SVG colour), or `None` for the theme's arrow colour.
    pub color: Option<String>,
}

impl Arrow {
    /// An arrow in the theme's colour.
    ///
    /// ```
    /// use gridnote_svg::Arrow;
    /// assert_eq!(Arrow::new((0, 0), (1, 1)).to, (1, 1));
    /// ```
    #[must_use]
    pub fn new(from: (usize, usize), to: (usize, usize)) -> Arrow {
        Arrow { from, to, color: None }
    }

    /// The same arrow in `color`.
    ///
    /// ```
    /// use gridnote_svg::Arrow;
    /// let arrow = Arrow::new((0, 0), (1, 1)).with_color("#c00");
    /// assert_eq!(arrow.color.as_deref(), Some("#c00"));
    /// ```
    #[must_use]
    pub fn with_color(mut self, color: impl Into<String>) -> Arrow {
        self.color = Some(color.into());
        self
    }
}

/// The colours of a picture: any SVG colour text (`#rrggbb`, `#rgb`, a colour name).
/// Start from [`Theme::default`] or [`Theme::high_contrast`] and change what you need;
/// [`Theme::named`] finds a theme by the name the command line uses.
///
/// ```
/// use gridnote_svg::Theme;
/// let mut theme = Theme::default();
/// theme.highlight = "#9cf".to_owned();
/// assert_eq!(Theme::named("high-contrast"), Some(Theme::high_contrast()));
/// assert_eq!(Theme::named("plaid"), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Theme {
    /// The margin around the board (where the coordinates are).
    pub background: String,
    /// An empty playable cell.
    pub board: String,
    /// The grid lines and the board's border.
    pub grid: String,
    /// A void (non-playable) cell.
    pub void: String,
    /// The hatching drawn over void cells.
    pub void_hatch: String,
    /// File letters and rank numbers.
    pub coordinates: String,
    /// Player One's X.
    pub x: String,
    /// Player Two's O (its ring).
    pub o: String,
    /// Inside Player Two's O.
    pub o_fill: String,
    /// A dark tafl stone (Player One's attackers).
    pub dark_stone: String,
    /// A light tafl stone (Player Two's defenders and king).
    pub light_stone: String,
    /// The outline of every tafl stone.
    pub stone_outline: String,
    /// The king's crown.
    pub crown: String,
    /// A tafl throne or corner square.
    pub special: String,
    /// The mark drawn on a throne or corner square.
    pub special_mark: String,
    /// A highlighted cell with no colour of its own.
    pub highlight: String,
    /// The cells of the last move.
    pub last_move: String,
    /// An arrow with no colour of its own.
    pub arrow: String,
    /// The winning line.
    pub win: String,
}

impl Default for Theme {
    /// Parchment board, blue X, red O, dark attackers and light defenders.
    fn default() -> Theme {
        Theme {
            background: "#ffffff".to_owned(),
            board: "#f3ead7".to_owned(),
            grid: "#6b5b45".to_owned(),
            void: "#8c8c8c".to_owned(),
            void_hatch: "#5f5f5f".to_owned(),
            coordinates: "#4a4a4a".to_owned(),
            x: "#1f4e9c".to_owned(),
            o: "#b22222".to_owned(),
            o_fill: "#f6d5d5".to_owned(),
            dark_stone: "#2b2b2b".to_owned(),
            light_stone: "#fbfbf2".to_owned(),
            stone_outline: "#1a1a1a".to_owned(),
            crown: "#d4a017".to_owned(),
            special: "#d8c39b".to_owned(),
            special_mark: "#8a7350".to_owned(),
            highlight: "#f2d04b".to_owned(),
            last_move: "#b9dc8c".to_owned(),
            arrow: "#2a9d8f".to_owned(),
            win: "#ff7f0e".to_owned(),
        }
    }
}

impl Theme {
    /// Black on white with strongly coloured marks, for low vision and printing.
    ///
    /// ```
    /// use gridnote_svg::Theme;
    /// assert_eq!(Theme::high_contrast().board, "#ffffff");
    /// ```
    #[must_use]
    pub fn high_contrast() -> Theme {
        Theme {
            background: "#ffffff".to_owned(),
            board: "#ffffff".to_owned(),
            grid: "#000000".to_owned(),
            void: "#000000".to_owned(),
            void_hatch: "#ffffff".to_owned(),
            coordinates: "#000000".to_owned(),
            x: "#0000c8".to_owned(),
            o: "#c80000".to_owned(),
            o_fill: "#ffd0d0".to_owned(),
            dark_stone: "#000000".to_owned(),
            light_stone: "#ffffff".to_owned(),
            stone_outline: "#000000".to_owned(),
            crown: "#ffd700".to_owned(),
            special: "#a0a0a0".to_owned(),
            special_mark: "#000000".to_owned(),
            highlight: "#ffff00".to_owned(),
            last_move: "#00e000".to_owned(),
            arrow: "#ff00ff".to_owned(),
            win: "#ff8000".to_owned(),
        }
    }

    /// The names [`Theme::named`] knows, in order.
    pub const NAMES: [&'static str; 2] = ["default", "high-contrast"];

    /// The theme called `name` (`default` or `high-contrast`), if any.
    ///
    /// ```
    /// use gridnote_svg::Theme;
    /// assert_eq!(Theme::named("default"), Some(Theme::default()));
    /// ```
    #[must_use]
    pub fn named(name: &str) -> Option<Theme> {
        match name {
            "default" => Some(Theme::default()),
            "high-contrast" => Some(Theme::high_contrast()),
            _ => None,
        }
    }
}

/// What a picture shows. Cells are (row, col) pairs, row 0 at the top as in
/// [`Board::get`](gridnote_board::Board::get); use
/// [`Board::parse_cell_name`](gridnote_board::Board::parse_cell_name) to get them from
/// names like `a1`. Start from [`Options::default`] and chain the setters.
///
/// ```
/// use gridnote_board::Rules;
/// use gridnote_svg::{Arrow, Options, Theme};
/// let options = Options::default()
///     .size(Some(400))
///     .coordinates(false)
///     .flip(true)
///     .highlight((1, 1))
///     .arrow(Arrow::new((2, 0), (0, 2)))
///     .rules(Some(Rules::TIC_TAC_TOE))
///     .theme(Theme::high_contrast());
/// assert_eq!(options.size, Some(400));
/// assert_eq!(options.fills.len(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Options {
    /// The picture's width and height in pixels for its longer side (the shorter side in
    /// proportion); `None` leaves them out, so the picture takes its container's size.
    /// The viewBox is always in board units (40 per cell).
    pub size: Option<u32>,
    /// File letters under the board and rank numbers to its left (default on).
    pub coordinates: bool,
    /// Rotate the board 180°: `a1` at the top right.
    pub flip: bool,
    /// How pieces are drawn.
    pub pieces: Pieces,
    /// Mark the tafl throne (the centre of a board with odd sides) and the four corners.
    pub tafl_squares: bool,
    /// With `tafl_squares`, the cells to mark instead of the throne and the corners (a
    /// variant's own corners, centre and forts, as its rules record names them; empty
    /// marks none); `None` marks the throne and the corners.
    #[cfg_attr(feature = "serde", serde(default))]
    pub special: Option<Vec<(usize, usize)>>,
    /// Cells to fill, each with a colour of its own or `None` for the theme's highlight.
    pub fills: Vec<((usize, usize), Option<String>)>,
    /// Arrows, drawn last, in order.
    pub arrows: Vec<Arrow>,
    /// The last move: the cell played, or for a moving piece its start and end cell.
    pub last_move: Vec<(usize, usize)>,
    /// With rules, the picture's description says the outcome and a won (or contested)
    /// position has its lines drawn through their k cells.
    pub rules: Option<Rules>,
    /// The colours.
    pub theme: Theme,
    /// CSS added in a `<style>` element, after the picture's own colours (so it can
    /// override them: elements carry classes such as `x`, `o`, `void`, `win`, `arrow`).
    pub css: Option<String>,
    /// The picture's `<title>`, such as the position's text; `None` gives `R×C board`.
    pub title: Option<String>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            size: None,
            coordinates: true,
            flip: false,
            pieces: Pieces::Auto,
            tafl_squares: false,
            special: None,
            fills: Vec::new(),
            arrows: Vec::new(),
            last_move: Vec::new(),
            rules: None,
            theme: Theme::default(),
            css: None,
            title: None,
        }
    }
}

impl Options {
    /// Sets [`Options::size`].
    ///
    /// ```
    /// use gridnote_svg::Options;
    /// assert_eq!(Options::default().size(Some(300)).size, Some(300));
    /// ```
    #[must_use]
    pub fn size(mut self, size: Option<u32>) -> Options {
        self.size = size;
        self
    }

    /// Sets [`Options::coordinates`].
    ///
    /// ```
    /// use gridnote_svg::Options;
    /// assert!(!Options::default().coordinates(false).coordinates);
    /// ```
    #[must_use]
    pub fn coordinates(mut self, on: bool) -> Options {
        self.coordinates = on;
        self
    }

    /// Sets [`Options::flip`].
    ///
    /// ```
    /// use gridnote_svg::Options;
    /// assert!(Options::default().flip(true).flip);
    /// ```
    #[must_use]
    pub fn flip(mut self, on: bool) -> Options {
        self.flip = on;
        self
    }

    /// Sets [`Options::pieces`].
    ///
    /// ```
    /// use gridnote_svg::{Options, Pieces};
    /// assert_eq!(Options::default().pieces(Pieces::Tafl).pieces, Pieces::Tafl);
    /// ```
    #[must_use]
    pub fn pieces(mut self, pieces: Pieces) -> Options {
        self.pieces = pieces;
        self
    }

    /// Sets [`Options::tafl_squares`].
    ///
    /// ```
    /// use gridnote_svg::Options;
    /// assert!(Options::default().tafl_squares(true).tafl_squares);
    /// ```
    #[must_use]
    pub fn tafl_squares(mut self, on: bool) -> Options {
        self.tafl_squares = on;
        self
    }

    /// Sets [`Options::special`]: the tafl squares to mark.
    ///
    /// ```
    /// use gridnote_svg::Options;
    /// let options = Options::default().tafl_squares(true).special(Some(vec![(0, 1), (1, 1)]));
    /// assert_eq!(options.special, Some(vec![(0, 1), (1, 1)]));
    /// ```
    #[must_use]
    pub fn special(mut self, cells: Option<Vec<(usize, usize)>>) -> Options {
        self.special = cells;
        self
    }

    /// Adds a cell filled with the theme's highlight colour.
    ///
    /// ```
    /// use gridnote_svg::Options;
    /// assert_eq!(Options::default().highlight((0, 1)).fills, [((0, 1), None)]);
    /// ```
    #[must_use]
    pub fn highlight(mut self, cell: (usize, usize)) -> Options {
        self.fills.push((cell, None));
        self
    }

    /// Adds a cell filled with `color`.
    ///
    /// ```
    /// use gridnote_svg::Options;
    /// let options = Options::default().fill((0, 1), "#abc");
    /// assert_eq!(options.fills, [((0, 1), Some("#abc".to_owned()))]);
    /// ```
    #[must_use]
    pub fn fill(mut self, cell: (usize, usize), color: impl Into<String>) -> Options {
        self.fills.push((cell, Some(color.into())));
        self
    }

    /// Adds an arrow.
    ///
    /// ```
    /// use gridnote_svg::{Arrow, Options};
    /// assert_eq!(Options::default().arrow(Arrow::new((0, 0), (0, 2))).arrows.len(), 1);
    /// ```
    #[must_use]
    pub fn arrow(mut self, arrow: Arrow) -> Options {
        self.arrows.push(arrow);
        self
    }

    /// Sets [`Options::last_move`]: one cell for a placement, two for a move.
    ///
    /// ```
    /// use gridnote_svg::Options;
    /// assert_eq!(Options::default().last_move(&[(1, 1)]).last_move, [(1, 1)]);
    /// ```
    #[must_use]
    pub fn last_move(mut self, cells: &[(usize, usize)]) -> Options {
        self.last_move = cells.to_vec();
        self
    }

    /// Sets [`Options::rules`].
    ///
    /// ```
    /// use gridnote_board::Rules;
    /// use gridnote_svg::Options;
    /// assert_eq!(Options::default().rules(Some(Rules::TOMORROWS)).rules, Some(Rules::TOMORROWS));
    /// ```
    #[must_use]
    pub fn rules(mut self, rules: Option<Rules>) -> Options {
        self.rules = rules;
        self
    }

    /// Sets [`Options::theme`].
    ///
    /// ```
    /// use gridnote_svg::{Options, Theme};
    /// let options = Options::default().theme(Theme::high_contrast());
    /// assert_eq!(options.theme, Theme::high_contrast());
    /// ```
    #[must_use]
    pub fn theme(mut self, theme: Theme) -> Options {
        self.theme = theme;
        self
    }

    /// Sets [`Options::css`].
    ///
    /// ```
    /// use gridnote_svg::Options;
    /// let options = Options::default().css(Some(".x { stroke: black }".to_owned()));
    /// assert!(options.css.is_some());
    /// ```
    #[must_use]
    pub fn css(mut self, css: Option<String>) -> Options {
        self.css = css;
        self
    }

    /// Sets [`Options::title`].
    ///
    /// ```
    /// use gridnote_svg::Options;
    /// let options = Options::default().title(Some("2_o/_x_/3_ x".to_owned()));
    /// assert_eq!(options.title.as_deref(), Some("2_o/_x_/3_ x"));
    /// ```
    #[must_use]
    pub fn title(mut self, title: Option<String>) -> Options {
        self.title = title;
        self
    }
}
