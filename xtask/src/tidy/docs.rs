//! Rules 10 and 11 of tidy: the repository stands alone, and its front pages state no
//! figures that age.
//!
//! 10. No file of the repository cites a file outside it: no path into the machine it was
//!     written on (a user's home, the machine's work folder) and none of the project's
//!     outside documents by file (the design notes or the folder of source documents).
//!     The decisions the code follows are written in `docs/` instead (`docs/decisions.md`
//!     lists the source documents by title).
//! 11. README.md and docs/architecture.md hold no timings, load averages or commit
//!     hashes: they describe the project as it is, and such figures belong with the
//!     change that measured them (CHANGELOG.md) or in docs/performance.md.

use std::path::{Path, PathBuf};

/// The text files rule 10 reads, by extension.
const TEXT: [&str; 12] =
    ["rs", "md", "toml", "py", "ts", "js", "html", "java", "sh", "txt", "ini", "yml"];

/// Folders rule 10 does not enter: build output, dependencies, OpenTafl's recorded answers.
const SKIPPED: [&str; 5] =
    ["target", "node_modules", ".git", "fixtures/tafl-rules", "conformance/cases"];

/// What rule 10 refuses: the start of a path outside the repository, and the outside
/// documents by their file names (spelled in two pieces so that this file is no hit).
fn outside_citations() -> [String; 7] {
    [
        format!("/{}/", "home"),
        format!("/{}/", "root"),
        format!("/{}/", "work"),
        format!("/{}/", "Users"),
        format!("{}{}", "design", ".md"),
        format!("{}{}", "shared/", "seeds"),
        format!("{}{}", "../", "shared/"),
    ]
}

/// The text files under `dir`, but the skipped folders.
fn text_files(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let relative =
            path.strip_prefix(root).unwrap_or(&path).to_string_lossy().replace('\\', "/");
        if path.is_dir() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !name.starts_with('.') && !SKIPPED.iter().any(|s| relative == *s || name == *s) {
                text_files(root, &path, out);
            }
        } else if path.extension().is_some_and(|e| TEXT.iter().any(|t| e == *t)) {
            out.push(path);
        }
    }
}

/// Rule 10 over the repository.
pub(super) fn outside_files(root: &Path, problems: &mut Vec<String>) {
    let mut files = Vec::new();
    text_files(root, root, &mut files);
    files.sort();
    let patterns = outside_citations();
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else { continue };
        let shown = file.strip_prefix(root).unwrap_or(&file).display().to_string();
        for (number, line) in text.lines().enumerate() {
            if let Some(pattern) = patterns.iter().find(|p| line.contains(p.as_str())) {
                problems.push(format!(
                    "{shown}:{}: cites `{pattern}…`, outside the repository: write what it says in docs/ and cite that (docs/decisions.md lists the source documents by title)",
                    number + 1
                ));
            }
        }
    }
}

/// The pages rule 11 reads.
const FRONT_PAGES: [&str; 2] = ["README.md", "docs/architecture.md"];

/// Rule 11 over README.md and docs/architecture.md.
pub(super) fn ageing_figures(root: &Path, problems: &mut Vec<String>) {
    for page in FRONT_PAGES {
        let Ok(text) = std::fs::read_to_string(root.join(page)) else { continue };
        for (number, line) in text.lines().enumerate() {
            if let Some(what) = ageing_figure(line) {
                problems.push(format!(
                    "{page}:{}: {what}: such figures go to CHANGELOG.md (with the change that measured them) or docs/performance.md (a limit rather than a measurement spells its unit out: `50 milliseconds`)",
                    number + 1
                ));
            }
        }
    }
}

/// Units of time after a number, as measured figures write them (a limit or a setting
/// that the text describes, "10 seconds a move", spells its unit out and passes).
const UNITS: [&str; 6] = ["s", "ms", "µs", "ns", "sec", "min"];

