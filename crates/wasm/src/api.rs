//! The bindings' plain-Rust core. Every function here takes and gives Rust values, so it
//! is tested natively with exact values; the crate root only turns JavaScript values into
//! these requests and the answers back into JavaScript objects.

use core::cell::RefCell;
use core::ops::Range;

use gridnote_board::notation::Game;
use gridnote_board::report::render_caret;
use gridnote_board::{Outcome, Player, Position, Rules};
use gridnote_convert::Spanned;
use gridnote_convert::{ConvertError, Format, Note, Options, Source, detect};
use gridnote_solve::{Solution, Solver};

/// The transposition table the page's solver may use: boards of up to 16 cells solve in
/// it without replacement, larger ones share it.
const SOLVER_TABLE_BYTES: usize = 32 << 20;

/// Why a call failed: what the thrown JavaScript error carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Failure {
    /// The message, naming the field or option and what was expected.
    pub(crate) message: String,
    /// The byte span of the input it is about (`None` for a bad option).
    pub(crate) span: Option<Range<usize>>,
    /// The format the input was read as (given or detected), when there is one.
    pub(crate) format: Option<Format>,
    /// The input's line and a caret line under the span (`None` for a bad option).
    pub(crate) caret: Option<String>,
}

impl Failure {
    /// A failure about `span` of `text`.
    pub(crate) fn input(
        text: &str,
        message: String,
        span: Range<usize>,
        format: Option<Format>,
    ) -> Failure {
        let caret = render_caret(text, span.clone());
        Failure { message, span: Some(span), format, caret: Some(caret) }
    }

    /// A bad option: about no part of the input.
    pub(crate) fn option(message: String) -> Failure {
        Failure { message, span: None, format: None, caret: None }
    }

    /// The failure of reading or converting `text` (read as `from`, detected when `None`).
    fn convert(err: &ConvertError, text: &str, from: Option<Format>) -> Failure {
        let format = match err {
            ConvertError::Detect(_) => None,
            _ => from.or_else(|| detect(text).ok()),
        };
        Failure::input(text, err.to_string(), err.span(), format)
    }
}

/// `options.from` / `options.to`: a format name, any case.
fn format_named(option: &str, name: &str) -> Result<Format, Failure> {
    name.parse::<Format>().map_err(|e| Failure::option(format!("options.{option}: {e}")))
}

/// `options.rules`: any name `Rules` prints.
fn rules_named(name: &str) -> Result<Rules, Failure> {
    name.parse::<Rules>().map_err(|e| Failure::option(format!("options.rules: {e}")))
}

/// A JavaScript number as JavaScript writes it, for messages that quote what they were
/// given: whole numbers below 2^64 in full, other numbers with the fewest decimals (at
/// most 15) that read back to them, `NaN` and `Infinity`; a number beyond those is
/// described rather than written. It spares both modules core's float formatting
/// (about 16 KB of WebAssembly each).
pub(crate) struct JsNumber(pub(crate) f64);

impl core::fmt::Display for JsNumber {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let v = self.0;
        if v.is_nan() {
            return f.write_str("NaN");
        }
        if v.is_infinite() {
            return f.write_str(if v > 0.0 { "Infinity" } else { "-Infinity" });
        }
        let sign = if v < 0.0 { "-" } else { "" };
        if v.fract() == 0.0 && v.abs() < 18_446_744_073_709_551_616.0 {
            // Whole and below 2^64: exact as a u64.
            return write!(f, "{sign}{}", v.abs() as u64);
        }
        // The fewest decimals that read back to `v` (exact while the scaled value and the
        // power of ten are below 2^53, when the division rounds as reading would).
        let mut scale = 1.0_f64;
        for decimals in 1..=15_usize {
            scale *= 10.0;
            let scaled = (v * scale).round();
            if scaled.abs() >= 9_007_199_254_740_992.0 {
                break;
            }
            if scaled / scale == v {
                let digits = (scaled as i64).unsigned_abs();
                let unit = 10_u64.pow(decimals as u32);
                return write!(f, "{sign}{}.{:0decimals$}", digits / unit, digits % unit);
            }
        }
        f.write_str(if v.abs() < 1.0 {
            "a number too close to 0 to show"
        } else {
            "a number too large to show"
        })
    }
}

