//! `cargo xtask pixels`: gridnote-svg's pixel tests (`tests/render.rs`: pictures rasterised
//! by resvg, colours checked at cell centres), and with `--images` the pictures of
//! docs/svg.md rewritten (`docs/img/svg-*.svg` and their PNGs).
//!
//! resvg is the heaviest dependency of the workspace, so gridnote-svg declares it only
//! under `cfg(gridnote_pixels)`: the plain `cargo test --workspace` never builds it. This
//! task sets that cfg, in a target directory of its own (`target/pixels`) so that the
//! changed flags do not invalidate the workspace's build.

use std::process::ExitCode;

use clap::Args;

use crate::{cargo, target_dir, workspace_root};

/// `cargo xtask pixels`.
#[derive(Debug, Default, Args)]
pub(crate) struct PixelsArgs {
    /// Rewrite docs/img/svg-*.svg and .png (`cargo run --example images`) instead of
    /// running the pixel tests.
    #[arg(long)]
    pub(crate) images: bool,
}

pub(crate) fn run(args: &PixelsArgs) -> ExitCode {
    let mut command = cargo();
    command.current_dir(workspace_root());
    if args.images {
        command.args(["run", "-p", "gridnote-svg", "--example", "images"]);
    } else {
        command.args(["test", "-p", "gridnote-svg", "--test", "render"]);
    }
    command.arg("--target-dir").arg(target_dir().join("pixels"));
    // Appended to what the caller set, so a CI's flags (-Dwarnings, …) still hold.
    let mut flags = std::env::var("RUSTFLAGS").unwrap_or_default();
    if !flags.is_empty() {
        flags.push(' ');
    }
    flags.push_str("--cfg gridnote_pixels");
    command.env("RUSTFLAGS", flags);
    let result = match command.status() {
        Ok(status) if status.success() => Ok(()),
        Ok(status) => Err(format!("cargo exited with {status}")),
        Err(err) => Err(format!("cannot run cargo: {err}")),
    };
    crate::exit(result)
}
