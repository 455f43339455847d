//! The former name of [`ranked`](crate::ranked), kept for one release.
//!
//! ```
//! #![allow(deprecated)]
//! use gridnote_bits::{seed, Mark::{Blank as B, O, X}};
//! assert_eq!(seed::encode(&[X, B, O, B, B, O, B, X, B]), Ok(523));
//! ```

pub use crate::ranked::*;