/// A whole number option: a finite integer in `min..=u32::MAX`.
fn whole(option: &str, value: f64, min: u32) -> Result<u32, Failure> {
    let ok = value.is_finite()
        && value.fract() == 0.0
        && value >= f64::from(min)
        && value <= f64::from(u32::MAX);
    if ok {
        // In range and whole: the cast is exact.
        Ok(value as u32)
    } else {
        Err(Failure::option(format!(
            "options.{option}: expected a whole number from {min} to {}, got {}",
            u32::MAX,
            JsNumber(value)
        )))
    }
}

/// Reads `text` as `from` (a format name) or as its detected format.
pub(crate) fn read(text: &str, from: Option<&str>) -> Result<Source, Failure> {
    let from = from.map(|name| format_named("from", name)).transpose()?;
    gridnote_convert::read(text, from, &Options::default())
        .map_err(|err| Failure::convert(&err, text, from))
}

/// How `format` spells `player`: `x`/`o` for m,n,k, `a`/`d` for tafl.
fn side_letter(format: Format, player: Player) -> &'static str {
    format.side_letters()[player.index()]
}

/// One format of the registry, as `formats()` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FormatInfo {
    pub(crate) name: &'static str,
    pub(crate) description: &'static str,
    pub(crate) example: &'static str,
    pub(crate) game: &'static str,
    pub(crate) detection: &'static str,
    pub(crate) extensions: &'static [&'static str],
}

/// `mnk` or `tafl`.
fn game_name(format: Format) -> &'static str {
    match format.game() {
        Game::Tafl => "tafl",
        _ => "mnk",
    }
}

/// Every format, in the order `gridnote formats` lists them.
pub(crate) fn formats() -> Vec<FormatInfo> {
    Format::ALL
        .iter()
        .map(|&f| FormatInfo {
            name: f.name(),
            description: f.description(),
            example: f.example(),
            game: game_name(f),
            detection: f.sniff_rule(),
            extensions: f.file_extensions(),
        })
        .collect()
}

/// The name of the format `text` looks like.
pub(crate) fn detect_format(text: &str) -> Result<&'static str, Failure> {
    detect(text)
        .map(Format::name)
        .map_err(|err| Failure::input(text, err.to_string(), 0..err.len, None))
}

/// What `convert` takes besides the text.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct ConvertRequest {
    pub(crate) from: Option<String>,
    pub(crate) to: Option<String>,
    /// The conversion options given (`lossless`, the tafl counters, each format's own), in
    /// `Options::DECLARED`'s order, by their declared names.
    pub(crate) options: Vec<(&'static str, OptionValue)>,
}

/// An option's value as JavaScript gives it: a flag's boolean, a number, a choice's name.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum OptionValue {
    Bool(bool),
    Number(f64),
    Text(String),
}

/// The JavaScript key of the option `name`: its words in camelCase (`since-capture` is
/// `sinceCapture`).
pub(crate) fn option_key(name: &str) -> String {
    let mut key = String::with_capacity(name.len());
    let mut upper = false;
    for c in name.chars() {
        match c {
            '-' => upper = true,
            c if upper => {
                key.push(c.to_ascii_uppercase());
                upper = false;
            }
            c => key.push(c),
        }
    }
    key
}

/// A conversion's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Converted {
    pub(crate) output: String,
    pub(crate) from: Format,
    pub(crate) to: Format,
    pub(crate) notes: Vec<Note>,
}

