#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

// The plain-Rust core. Natively only its own tests use it (the bindings are wasm32 only).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
mod api;
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
mod engine;
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
mod tafl;

#[cfg(target_arch = "wasm32")]
mod bindings;
// The TypeScript types written from the format registry by `cargo xtask codegen`.
#[cfg(target_arch = "wasm32")]
mod types;

#[cfg(target_arch = "wasm32")]
pub use bindings::*;
