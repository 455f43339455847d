#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

// `driver` is the loop every protocol shares; each protocol is one module over it.
pub mod bot;
mod driver;
pub mod gomocup;
pub mod htp;
pub mod otep;
pub mod st3p;

pub use driver::{MAX_LINE, ServeError};