/// The converter's options from a request (everything but the formats): each option set
/// by its declared name, an error naming its JavaScript key.
fn convert_options(req: &ConvertRequest) -> Result<Options, Failure> {
    let mut options = Options::default();
    for (name, value) in &req.options {
        let text = match value {
            OptionValue::Bool(b) => b.to_string(),
            // A whole number in range as such (`3`, not `3.0`); anything else as
            // JavaScript would print it, for the option to refuse.
            &OptionValue::Number(n)
                if n.is_finite()
                    && n.fract() == 0.0
                    && (0.0..=f64::from(u32::MAX)).contains(&n) =>
            {
                // In range and whole: the cast is exact.
                (n as u32).to_string()
            }
            OptionValue::Number(n) => n.to_string(),
            OptionValue::Text(text) => text.clone(),
        };
        options
            .set(name, &text)
            .map_err(|e| Failure::option(format!("options.{}: {e}", option_key(name))))?;
    }
    if let (Some(ply), Some(since)) = (options.ply, options.since_capture) {
        if since >= ply {
            return Err(Failure::option(format!(
                "options.sinceCapture {since} is not below options.ply {ply}: the plies since the last capture are fewer than the ply"
            )));
        }
    }
    Ok(options)
}

/// Converts `text` as `req` says.
pub(crate) fn convert(text: &str, req: &ConvertRequest) -> Result<Converted, Failure> {
    let Some(to) = &req.to else {
        return Err(Failure::option(
            "options.to: missing: name the target format (formats() lists them)".to_owned(),
        ));
    };
    let to = format_named("to", to)?;
    let from = req.from.as_deref().map(|name| format_named("from", name)).transpose()?;
    let options = convert_options(req)?;
    let source = gridnote_convert::read(text, from, &options)
        .map_err(|err| Failure::convert(&err, text, from))?;
    let read_as = source.format;
    let mut output = String::new();
    let notes = gridnote_convert::write_into(source, to, &options, &mut output)
        .map_err(|err| Failure::convert(&err, text, Some(read_as)))?;
    Ok(Converted { output, from: read_as, to, notes })
}

/// What `check` and `solve` take besides the text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct RulesRequest {
    pub(crate) from: Option<String>,
    pub(crate) rules: Option<String>,
}

/// One legality problem: its stable name and its sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ProblemInfo {
    pub(crate) name: &'static str,
    pub(crate) message: String,
}

/// What `check` finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Checked {
    pub(crate) format: Format,
    /// The m,n,k rules judged by (`None` for tafl, which has the semantic check).
    pub(crate) rules: Option<Rules>,
    pub(crate) problems: Vec<ProblemInfo>,
    pub(crate) outcome: Option<Outcome>,
    /// The side to move the text carries, else the one the counts give.
    pub(crate) to_move: Option<Player>,
}

/// Syntax, legality and outcome of `text`.
pub(crate) fn check(text: &str, req: &RulesRequest) -> Result<Checked, Failure> {
    let rules = req.rules.as_deref().map(rules_named).transpose()?;
    let source = read(text, req.from.as_deref())?;
    let format = source.format;
    let tafl = format.game() == Game::Tafl;
    if tafl && rules.is_some() {
        return Err(Failure::option(format!(
            "options.rules: m,n,k rules do not apply to a tafl position ({format})"
        )));
    }
    let checked = source.check(rules);
    Ok(Checked {
        format,
        rules: checked.rules,
        problems: checked
            .problems
            .into_iter()
            .map(|p| ProblemInfo { name: p.name, message: p.message })
            .collect(),
        outcome: checked.outcome,
        to_move: if tafl {
            source.to_move
        } else {
            source.to_move.or_else(|| source.side_from_counts())
        },
    })
}

impl Checked {
    /// The side to move as the format spells it.
    pub(crate) fn to_move_letter(&self) -> Option<&'static str> {
        self.to_move.map(|p| side_letter(self.format, p))
    }
}

