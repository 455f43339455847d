//! `gridnote show --svg`: board pictures through gridnote-svg, to standard output or, one
//! numbered file per input, into `--out-dir`.

use std::ffi::OsString;
use std::io::{self, BufRead};
use std::path::{Path, PathBuf};

use clap::Args;
use gridnote_board::{Board, Position, Rules};
use gridnote_convert::Source;
use gridnote_svg::{Arrow, Options, Pieces, Theme};

use crate::inputs::{Failure, InputArgs, Io, for_each_input, open};
use crate::names::parse_rules;
use crate::status::{EXIT_USAGE, finish, report_error};

/// The picture flags of `gridnote show`.
#[derive(Clone, Debug, Default, Args)]
pub(crate) struct SvgArgs {
    /// Draw each position as a standalone SVG picture instead of a text grid.
    #[arg(long)]
    pub(crate) svg: bool,
    /// The picture's longer side in pixels (default: no size, the picture fills its
    /// container).
    #[arg(long, value_name = "PX", requires = "svg",
          value_parser = crate::numbers::whole(1u32, 100_000))]
    pub(crate) size: Option<u32>,
    /// Leave out the file letters and rank numbers.
    #[arg(long, requires = "svg")]
    pub(crate) no_coordinates: bool,
    /// Turn the board 180° (a1 at the top right).
    #[arg(long, requires = "svg")]
    pub(crate) flip: bool,
    /// Cells to highlight, comma-separated (`a1,b2`); repeatable.
    #[arg(long, value_name = "CELLS", requires = "svg", value_delimiter = ',',
          value_parser = parse_cell)]
    pub(crate) highlight: Vec<String>,
    /// An arrow from one cell to another (`a1-c3`); repeatable.
    #[arg(long, value_name = "FROM-TO", requires = "svg", value_parser = parse_move)]
    pub(crate) arrow: Vec<(String, String)>,
    /// The last move: one cell (`b2`) or a move (`e1-e4`).
    #[arg(long, value_name = "MOVE", requires = "svg", value_parser = parse_last_move)]
    pub(crate) last_move: Option<MoveCells>,
    /// Rules (as `check` takes them: tic-tac-toe or tomorrows, with optional +misere,
    /// +diagonals, +no-diagonals, +k=N): the outcome goes in the picture's description
    /// and a won position has its line drawn. Not for tafl positions.
    #[arg(long, value_name = "RULES", requires = "svg", value_parser = parse_rules)]
    pub(crate) rules: Option<Rules>,
    /// The colours: default or high-contrast.
    #[arg(long, value_name = "NAME", requires = "svg", value_parser = parse_theme)]
    pub(crate) theme: Option<Theme>,
    /// Write one numbered file per input (`0001.svg`, `0002.svg`, …) into DIR, created if
    /// missing, and list the files written on standard output. Needed for more than one
    /// input. A folder that already holds files is refused (see --force).
    #[arg(long, value_name = "DIR", requires = "svg")]
    pub(crate) out_dir: Option<OsString>,
    /// Write into an --out-dir that already holds files: files of the same names are
    /// replaced, the others left as they are.
    #[arg(long, requires = "out_dir")]
    pub(crate) force: bool,
}

/// The cells of `--last-move`: one for a placement, two for a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MoveCells(pub(crate) Vec<String>);

/// Reads a cell name's shape (`a1`, `ab12`); whether it is on the board is checked per
/// input.
fn parse_cell(text: &str) -> Result<String, String> {
    let letters = text.bytes().take_while(u8::is_ascii_lowercase).count();
    let digits = &text[letters..];
    let ok = (1..=2).contains(&letters)
        && !digits.is_empty()
        && digits.len() <= 3
        && digits.bytes().all(|b| b.is_ascii_digit())
        && !digits.starts_with('0');
    if ok {
        Ok(text.to_owned())
    } else {
        Err(format!(
            "`{text}` is not a cell name: expected file letters and a rank number, like a1"
        ))
    }
}

/// Reads `FROM-TO`.
fn parse_move(text: &str) -> Result<(String, String), String> {
    let Some((from, to)) = text.split_once('-') else {
        return Err(format!("`{text}` is not a move: expected FROM-TO, like a1-c3"));
    };
    Ok((parse_cell(from)?, parse_cell(to)?))
}

/// Reads `CELL` or `FROM-TO`.
fn parse_last_move(text: &str) -> Result<MoveCells, String> {
    if text.contains('-') {
        let (from, to) = parse_move(text)?;
        Ok(MoveCells(vec![from, to]))
    } else {
        Ok(MoveCells(vec![parse_cell(text)?]))
    }
}

