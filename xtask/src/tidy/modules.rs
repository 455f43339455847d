//! Rule 4: no module cycles. The modules of a crate are its source files (`lib.rs` and
//! `main.rs` the root `crate`, `a/mod.rs` and `a.rs` the module `a`, `a/b.rs` the module
//! `a::b`); module A depends on module B when A's code names a path that resolves into B:
//! `use` trees (groups included), inline paths, `crate::`, `super::` and `self::`, and
//! paths through a child module A declares. A name that a module re-exports (`pub use
//! b::Item`) resolves to the module that defines it. Comments, string literals, `$crate`
//! paths in macros and `#[cfg(test)]` modules (test code may name anything) are not
//! references.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path from the crate root (empty for the root).
pub(crate) type ModulePath = Vec<String>;

/// One dependency of a module, with where it was seen (for the report).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Edge {
    pub(crate) to: ModulePath,
    pub(crate) file: PathBuf,
    pub(crate) line: usize,
}

/// The module a source file under `src` is.
pub(crate) fn module_of(src: &Path, file: &Path) -> Option<ModulePath> {
    let rel = file.strip_prefix(src).ok()?;
    let mut parts: Vec<String> =
        rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    let last = parts.pop()?;
    // `src/bin/*.rs` are crates of their own.
    if parts.first().is_some_and(|p| p == "bin") {
        return None;
    }
    let stem = last.strip_suffix(".rs")?;
    if !(parts.is_empty() && (stem == "lib" || stem == "main")) && stem != "mod" {
        parts.push(stem.to_owned());
    }
    Some(parts)
}

/// The text of Rust source with comments and the contents of string and character
/// literals blanked out (newlines kept, so line numbers hold).
pub(crate) fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let blank = |out: &mut Vec<u8>, c: u8| out.push(if c == b'\n' { b'\n' } else { b' ' });
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                out.push(b' ');
                i += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                    depth += 1;
                    out.extend_from_slice(b"  ");
                    i += 2;
                } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                    depth -= 1;
                    out.extend_from_slice(b"  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(&mut out, b[i]);
                    i += 1;
                }
            }
        } else if c == b'r'
            && matches!(b.get(i + 1), Some(b'"' | b'#'))
            && (i == 0 || !is_ident(b[i - 1]))
        {
            // A raw string r"…" or r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&b'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&b'"') {
                out.push(c);
                i += 1;
                continue;
            }
            out.extend(std::iter::repeat_n(b' ', j + 1 - i));
            i = j + 1;
            while i < b.len() {
                if b[i] == b'"'
                    && b[i + 1..].iter().take(hashes).filter(|&&h| h == b'#').count() == hashes
                {
                    out.extend(std::iter::repeat_n(b' ', hashes + 1));
                    i += hashes + 1;
                    break;
                }
                blank(&mut out, b[i]);
                i += 1;
            }
        } else if c == b'"' {
            out.push(b' ');
            i += 1;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    blank(&mut out, b[i]);
                    i += 1;
                }
                if i < b.len() {
                    blank(&mut out, b[i]);
                    i += 1;
                }
            }
            out.push(b' ');
            i += 1;
        } else if c == b'\'' {
            // A character literal ('a', '\n', '\u{…}'), not a lifetime ('a).
            let end = if b.get(i + 1) == Some(&b'\\') {
                b[i + 2..].iter().position(|&x| x == b'\'').map(|p| i + 2 + p)
            } else {
                let len = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                (b.get(i + 1 + len) == Some(&b'\'')).then_some(i + 1 + len)
            };
            match end {
                Some(end) => {
                    out.extend(std::iter::repeat_n(b' ', end + 1 - i));
                    i = end + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Ident(String),
    Colons,
    Open,
    Close,
    Comma,
    Semi,
    Star,
    Dollar,
    Other,
}

/// The tokens of code (from [`code_only`]) with their lines.
fn tokens(code: &str) -> Vec<(Token, usize)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            line += 1;
            i += 1;
        } else if c.is_ascii_whitespace() {
            i += 1;
        } else if is_ident(c) {
            let start = i;
            while i < b.len() && is_ident(b[i]) {
                i += 1;
            }
            let word = &code[start..i];
            // `r#ident` is the identifier itself.
            let word = word.strip_prefix("r#").unwrap_or(word);
            if c.is_ascii_digit() {
                out.push((Token::Other, line));
            } else {
                out.push((Token::Ident(word.to_owned()), line));
            }
        } else if c == b':' && b.get(i + 1) == Some(&b':') {
            out.push((Token::Colons, line));
            i += 2;
        } else {
            let token = match c {
                b'{' => Token::Open,
                b'}' => Token::Close,
                b',' => Token::Comma,
                b';' => Token::Semi,
                b'*' => Token::Star,
                b'$' => Token::Dollar,
                _ => Token::Other,
            };
            out.push((token, line));
            i += 1;
        }
    }
    out
}