/// What `svg` takes besides the text.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SvgRequest {
    pub(crate) from: Option<String>,
    pub(crate) size: Option<f64>,
    pub(crate) coordinates: bool,
    pub(crate) flip: bool,
    pub(crate) highlight: Vec<String>,
    pub(crate) last_move: Vec<String>,
    pub(crate) arrows: Vec<(String, String)>,
    /// Tafl squares to mark instead of the throne and the corners.
    pub(crate) special: Option<Vec<String>>,
    pub(crate) rules: Option<String>,
    pub(crate) theme: Option<String>,
    pub(crate) title: Option<String>,
}

impl Default for SvgRequest {
    fn default() -> SvgRequest {
        SvgRequest {
            from: None,
            size: None,
            coordinates: true,
            flip: false,
            highlight: Vec::new(),
            last_move: Vec::new(),
            arrows: Vec::new(),
            special: None,
            rules: None,
            theme: None,
            title: None,
        }
    }
}

/// The picture of `text`: a standalone SVG document.
pub(crate) fn svg(text: &str, req: &SvgRequest) -> Result<String, Failure> {
    use gridnote_svg::{Arrow, Pieces, Theme};

    let rules = req.rules.as_deref().map(rules_named).transpose()?;
    let size = req.size.map(|n| whole("size", n, 1)).transpose()?;
    let theme = req
        .theme
        .as_deref()
        .map(|name| {
            Theme::named(name).ok_or_else(|| {
                Failure::option(format!(
                    "options.theme: unknown theme `{name}`: expected {}",
                    Theme::NAMES.join(" or ")
                ))
            })
        })
        .transpose()?;
    let source = read(text, req.from.as_deref())?;
    let tafl = source.format.game() == Game::Tafl;
    if tafl && rules.is_some() {
        return Err(Failure::option(format!(
            "options.rules: m,n,k rules do not apply to a tafl position ({})",
            source.format
        )));
    }
    let board = &source.board;
    let cell = |option: &str, name: &str| {
        board.parse_cell_name(name).map_err(|e| Failure::option(format!("options.{option}: {e}")))
    };
    let mut options = gridnote_svg::Options::default()
        .size(size)
        .coordinates(req.coordinates)
        .flip(req.flip)
        .pieces(if tafl { Pieces::Tafl } else { Pieces::Marks })
        .tafl_squares(tafl)
        .rules(rules)
        .title(Some(req.title.clone().unwrap_or_else(|| text.to_owned())));
    if let Some(theme) = theme {
        options = options.theme(theme);
    }
    for name in &req.highlight {
        options = options.highlight(cell("highlight", name)?);
    }
    for (from, to) in &req.arrows {
        options = options.arrow(Arrow::new(cell("arrows", from)?, cell("arrows", to)?));
    }
    if let Some(names) = &req.special {
        let cells =
            names.iter().map(|name| cell("special", name)).collect::<Result<Vec<_>, _>>()?;
        options = options.special(Some(cells));
    }
    if !req.last_move.is_empty() {
        let cells = req
            .last_move
            .iter()
            .map(|name| cell("lastMove", name))
            .collect::<Result<Vec<_>, _>>()?;
        options = options.last_move(&cells);
    }
    let whole_input = 0..text.len();
    let drawn = match source.to_move {
        Some(to_move) => {
            gridnote_svg::position(&Position::new(source.board.clone(), to_move), &options)
        }
        None => gridnote_svg::board(&source.board, &options),
    };
    drawn.map_err(|e| Failure::input(text, e.to_string(), whole_input, Some(source.format)))
}

/// What `solve` finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Solved {
    pub(crate) rules: Rules,
    pub(crate) solution: Solution,
}

impl Solved {
    /// `x`, `o` or `draw`.
    pub(crate) fn winner(&self) -> &'static str {
        match self.solution.winner() {
            Some(Player::One) => "x",
            Some(Player::Two) => "o",
            None => "draw",
        }
    }

    /// The best moves' cell names (`a1` = bottom left).
    pub(crate) fn best(&self) -> Vec<String> {
        self.solution.best.iter().map(ToString::to_string).collect()
    }
}