fn parse_theme(text: &str) -> Result<Theme, String> {
    Theme::named(text)
        .ok_or_else(|| gridnote_board::UnknownName::new("theme", text, &Theme::NAMES).to_string())
}

/// A cell name on `board`, or a message naming the flag.
fn cell_on(board: &Board, flag: &str, name: &str) -> Result<(usize, usize), String> {
    board.parse_cell_name(name).map_err(|e| format!("--{flag}: {e}"))
}

/// The picture options for one source.
fn options_for(args: &SvgArgs, source: &Source, title: &str) -> Result<Options, String> {
    let tafl = source.format.game() == gridnote_board::notation::Game::Tafl;
    if tafl && args.rules.is_some() {
        return Err(format!(
            "--rules: m,n,k rules do not apply to a tafl position ({})",
            source.format
        ));
    }
    let board = &source.board;
    let mut options = Options::default()
        .size(args.size)
        .coordinates(!args.no_coordinates)
        .flip(args.flip)
        .pieces(if tafl { Pieces::Tafl } else { Pieces::Marks })
        .tafl_squares(tafl)
        .rules(args.rules)
        .title(Some(title.to_owned()));
    if let Some(theme) = &args.theme {
        options = options.theme(theme.clone());
    }
    for name in &args.highlight {
        options = options.highlight(cell_on(board, "highlight", name)?);
    }
    for (from, to) in &args.arrow {
        options =
            options.arrow(Arrow::new(cell_on(board, "arrow", from)?, cell_on(board, "arrow", to)?));
    }
    if let Some(cells) = &args.last_move {
        let cells = cells
            .0
            .iter()
            .map(|name| cell_on(board, "last-move", name))
            .collect::<Result<Vec<_>, _>>()?;
        options = options.last_move(&cells);
    }
    Ok(options)
}

/// The picture of one source.
fn picture(args: &SvgArgs, source: &Source, title: &str) -> Result<String, String> {
    let options = options_for(args, source, title)?;
    let result = match source.to_move {
        Some(to_move) => {
            gridnote_svg::position(&Position::new(source.board.clone(), to_move), &options)
        }
        None => gridnote_svg::board(&source.board, &options),
    };
    result.map_err(|e| e.to_string())
}

/// Writes `text` to `dir/name` through a temporary file renamed into place, so a reader
/// never sees part of a picture.
fn write_file(dir: &Path, name: &str, text: &str) -> io::Result<PathBuf> {
    let path = dir.join(name);
    let temp = dir.join(format!(".{name}.tmp"));
    let result = std::fs::write(&temp, text).and_then(|()| std::fs::rename(&temp, &path));
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result.map(|()| path)
}

/// Makes `dir` (with its parents) when it is missing; refuses one that already holds
/// files unless `force`, so that no earlier picture is replaced without a word.
fn out_dir_ready(dir: &Path, force: bool) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|err| err.to_string())?;
    if force {
        return Ok(());
    }
    let held = std::fs::read_dir(dir).map_err(|err| err.to_string())?.count();
    match held {
        0 => Ok(()),
        1 => Err("the folder already holds 1 entry: give --force to write into it anyway \
                  (files of the same names are replaced)"
            .to_owned()),
        n => Err(format!(
            "the folder already holds {n} entries: give --force to write into it anyway \
             (files of the same names are replaced)"
        )),
    }
}

