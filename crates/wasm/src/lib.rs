#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

// The plain-Rust core. Natively only its own tests use it (the bindings are wasm32 only);
// each package's build uses its part (the converter's `api` and `tafl`, the engine's
// `engine`, which shares some of `tafl`).
#[cfg_attr(not(all(target_arch = "wasm32", feature = "converter")), allow(dead_code))]
mod api;
#[cfg_attr(not(all(target_arch = "wasm32", feature = "engine")), allow(dead_code))]
mod engine;
#[cfg_attr(not(all(target_arch = "wasm32", feature = "engine")), allow(dead_code))]
mod record;
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
mod tafl;

// JavaScript values, shared by both packages' bindings (each uses a part).
#[cfg(target_arch = "wasm32")]
#[cfg_attr(not(all(feature = "converter", feature = "engine")), allow(dead_code))]
mod js;

// The converter package (`gridnote_wasm`): the default build.
#[cfg(all(target_arch = "wasm32", feature = "converter"))]
mod bindings;
// The TypeScript types written from the format registry by `cargo xtask codegen`.
#[cfg(all(target_arch = "wasm32", feature = "converter"))]
mod types;

// The engine package (`gridnote_engine`): built with `--no-default-features --features
// engine`.
#[cfg(all(target_arch = "wasm32", feature = "engine"))]
mod engine_bindings;

#[cfg(all(target_arch = "wasm32", feature = "converter"))]
pub use bindings::*;
#[cfg(all(target_arch = "wasm32", feature = "engine"))]
pub use engine_bindings::*;