thread_local! {
    /// One solver for every call: its table is kept while the board's shape and the rules
    /// stay the same.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::with_table_bytes(SOLVER_TABLE_BYTES));
}

/// The value of the m,n,k position `text` under perfect play.
pub(crate) fn solve(text: &str, req: &RulesRequest) -> Result<Solved, Failure> {
    let rules = req.rules.as_deref().map(rules_named).transpose()?;
    let source = read(text, req.from.as_deref())?;
    let format = source.format;
    let whole_input = 0..text.len();
    if format.game() != Game::Mnk {
        return Err(Failure::input(
            text,
            format!(
                "solve handles m,n,k games (tic-tac-toe and its relatives); a {format} position is tafl"
            ),
            whole_input,
            Some(format),
        ));
    }
    let rules = rules.unwrap_or_else(|| format.default_rules());
    let Some(to_move) = source.to_move.or_else(|| source.side_from_counts()) else {
        let problems = source.board.problems(rules, None);
        let message = gridnote_solve::SolveError::Illegal(problems).to_string();
        return Err(Failure::input(text, message, whole_input, Some(format)));
    };
    let position = Position::new(source.board.clone(), to_move);
    let solved = SOLVER.with(|solver| match solver.try_borrow_mut() {
        Ok(mut solver) => solver.solve(&position, rules).map_err(|e| e.to_string()),
        // Only a call from inside a solve could find it borrowed; none is made.
        Err(_) => Solver::new().solve(&position, rules).map_err(|e| e.to_string()),
    });
    match solved {
        Ok(solution) => Ok(Solved { rules, solution }),
        Err(message) => Err(Failure::input(text, message, whole_input, Some(format))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(name: &str) -> Format {
        name.parse().unwrap()
    }

    fn to(name: &str) -> ConvertRequest {
        ConvertRequest { to: Some(name.to_owned()), ..ConvertRequest::default() }
    }

    #[test]
    fn numbers_are_quoted_as_javascript_writes_them() {
        let cases: [(f64, &str); 16] = [
            (0.0, "0"),
            (-0.0, "0"),
            (-1.0, "-1"),
            (4_294_967_296.0, "4294967296"),
            (1e19, "10000000000000000000"),
            (0.5, "0.5"),
            (2.5, "2.5"),
            (-2.25, "-2.25"),
            (0.1, "0.1"),
            (1.005, "1.005"),
            (123.456, "123.456"),
            (0.000_001, "0.000001"),
            (f64::NAN, "NaN"),
            (f64::NEG_INFINITY, "-Infinity"),
            (1e20, "a number too large to show"),
            (1e-300, "a number too close to 0 to show"),
        ];
        for (value, text) in cases {
            assert_eq!(JsNumber(value).to_string(), text, "{value:e}");
        }
    }

    #[test]
    fn option_keys_are_camel_case() {
        let keys: Vec<String> = Options::NAMES.iter().map(|name| option_key(name)).collect();
        assert_eq!(keys[..4], ["lossless", "defenders", "ply", "sinceCapture"]);
        assert_eq!(option_key("a-b-c"), "aBC");
    }

    #[test]
    fn unknown_option_values_name_the_key() {
        let strict = with(to("t3en"), "strict", OptionValue::Text("yes".into()));
        assert_eq!(
            convert("2_o/_x_/3_ x", &strict).unwrap_err().message,
            "options.strict: unknown strict `yes`: expected false or true"
        );
        let since = with(to("tsn"), "since-capture", OptionValue::Number(-1.0));
        assert_eq!(
            convert("2_o/_x_/3_ x", &since).unwrap_err().message,
            "options.sinceCapture: expected a whole number from 0 to 4294967295, got -1"
        );
        let zero = with(to("tsn"), "since-capture", OptionValue::Number(-0.0));
        assert_eq!(convert("2_o/_x_/3_ x", &zero).unwrap().output, "3 4 3/1a1/2d a 3 0");
    }

    /// `req` with the option `name` given as `value`.
    fn with(mut req: ConvertRequest, name: &'static str, value: OptionValue) -> ConvertRequest {
        req.options.push((name, value));
        req
    }

    #[test]
    fn formats_lists_the_registry_in_order() {
        let names: Vec<&str> = formats().iter().map(|f| f.name).collect();
        assert_eq!(names, Format::NAMES);
        for f in formats() {
            // Each example reads as its own format.
            assert_eq!(detect_format(f.example), Ok(f.name));
            assert_eq!(f.extensions, f.name.parse::<Format>().unwrap().file_extensions());
        }
        let t3en = &formats()[0];
        assert_eq!(t3en.example, "2_o/_x_/3_ x");
        assert_eq!(t3en.game, "mnk");
        assert_eq!(t3en.extensions, ["t3en"]);
        assert_eq!(formats()[1].game, "tafl");
    }

    #[test]
    fn detect_names_the_format_or_fails_over_the_whole_input() {
        assert_eq!(detect_format("2_o/_x_/3_ x"), Ok("t3en"));
        assert_eq!(detect_format("120120000"), Ok("digits"));
        let err = detect_format("hello").unwrap_err();
        assert!(err.message.starts_with("cannot tell the format"), "{}", err.message);
        assert_eq!(err.span, Some(0..5));
        assert_eq!(err.format, None);
        assert_eq!(err.caret.as_deref(), Some("  | hello\n  | ^^^^^\n"));
    }

    #[test]
    fn converts_t3en_to_tsn_as_the_issue_says() {
        let out = convert("2_o/_x_/3_ x", &to("TSN")).unwrap();
        assert_eq!(out.output, "3 4 3/1a1/2d a 3 2");
        assert_eq!((out.from, out.to), (fmt("t3en"), fmt("tsn")));
        let notes: Vec<String> = out.notes.iter().map(ToString::to_string).collect();
        assert_eq!(notes.len(), 3, "{notes:?}");
        assert!(notes.iter().all(|n| n.starts_with("derived ")), "{notes:?}");
    }

    #[test]
    fn syntax_errors_carry_span_format_and_caret() {
        let err = convert("3_/4_/3_ x", &to("digits")).unwrap_err();
        assert_eq!(err.span, Some(3..5));
        assert_eq!(err.format, Some(fmt("t3en")));
        assert_eq!(err.caret.as_deref(), Some("  | 3_/4_/3_ x\n  |    ^^\n"));
        assert!(err.message.contains("row 2"), "{}", err.message);
    }

    #[test]
    fn the_target_and_options_are_checked() {
        let missing = convert("2_o/_x_/3_ x", &ConvertRequest::default()).unwrap_err();
        assert_eq!(
            missing.message,
            "options.to: missing: name the target format (formats() lists them)"
        );
        assert_eq!((missing.span, missing.caret), (None, None));
        let unknown = convert("2_o/_x_/3_ x", &to("fen")).unwrap_err();
        assert_eq!(
            unknown.message,
            format!(
                "options.to: unknown format `fen`: expected one of {}",
                Format::NAMES.join(", ")
            )
        );
        assert!(
            unknown.message.contains(": expected one of t3en, tsn, ten, "),
            "{}",
            unknown.message
        );
        let bad_ply =
            convert("2_o/_x_/3_ x", &with(to("tsn"), "ply", OptionValue::Number(0.5))).unwrap_err();
        assert_eq!(
            bad_ply.message,
            "options.ply: expected a whole number from 1 to 4294967295, got 0.5"
        );
        let defenders =
            convert("2_o/_x_/3_ x", &with(to("tsn"), "defenders", OptionValue::Number(6.0)))
                .unwrap_err();
        assert_eq!(
            defenders.message,
            "options.defenders: expected a positive multiple of 4, got 6"
        );
        let order = with(
            with(to("tsn"), "ply", OptionValue::Number(3.0)),
            "since-capture",
            OptionValue::Number(3.0),
        );
        assert!(convert("2_o/_x_/3_ x", &order).unwrap_err().message.contains("is not below"));
        let radix = with(to("bits"), "radix", OptionValue::Text("hex".into()));
        assert_eq!(
            convert("2_o/_x_/3_ x", &radix).unwrap_err().message,
            "options.radix: unknown radix `hex`: expected dec or bin"
        );
    }

    #[test]
    fn options_reach_the_converter() {
        let req = with(
            with(to("tsn"), "ply", OptionValue::Number(9.0)),
            "since-capture",
            OptionValue::Number(1.0),
        );
        assert_eq!(convert("2_o/_x_/3_ x", &req).unwrap().output, "3 4 3/1a1/2d a 9 1");
        let bin = with(to("bits"), "radix", OptionValue::Text("bin".into()));
        let dec = convert("2_o/_x_/3_ x", &to("bits")).unwrap().output;
        let dec: u32 = dec.parse().unwrap();
        assert_eq!(convert("2_o/_x_/3_ x", &bin).unwrap().output, format!("0b{dec:013b}"));
        let lossless = with(to("digits"), "lossless", OptionValue::Bool(true));
        assert_eq!(convert("3 4 3/1a1/2d a 3 2", &lossless).unwrap().output, "002010000");
        let err = convert("__o/3_/3_ x", &lossless).unwrap_err();
        assert_eq!(err.message, "lossless conversion to digits would drop: side-to-move x");
        assert_eq!((err.span, err.format), (Some(0..11), Some(fmt("t3en"))));
        let strict = with(to("digits"), "strict", OptionValue::Bool(true));
        assert!(convert("1_2_/3_/3_ x", &strict).is_err());
        assert!(convert("1_2_/3_/3_ x", &to("digits")).is_ok());
    }

    #[test]
    fn an_unrepresentable_position_names_the_source_format() {
        let err = convert("4_/4_/4_/4_ x", &to("digits")).unwrap_err();
        assert_eq!(
            err.message,
            "cannot write digits: a 4x4 board cannot be a digit string, which holds a 3x3 board"
        );
        assert_eq!(err.span, Some(0..13));
        assert_eq!(err.format, Some(fmt("t3en")));
    }

    #[test]
    fn check_reports_legality_and_outcome() {
        let legal = check("2_o/_x_/3_ x", &RulesRequest::default()).unwrap();
        assert!(legal.problems.is_empty());
        assert_eq!(legal.rules, Some(Rules::TIC_TAC_TOE));
        assert_eq!(legal.outcome, Some(Outcome::InProgress));
        assert_eq!(legal.to_move_letter(), Some("x"));
        let bad = check("3x/3_/3_ o", &RulesRequest::default()).unwrap();
        let names: Vec<&str> = bad.problems.iter().map(|p| p.name).collect();
        assert!(!names.is_empty());
        assert_eq!(bad.outcome, Some(Outcome::Won(Player::One)));
        let tafl = check("3 4 3/1a1/2d a 3 2", &RulesRequest::default()).unwrap();
        assert_eq!(tafl.rules, None);
        assert_eq!(tafl.to_move_letter(), Some("a"));
        let misere = RulesRequest { rules: Some("tic-tac-toe+misere".into()), from: None };
        assert_eq!(check("2_o/_x_/3_ x", &misere).unwrap().rules.map(|r| r.misere), Some(true));
        let unknown = RulesRequest { rules: Some("chess".into()), from: None };
        assert!(
            check("2_o/_x_/3_ x", &unknown).unwrap_err().message.starts_with("options.rules: ")
        );
        let on_tafl = RulesRequest { rules: Some("tic-tac-toe".into()), from: None };
        assert_eq!(
            check("3 4 3/1a1/2d a 3 2", &on_tafl).unwrap_err().message,
            "options.rules: m,n,k rules do not apply to a tafl position (tsn)"
        );
    }

    #[test]
    fn from_forces_the_reader() {
        let as_bits = RulesRequest { from: Some("bits".into()), rules: None };
        let err = check("2_o/_x_/3_ x", &as_bits).unwrap_err();
        assert_eq!(err.format, Some(fmt("bits")));
        assert!(err.span.is_some());
    }

    #[test]
    fn svg_draws_the_position_with_options() {
        let picture = svg("2_o/_x_/3_ x", &SvgRequest::default()).unwrap();
        assert!(picture.starts_with("<svg "), "{picture}");
        assert!(picture.contains("<title>2_o/_x_/3_ x</title>"));
        assert!(picture.contains("<desc>Player One to move"), "{picture}");
        assert!(picture.ends_with("</svg>\n"));
        let sized =
            SvgRequest { size: Some(120.0), highlight: vec!["b2".into()], ..SvgRequest::default() };
        assert!(svg("2_o/_x_/3_ x", &sized).unwrap().contains(" width=\"120\""));
        let off = SvgRequest { highlight: vec!["d4".into()], ..SvgRequest::default() };
        let err = svg("2_o/_x_/3_ x", &off).unwrap_err();
        assert!(err.message.starts_with("options.highlight: "), "{}", err.message);
        let theme = SvgRequest { theme: Some("neon".into()), ..SvgRequest::default() };
        assert_eq!(
            svg("2_o/_x_/3_ x", &theme).unwrap_err().message,
            "options.theme: unknown theme `neon`: expected default or high-contrast"
        );
        assert!(svg("3 4 3/1a1/2d a 3 2", &SvgRequest::default()).unwrap().starts_with("<svg "));
        let brandubh = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
        let special = |names: &[&str]| SvgRequest {
            special: Some(names.iter().map(|&n| n.to_owned()).collect()),
            ..SvgRequest::default()
        };
        assert!(
            svg(brandubh, &SvgRequest::default())
                .unwrap()
                .contains("<path class=\"special\" d=\"M20 20h40v40h-40zM260 20h40v40h-40z")
        );
        assert!(
            svg(brandubh, &special(&["b7"]))
                .unwrap()
                .contains("<path class=\"special\" d=\"M60 20h40v40h-40z\"")
        );
        assert!(!svg(brandubh, &special(&[])).unwrap().contains("class=\"special\""));
        assert_eq!(
            svg(brandubh, &special(&["h1"])).unwrap_err().message,
            "options.special: cell h1 is off the 7x7 board"
        );
    }

    #[test]
    fn solve_gives_winner_plies_and_best_moves() {
        let solved = solve("2_o/_x_/3_ x", &RulesRequest::default()).unwrap();
        assert_eq!(solved.winner(), "draw");
        assert_eq!(solved.solution.to_string(), "draw in 7 plies; best: a1 a2 a3 b1 b3 c1 c2");
        let won = solve("3_/x2_/xo_ o", &RulesRequest::default()).unwrap();
        assert_eq!((won.winner(), won.solution.plies), ("x", 4));
        assert_eq!(won.best(), ["a3"]);
        let start = solve("3_/3_/3_ x", &RulesRequest::default()).unwrap();
        assert_eq!((start.winner(), start.solution.plies), ("draw", 9));
        let tafl = solve("3 4 3/1a1/2d a 3 2", &RulesRequest::default()).unwrap_err();
        assert_eq!(
            tafl.message,
            "solve handles m,n,k games (tic-tac-toe and its relatives); a tsn position is tafl"
        );
        let illegal = solve("3x/3x/3_", &RulesRequest { from: Some("t3en".into()), rules: None });
        assert!(illegal.is_err());
    }
}
