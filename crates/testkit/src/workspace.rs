//! Where the workspace is.

/// The workspace's root folder (where `fixtures/` is).
///
/// ```
/// assert!(gridnote_testkit::workspace_root().join("fixtures").is_dir());
/// ```
#[must_use]
pub fn workspace_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}
