//! The tests that read the workspace's fixtures, left out of the published package: one
//! test binary, each former file a module.

mod opentafl;
mod properties;
mod records;
mod rules;
