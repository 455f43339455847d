//! The fixture files of `fixtures/<folder>/valid` and `fixtures/<folder>/invalid`: one
//! text per file, a single final newline stripped (see `fixtures/README.md`).

use std::path::{Path, PathBuf};

/// One fixture file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fixture {
    /// The file name (`spec-hourglass.t3en`).
    pub name: String,
    /// The text: the file with one final newline stripped, nothing else.
    pub text: String,
}

/// A fixtures folder, `fixtures/<folder>`.
///
/// ```
/// use gridnote_testkit::Fixtures;
/// let valid = Fixtures::new("tafl").valid(&["ten"]);
/// assert!(valid.iter().all(|f| f.name.ends_with(".ten")));
/// assert!(!valid.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fixtures {
    dir: PathBuf,
}

impl Fixtures {
    /// `fixtures/<folder>` of the workspace.
    ///
    /// ```
    /// assert!(gridnote_testkit::Fixtures::new("t3en").dir().ends_with("fixtures/t3en"));
    /// ```
    #[must_use]
    pub fn new(folder: &str) -> Fixtures {
        Fixtures { dir: crate::workspace_root().join("fixtures").join(folder) }
    }

    /// The folder.
    ///
    /// ```
    /// assert!(gridnote_testkit::Fixtures::new("tuple").dir().is_dir());
    /// ```
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The files of `valid/` with one of `extensions`, in name order.
    ///
    /// ```
    /// let all = gridnote_testkit::Fixtures::new("digits").valid(&["digits"]);
    /// assert!(all.iter().any(|f| f.name == "empty.digits"));
    /// ```
    #[must_use]
    pub fn valid(&self, extensions: &[&str]) -> Vec<Fixture> {
        files(&self.dir.join("valid"), extensions)
    }

    /// The files of `invalid/` with one of `extensions`, in name order.
    ///
    /// ```
    /// let all = gridnote_testkit::Fixtures::new("digits").invalid(&["digits"]);
    /// assert!(all.iter().any(|f| f.name == "empty.digits" && f.text.is_empty()));
    /// ```
    #[must_use]
    pub fn invalid(&self, extensions: &[&str]) -> Vec<Fixture> {
        files(&self.dir.join("invalid"), extensions)
    }
}

/// A fixture file's text: one final newline stripped, nothing else.
///
/// # Panics
/// When the file cannot be read as UTF-8.
///
/// ```
/// let dir = gridnote_testkit::Fixtures::new("digits");
/// let text = gridnote_testkit::fixtures::read(&dir.dir().join("valid/empty.digits"));
/// assert_eq!(text, "000000000");
/// ```
#[must_use]
pub fn read(path: &Path) -> String {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: fixtures are UTF-8 text: {e}", path.display()));
    text.strip_suffix('\n').map(str::to_owned).unwrap_or(text)
}

fn files(dir: &Path, extensions: &[&str]) -> Vec<Fixture> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| {
            path.extension().and_then(|e| e.to_str()).is_some_and(|e| extensions.contains(&e))
        })
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| Fixture {
            name: path.file_name().expect("a file").to_string_lossy().into_owned(),
            text: read(path),
        })
        .collect()
}