/// `gridnote show --svg`.
pub(crate) fn run_show_svg(
    args: &SvgArgs,
    input_args: &InputArgs,
    stdin: &mut dyn BufRead,
    io: &mut Io<'_>,
) -> u8 {
    // Flags first, before any input is read.
    if args.out_dir.is_none() && input_args.inputs.len() > 1 {
        let _ = writeln!(
            io.err,
            "error: {} inputs make {} pictures: give --out-dir DIR to write one file each",
            input_args.inputs.len(),
            input_args.inputs.len()
        );
        return EXIT_USAGE;
    }
    let dir = args.out_dir.as_ref().map(PathBuf::from);
    if let Some(dir) = &dir {
        if let Err(message) = out_dir_ready(dir, args.force) {
            let _ = writeln!(io.err, "error: --out-dir {}: {message}", dir.display());
            return EXIT_USAGE;
        }
    }
    let mut failed = false;
    let mut pictures = 0usize;
    // The --input files, opened before any input is read (a missing one is a usage error).
    let Some(opened) = open(input_args, io) else {
        return EXIT_USAGE;
    };
    let result = for_each_input(input_args, opened, stdin, io, |input, io| {
        let made = input.read(input_args.from).and_then(|source| {
            picture(args, &source, &input.lossy())
                .map_err(|message| Failure::plain((message, 0..input.raw.len())))
        });
        match made {
            Ok(svg) => match &dir {
                Some(dir) => {
                    let name = format!("{:04}.svg", input.number);
                    match write_file(dir, &name, &svg) {
                        Ok(path) => writeln!(io.out, "{}", path.display())?,
                        Err(err) => {
                            failed = true;
                            let _ = writeln!(
                                io.err,
                                "error: {}: cannot write {}: {err}",
                                input.origin(),
                                dir.join(&name).display()
                            );
                        }
                    }
                }
                None if pictures > 0 => {
                    failed = true;
                    let _ = writeln!(
                        io.err,
                        "error: {}: only one picture goes to standard output: give --out-dir DIR for several",
                        input.origin()
                    );
                }
                None => {
                    pictures += 1;
                    io.out.write_all(svg.as_bytes())?;
                }
            },
            Err(failure) => {
                failed = true;
                report_error(io.err, &input, &failure);
            }
        }
        Ok(())
    });
    finish(result, failed, io.err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_names_are_checked_for_shape() {
        assert_eq!(parse_cell("ab12"), Ok("ab12".to_owned()));
        for bad in ["", "a", "1", "a0", "abc1", "A1", "a1x", "a01", "a1000"] {
            assert!(parse_cell(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_move("a1-c3"), Ok(("a1".to_owned(), "c3".to_owned())));
        assert_eq!(
            parse_move("a1c3"),
            Err("`a1c3` is not a move: expected FROM-TO, like a1-c3".to_owned())
        );
        assert_eq!(parse_last_move("e1-e4"), Ok(MoveCells(vec!["e1".to_owned(), "e4".to_owned()])));
        assert_eq!(parse_last_move("b2"), Ok(MoveCells(vec!["b2".to_owned()])));
    }

    #[test]
    fn themes_by_name() {
        assert_eq!(parse_theme("high-contrast"), Ok(Theme::high_contrast()));
        assert_eq!(
            parse_theme("neon"),
            Err("unknown theme `neon`: expected default or high-contrast".to_owned())
        );
    }

    /// A fresh folder for one test under the system's temporary folder.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("gridnote-svg-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    /// `gridnote ARGS` in-process: the status, standard output and error.
    fn gridnote(args: &[&str]) -> (u8, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let argv = std::iter::once("gridnote").chain(args.iter().copied()).map(Into::into);
        let status = crate::run(argv, &mut &b""[..], &mut out, &mut err);
        (status, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
    }

    #[test]
    fn an_out_dir_that_holds_files_is_refused_unless_forced() {
        let dir = scratch("refused");
        let path = dir.to_str().unwrap();
        let first = dir.join("0001.svg");
        let show = |extra: &[&str], input: &str| {
            let mut args = vec!["show", "--svg", "--out-dir", path];
            args.extend_from_slice(extra);
            args.push(input);
            gridnote(&args)
        };
        // A new folder, then an empty one: written, and the files listed.
        let listed = format!("{}\n", first.display());
        assert_eq!(show(&[], "3_/_x_/3_ o"), (0, listed.clone(), String::new()));
        let picture = std::fs::read_to_string(&first).unwrap();
        // Not empty any more: refused before any input is read, nothing replaced.
        let (status, out, err) = show(&[], "3_/3_/3_ x");
        assert_eq!((status, out.as_str()), (2, ""));
        assert_eq!(
            err,
            format!(
                "error: --out-dir {path}: the folder already holds 1 entry: give --force to write into it anyway (files of the same names are replaced)\n"
            )
        );
        assert_eq!(std::fs::read_to_string(&first).unwrap(), picture);
        // Forced: written over, and listed.
        assert_eq!(show(&["--force"], "3_/3_/3_ x"), (0, listed, String::new()));
        assert_ne!(std::fs::read_to_string(&first).unwrap(), picture);
        std::fs::write(dir.join("notes.txt"), "mine").unwrap();
        let (status, _, err) = show(&[], "3_/3_/3_ x");
        assert_eq!(status, 2);
        assert!(err.contains("the folder already holds 2 entries"), "{err}");
        // --force is for --out-dir only.
        let (status, _, err) = gridnote(&["show", "--svg", "--force", "3_/3_/3_ x"]);
        assert_eq!(status, 2);
        assert!(
            err.starts_with("error: the following required arguments were not provided"),
            "{err}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
