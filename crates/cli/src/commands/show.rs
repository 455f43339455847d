//! `gridnote show`: each position drawn as a grid with file letters and rank numbers, its
//! side to move and what else its text carries; or, with `--svg`, as a picture.

use std::io::BufRead;


use crate::inputs::{InputArgs, Io, for_each_input, hint_if_terminal, open};
use crate::json;
use crate::names::side_name;
use crate::status::{EXIT_USAGE, finish, report_failure};
use crate::svg::{SvgArgs, run_show_svg};

/// Draw positions as grids with file letters and rank numbers, or as SVG pictures
/// (--svg).
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The picture flags: --svg, --size, --flip, --highlight, --arrow, --out-dir, ….
    #[command(flatten)]
    pub(crate) picture: SvgArgs,
    /// The input flags: --from, --input, --json, --quiet and the INPUTs.
    #[command(flatten)]
    pub(crate) input: InputArgs,
}

/// Runs `gridnote show`.
pub(crate) fn run(args: &Args, stdin: &mut dyn BufRead, io: &mut Io<'_>) -> u8 {
    let mut failed = false;
    let input_args = &args.input;
    if args.picture.svg {
        return run_show_svg(&args.picture, input_args, stdin, io);
    }
    let Some(opened) = open(input_args, io) else {
        return EXIT_USAGE;
    };
    hint_if_terminal(input_args, io);
    let (json, quiet) = (input_args.json, input_args.quiet);
    let result = for_each_input(input_args, opened, stdin, io, |input, io| {
        let out = &mut *io.out;
        match input.read(input_args.from) {
            Ok(source) if json => {
                let glyphs = source.format.glyphs();
                let side = source.to_move_or_counts();
                json::write_shown(
                    out,
                    &input,
                    &source,
                    side.map(|side| side_name(source.format, side)),
                    &source.board.draw_with(&glyphs),
                )?;
            }
            Ok(source) => {
                let glyphs = source.format.glyphs();
                writeln!(
                    out,
                    "{} ({}, {}x{})",
                    &input.lossy(),
                    source.format,
                    source.board.rows(),
                    source.board.cols()
                )?;
                out.write_all(source.board.draw_with(&glyphs).as_bytes())?;
                match (source.to_move, source.implied_to_move) {
                    (Some(side), _) => {
                        let name = side_name(source.format, side);
                        writeln!(out, "{name} to move")?;
                    }
                    (None, Some(implied)) => {
                        writeln!(out, "no side to move in this format ({})", implied.rule)?;
                    }
                    (None, None) => match source.side_from_counts() {
                        Some(side) => writeln!(
                            out,
                            "no side to move in this format (the counts give {})",
                            side_name(source.format, side)
                        )?,
                        None => {
                            writeln!(out, "no side to move in this format (the counts fit none)")?
                        }
                    },
                }
                if let Some(fields) = source.tafl {
                    writeln!(
                        out,
                        "defenders at start {}, ply {}, plies since capture {}",
                        fields.defenders, fields.ply, fields.since_capture
                    )?;
                }
                if let Some(extension) = &source.extension {
                    writeln!(out, "extension {extension}")?;
                }
                out.write_all(b"\n")?;
            }
            Err(failure) => {
                failed = true;
                report_failure(out, io.err, &input, &failure, json, quiet)?;
            }
        }
        Ok(())
    });
    finish(result, failed, io.err)
}