/// A path named in a file: its segments, whether it was `pub use`d (and under what
/// name), and its line.
#[derive(Debug)]
struct Named {
    segments: Vec<String>,
    /// How many inline modules (`mod tests { … }`) deep the path is written.
    inline_depth: usize,
    reexport: Option<String>,
    line: usize,
}

/// Every path named in `code`: the leaves of `use` trees and the inline paths of two or
/// more segments.
fn named_paths(code: &str) -> Vec<Named> {
    let toks = tokens(code);
    let mut found = Vec::new();
    // Brace depths at which inline modules opened.
    let mut inline_mods: Vec<usize> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < toks.len() {
        let (token, line) = (&toks[i].0, toks[i].1);
        match token {
            Token::Open => depth += 1,
            Token::Close => {
                depth = depth.saturating_sub(1);
                if inline_mods.last() == Some(&depth) {
                    inline_mods.pop();
                }
            }
            Token::Ident(word) if word == "mod" => {
                if let (Some((Token::Ident(_), _)), Some((Token::Open, _))) =
                    (toks.get(i + 1), toks.get(i + 2))
                {
                    // `#[cfg(test)] mod tests { … }`: test code may name anything.
                    let test = i >= 5
                        && matches!(&toks[i - 5].0, Token::Ident(w) if w == "cfg")
                        && matches!(&toks[i - 3].0, Token::Ident(w) if w == "test");
                    if test {
                        let mut level = 0;
                        let mut k = i + 2;
                        while k < toks.len() {
                            match toks[k].0 {
                                Token::Open => level += 1,
                                Token::Close => {
                                    level -= 1;
                                    if level == 0 {
                                        break;
                                    }
                                }
                                _ => {}
                            }
                            k += 1;
                        }
                        i = k + 1;
                        continue;
                    }
                    inline_mods.push(depth);
                }
            }
            Token::Ident(word) if word == "use" => {
                let public = i > 0
                    && (matches!(&toks[i - 1].0, Token::Ident(w) if w == "pub")
                        || (i >= 4 && matches!(&toks[i - 4].0, Token::Ident(w) if w == "pub")));
                let end = toks[i..]
                    .iter()
                    .position(|(t, _)| *t == Token::Semi)
                    .map_or(toks.len(), |p| i + p);
                let mut leaves = Vec::new();
                use_tree(&toks[i + 1..end], &mut Vec::new(), &mut leaves);
                for (segments, alias) in leaves {
                    let reexport = public.then(|| alias.clone()).flatten();
                    found.push(Named { segments, inline_depth: inline_mods.len(), reexport, line });
                }
                i = end;
                continue;
            }
            Token::Ident(word) => {
                let after_colons = i > 0 && matches!(toks[i - 1].0, Token::Colons);
                let after_dollar = i > 0 && matches!(toks[i - 1].0, Token::Dollar);
                if !after_colons
                    && !after_dollar
                    && matches!(toks.get(i + 1), Some((Token::Colons, _)))
                {
                    let mut segments = vec![word.clone()];
                    let mut j = i + 1;
                    while let (Some((Token::Colons, _)), Some((Token::Ident(next), _))) =
                        (toks.get(j), toks.get(j + 1))
                    {
                        segments.push(next.clone());
                        j += 2;
                    }
                    found.push(Named {
                        segments,
                        inline_depth: inline_mods.len(),
                        reexport: None,
                        line,
                    });
                    i = j;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// The leaves of a `use` tree (`a::{b, c::{self, D as E}, f::*}`), each with the name it
/// brings in (`None` for a glob).
fn use_tree(
    toks: &[(Token, usize)],
    prefix: &mut Vec<String>,
    leaves: &mut Vec<(Vec<String>, Option<String>)>,
) {
    let mut i = 0;
    let start_len = prefix.len();
    while i < toks.len() {
        match &toks[i].0 {
            Token::Ident(word) if word == "as" => {
                if let (Some((Token::Ident(alias), _)), Some(last)) =
                    (toks.get(i + 1), leaves.last_mut())
                {
                    last.1 = Some(alias.clone());
                }
                i += 2;
                continue;
            }
            Token::Ident(word) => {
                prefix.push(word.clone());
                if !matches!(toks.get(i + 1), Some((Token::Colons, _))) {
                    let mut path = prefix.clone();
                    let name = if word == "self" {
                        path.pop();
                        path.last().cloned()
                    } else {
                        Some(word.clone())
                    };
                    leaves.push((path, name));
                    prefix.truncate(start_len);
                }
            }
            Token::Colons => {}
            Token::Star => {
                leaves.push((prefix.clone(), None));
                prefix.truncate(start_len);
            }
            Token::Open => {
                // The group's extent.
                let mut level = 0;
                let mut end = i;
                for (k, (t, _)) in toks.iter().enumerate().skip(i) {
                    match t {
                        Token::Open => level += 1,
                        Token::Close => {
                            level -= 1;
                            if level == 0 {
                                end = k;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                let inner = &toks[i + 1..end];
                for item in split_top(inner) {
                    use_tree(item, prefix, leaves);
                }
                prefix.truncate(start_len);
                i = end + 1;
                continue;
            }
            Token::Comma => prefix.truncate(start_len),
            _ => {}
        }
        i += 1;
    }
    prefix.truncate(start_len);
}

/// `toks` split at its top-level commas.
fn split_top(toks: &[(Token, usize)]) -> Vec<&[(Token, usize)]> {
    let mut parts = Vec::new();
    let mut level = 0;
    let mut start = 0;
    for (k, (t, _)) in toks.iter().enumerate() {
        match t {
            Token::Open => level += 1,
            Token::Close => level -= 1,
            Token::Comma if level == 0 => {
                parts.push(&toks[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&toks[start..]);
    parts
}

/// The module dependencies of one crate's sources: for each module, the modules it
/// names (itself excluded), each with its first witness.
pub(crate) fn dependencies(src: &Path, files: &[PathBuf]) -> BTreeMap<ModulePath, Vec<Edge>> {
    let mut named: BTreeMap<ModulePath, Vec<(PathBuf, Named)>> = BTreeMap::new();
    for file in files {
        let Some(module) = module_of(src, file) else { continue };
        let Ok(text) = std::fs::read_to_string(file) else { continue };
        let entry = named.entry(module).or_default();
        for path in named_paths(&code_only(&text)) {
            entry.push((file.clone(), path));
        }
    }
    let modules: BTreeSet<ModulePath> = named.keys().cloned().collect();
    // Where each module's re-exported names come from (the module a `pub use` resolves to).
    let mut reexports: BTreeMap<(ModulePath, String), ModulePath> = BTreeMap::new();
    for (module, paths) in &named {
        for (_, path) in paths {
            let Some(name) = &path.reexport else { continue };
            if let Some((target, _)) = resolve(&modules, module, path) {
                reexports.insert((module.clone(), name.clone()), target);
            }
        }
    }
    let mut edges: BTreeMap<ModulePath, Vec<Edge>> = BTreeMap::new();
    for (module, paths) in &named {
        for (file, path) in paths {
            let Some((mut target, item)) = resolve(&modules, module, path) else { continue };
            // Follow re-exports to the defining module (a few hops at most).
            if let Some(mut item) = item {
                for _ in 0..8 {
                    match reexports.get(&(target.clone(), item.clone())) {
                        Some(next) if *next != target => {
                            target = next.clone();
                            // The re-exported name is the item's name in the next module too
                            // (renames are rare enough to stop here).
                            item = path.segments.last().cloned().unwrap_or_default();
                        }
                        _ => break,
                    }
                }
            }
            if target == *module {
                continue;
            }
            let list = edges.entry(module.clone()).or_default();
            if !list.iter().any(|e| e.to == target) {
                list.push(Edge { to: target, file: file.clone(), line: path.line });
            }
        }
    }
    edges
}

/// The module `path` (named in `module`) resolves into, and the item it names there, if
/// the path is the crate's own; `None` for other crates' paths and local names.
fn resolve(
    modules: &BTreeSet<ModulePath>,
    module: &ModulePath,
    path: &Named,
) -> Option<(ModulePath, Option<String>)> {
    let segs = &path.segments;
    let first = segs.first()?;
    let (mut base, rest): (ModulePath, &[String]) = match first.as_str() {
        "crate" => (Vec::new(), &segs[1..]),
        "self" => (module.clone(), &segs[1..]),
        "super" => {
            let mut base = module.clone();
            let mut inline = path.inline_depth;
            let mut k = 0;
            while segs.get(k).is_some_and(|s| s == "super") {
                if inline > 0 {
                    inline -= 1;
                } else {
                    base.pop()?;
                }
                k += 1;
            }
            (base, &segs[k..])
        }
        // A path through a child module the file declares (`convert::run`).
        name if path.inline_depth == 0 && {
            let mut child = module.clone();
            child.push(name.to_owned());
            modules.contains(&child)
        } =>
        {
            (module.clone(), &segs[..])
        }
        _ => return None,
    };
    let mut item = None;
    for seg in rest {
        let mut child = base.clone();
        child.push(seg.clone());
        if modules.contains(&child) {
            base = child;
        } else {
            item = Some(seg.clone());
            break;
        }
    }
    Some((base, item))
}

/// The cycles of the dependency graph: one per strongly connected component of more than
/// one module, from its least module back to it by the fewest arrows, written
/// `a -> b (file:line) -> a (file:line)` with the witness of each arrow (and the whole
/// component when it is larger than the cycle).
pub(crate) fn cycles(edges: &BTreeMap<ModulePath, Vec<Edge>>, root: &Path) -> Vec<String> {
    let nodes: BTreeSet<&ModulePath> =
        edges.keys().chain(edges.values().flatten().map(|e| &e.to)).collect();
    let reach = |from: &ModulePath| -> BTreeSet<&ModulePath> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from];
        while let Some(node) = todo.pop() {
            for edge in edges.get(node).into_iter().flatten() {
                if seen.insert(&edge.to) {
                    todo.push(&edge.to);
                }
            }
        }
        seen
    };
    let reachable: BTreeMap<&ModulePath, BTreeSet<&ModulePath>> =
        nodes.iter().map(|n| (*n, reach(n))).collect();
    let mut reported = Vec::new();
    let mut covered: BTreeSet<&ModulePath> = BTreeSet::new();
    for start in &nodes {
        if covered.contains(start) || !reachable[start].contains(start) {
            continue;
        }
        let component: BTreeSet<&ModulePath> = nodes
            .iter()
            .copied()
            .filter(|n| reachable[start].contains(n) && reachable[n].contains(start))
            .collect();
        covered.extend(component.iter().copied());
        // The shortest way back to `start` inside the component, breadth first.
        let mut previous: BTreeMap<&ModulePath, (&ModulePath, &Edge)> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([*start]);
        let mut closing = None;
        'search: while let Some(node) = queue.pop_front() {
            for edge in edges.get(node).into_iter().flatten() {
                if edge.to == **start {
                    closing = Some((node, edge));
                    break 'search;
                }
                if component.contains(&edge.to) && !previous.contains_key(&edge.to) {
                    previous.insert(&edge.to, (node, edge));
                    queue.push_back(&edge.to);
                }
            }
        }
        let Some((last, edge)) = closing else { continue };
        let mut steps = vec![edge];
        let mut node = last;
        while node != *start {
            let (from, edge) = previous[node];
            steps.push(edge);
            node = from;
        }
        steps.reverse();
        let steps_len = steps.len();
        let mut text = name(start);
        for edge in steps {
            let file = edge.file.strip_prefix(root).unwrap_or(&edge.file);
            text.push_str(&format!(" -> {} ({}:{})", name(&edge.to), file.display(), edge.line));
        }
        if component.len() > steps_len {
            let all: Vec<String> = component.iter().map(|m| name(m)).collect();
            text.push_str(&format!("; the modules {} depend on each other", all.join(", ")));
        }
        reported.push(text);
    }
    reported
}

/// `crate`, or the module's path.
pub(crate) fn name(module: &ModulePath) -> String {
    if module.is_empty() { "crate".to_owned() } else { module.join("::") }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(code: &str) -> Vec<(Vec<String>, usize, Option<String>)> {
        named_paths(&code_only(code))
            .into_iter()
            .map(|n| (n.segments, n.inline_depth, n.reexport))
            .collect()
    }

    fn segs(s: &str) -> Vec<String> {
        s.split("::").map(str::to_owned).collect()
    }

    #[test]
    fn use_trees_inline_paths_and_reexports_are_found() {
        let found = paths(
            "use crate::{a::{self, B}, c::*};\npub use d::E as F;\n// crate::x::y in a comment\n\
             fn f() { let s = \"crate::z::w\"; super::g::h(); $crate::m::n; a::run(); }\n\
             mod inner { use super::*; }\n#[cfg(test)]\nmod tests { use crate::x::y; }\n",
        );
        assert_eq!(
            found,
            [
                (segs("crate::a"), 0, None),
                (segs("crate::a::B"), 0, None),
                (segs("crate::c"), 0, None),
                (segs("d::E"), 0, Some("F".to_owned())),
                (segs("super::g::h"), 0, None),
                (segs("a::run"), 0, None),
                (segs("super"), 1, None),
            ]
        );
    }

    #[test]
    fn character_literals_and_lifetimes() {
        assert_eq!(
            code_only("let c = '\"'; fn f<'a>(x: &'a str) {}"),
            "let c =    ; fn f<'a>(x: &'a str) {}"
        );
        assert_eq!(code_only("r#\"crate::a\"# 'x' '\\n'"), " ".repeat(22));
    }

    #[test]
    fn cycles_through_the_root_children_and_reexports() {
        let dir = std::env::temp_dir().join(format!("xtask-tidy-modules-{}", std::process::id()));
        let src = dir.join("src");
        std::fs::create_dir_all(src.join("cmd")).unwrap();
        let write = |name: &str, text: &str| std::fs::write(src.join(name), text).unwrap();
        // The root re-exports `a::A` and calls `cmd::run`; `b` names `crate::A` (that is,
        // `a`), `a` names `b`: a cycle a -> b -> a. `cmd::x` names the root's own item
        // `crate::EXIT`, and the root names `cmd`: a cycle through the root.
        write(
            "lib.rs",
            "mod a; mod b; mod cmd;\npub use a::A;\npub const EXIT: u8 = 0;\nfn f() { cmd::run(); }\n",
        );
        write("a.rs", "use crate::b::helper;\npub struct A;\n");
        write("b.rs", "use crate::A;\npub fn helper() {}\n");
        write("cmd/mod.rs", "mod x;\npub fn run() { x::go(); }\n");
        write("cmd/x.rs", "pub fn go() -> u8 { crate::EXIT }\n");
        let files: Vec<PathBuf> = ["lib.rs", "a.rs", "b.rs", "cmd/mod.rs", "cmd/x.rs"]
            .iter()
            .map(|f| src.join(f))
            .collect();
        let edges = dependencies(&src, &files);
        let found = cycles(&edges, &dir);
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(
            found,
            [
                "crate -> cmd (src/lib.rs:4) -> cmd::x (src/cmd/mod.rs:2) -> crate (src/cmd/x.rs:1)",
                "a -> b (src/a.rs:1) -> a (src/b.rs:1)",
            ]
        );
    }
}