/// What in `line` is a timing, a load average or a commit hash, if anything.
fn ageing_figure(line: &str) -> Option<String> {
    if line.to_ascii_lowercase().contains("load average") {
        return Some("a load average".to_owned());
    }
    let words: Vec<&str> = line
        .split(|c: char| !(c.is_alphanumeric() || c == '.' || c == ',' || c == 'µ'))
        .map(|w| w.trim_matches(|c| c == '.' || c == ','))
        .filter(|w| !w.is_empty())
        .collect();
    let number = |w: &str| {
        w.chars().next().is_some_and(|c| c.is_ascii_digit())
            && w.chars().all(|c| c.is_ascii_digit() || c == '.' || c == ',')
    };
    for (i, word) in words.iter().enumerate() {
        if number(word) && words.get(i + 1).is_some_and(|unit| UNITS.contains(unit)) {
            return Some(format!("a timing (`{word} {}`)", words[i + 1]));
        }
        let glued = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if glued.len() < word.len()
            && UNITS.contains(&glued)
            && number(&word[..word.len() - glued.len()])
        {
            return Some(format!("a timing (`{word}`)"));
        }
    }
    // A commit hash stands alone between spaces or brackets (not inside a position's rows).
    for token in line.split_whitespace() {
        let word = token.trim_matches(|c: char| "()[]{}`'\",.;:".contains(c));
        let hex = (7..=40).contains(&word.len())
            && word.chars().all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c))
            && word.chars().any(|c| c.is_ascii_digit())
            && word.chars().any(|c| c.is_ascii_alphabetic());
        if hex {
            return Some(format!("a commit hash (`{word}`)"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timings_load_averages_and_hashes_are_found() {
        let found = |line: &str| ageing_figure(line);
        assert_eq!(found("built in 31 s (42 s of CPU)").as_deref(), Some("a timing (`31 s`)"));
        assert_eq!(found("took 2.5ms each").as_deref(), Some("a timing (`2.5ms`)"));
        assert_eq!(found("3 to 4 min").as_deref(), Some("a timing (`4 min`)"));
        assert_eq!(found("(load average 4 to 8)").as_deref(), Some("a load average"));
        assert_eq!(
            found("before (ac1584d): every crate").as_deref(),
            Some("a commit hash (`ac1584d`)")
        );
        for fine in [
            "gridnote convert --to tsn 3_/3_/3_ x",
            "7 8 2aaa2/3a3/a1ddd1a/aadkdaa/a1ddd1a/3a3/2aaa2 a 1 0",
            "120120000, 1,409 tests, 255 × 255 boards",
            "--tc st=2 --jobs 2",
            "deadbeef and 1234567 are not both",
            "a 3x4 board in 2 moves",
            "0.2 to 10 seconds a move, answered within 50 milliseconds",
        ] {
            assert_eq!(found(fine), None, "{fine}");
        }
    }

    #[test]
    fn the_patterns_do_not_cite_themselves() {
        let source = include_str!("docs.rs");
        for pattern in outside_citations() {
            assert!(!source.contains(pattern.as_str()), "{pattern}");
        }
    }

    #[test]
    fn citations_of_outside_files_are_found_where_they_are() {
        let root = std::env::temp_dir().join(format!("gridnote-tidy-docs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("docs")).unwrap();
        std::fs::create_dir_all(root.join("target")).unwrap();
        let design = format!("{}{}", "design", ".md");
        std::fs::write(root.join("docs/a.md"), format!("fine\nsee {design} for why\n")).unwrap();
        std::fs::write(root.join("docs/b.png"), &design).unwrap();
        std::fs::write(root.join("target/c.md"), &design).unwrap();
        let mut problems = Vec::new();
        outside_files(&root, &mut problems);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].starts_with(&format!("docs/a.md:2: cites `{design}…`")),
            "{problems:?}"
        );
        std::fs::remove_dir_all(&root).unwrap();
    }
}
