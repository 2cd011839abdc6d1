//! The crate's shape, as docs/architecture.md states it: the stages import one way (no cycle among the
//! top-level modules of `src/`), no two files import each other, and no file is a hub (sizes).
//!
//! The import graph is read from the source the way the compiler resolves paths: every `use` tree
//! (groups expanded, `self`/`super`/`crate` and child modules resolved) and every inline `crate::` or
//! `super::` path, each taken to the file that defines the longest module prefix of the path.

use crate::common::source::{code_lines, rust_files};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path (`["concept", "combat", "module"]`) and the file that holds it.
type Modules = BTreeMap<Vec<String>, PathBuf>;

fn modules(src: &Path) -> Modules {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut out = Modules::new();
    for path in files {
        let rel = path.strip_prefix(src).unwrap().with_extension("");
        let mut parts: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if parts.last().is_some_and(|p| p == "mod") {
            parts.pop();
        }
        match parts.as_slice() {
            // The binary is its own crate: it reaches the library through `vmodc::`, never `crate::`.
            [main] if main == "main" => continue,
            [lib] if lib == "lib" => parts.clear(),
            _ => {}
        }
        out.insert(parts, path);
    }
    out
}

/// The text without test items (they may reach anywhere), comments and string literals.
fn code_of(text: &str) -> String {
    let text = code_lines(text).join("\n");
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '"' => {
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
                out.push_str("\"\"");
            }
            _ => out.push(c),
        }
    }
    out
}

/// The paths of one `use` tree (`a::{b, c::{d, e}}` → `a::b`, `a::c::d`, `a::c::e`).
fn expand(tree: &str) -> Vec<String> {
    let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or("").trim();
        return vec![path.to_string()];
    };
    let prefix = &tree[..open];
    let close = tree.rfind('}').unwrap_or(tree.len());
    let inner = &tree[open + 1..close];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .flat_map(expand)
        .map(|p| {
            if p == "self" {
                prefix.trim_end_matches("::").to_string()
            } else {
                format!("{prefix}{p}")
            }
        })
        .collect()
}

/// The module a path names from inside `from`, if it is one of the crate's.
fn resolve(modules: &Modules, from: &[String], path: &str) -> Option<Vec<String>> {
    let segs: Vec<&str> = path
        .split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    let (mut base, rest): (Vec<String>, &[&str]) = match segs.first()? {
        &"crate" => (Vec::new(), &segs[1..]),
        &"self" => (from.to_vec(), &segs[1..]),
        &"super" => {
            let mut base = from.to_vec();
            let mut i = 0;
            while segs.get(i) == Some(&"super") {
                base.pop();
                i += 1;
            }
            (base, &segs[i..])
        }
        first => {
            let mut child = from.to_vec();
            child.push(first.to_string());
            if !modules.contains_key(&child) {
                return None;
            }
            (from.to_vec(), &segs[..])
        }
    };
    base.extend(rest.iter().map(|s| s.to_string()));
    (0..=base.len())
        .rev()
        .map(|k| base[..k].to_vec())
        .find(|prefix| modules.contains_key(prefix))
}

/// Which modules each module imports.
fn imports(modules: &Modules) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let inline = |code: &str| -> Vec<String> {
        let mut out = Vec::new();
        let bytes = code.as_bytes();
        for start in ["crate::", "super::"] {
            let mut from = 0;
            while let Some(i) = code[from..].find(start) {
                let at = from + i;
                from = at + start.len();
                let before = at.checked_sub(1).map(|j| bytes[j]);
                if before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b':') {
                    continue;
                }
                let end = code[at..]
                    .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                    .map_or(code.len(), |e| at + e);
                out.push(code[at..end].trim_end_matches(':').to_string());
            }
        }
        out
    };
    let mut graph = BTreeMap::new();
    for (module, file) in modules {
        let code = code_of(&std::fs::read_to_string(file).expect("read source"));
        let mut paths = Vec::new();
        let mut rest = code.as_str();
        while let Some(i) = rest.find("use ") {
            let before = rest[..i].chars().last();
            rest = &rest[i + 4..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let end = rest.find(';').unwrap_or(rest.len());
            paths.extend(expand(&rest[..end]));
            rest = &rest[end..];
        }
        paths.extend(inline(&code));
        let targets: BTreeSet<Vec<String>> = paths
            .iter()
            .filter_map(|p| resolve(modules, module, p))
            .filter(|t| t != module)
            .collect();
        graph.insert(module.clone(), targets);
    }
    graph
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn name(m: &[String]) -> String {
    if m.is_empty() {
        "lib".into()
    } else {
        m.join("/")
    }
}

#[test]
fn no_two_files_import_each_other() {
    let graph = imports(&modules(&src()));
    let mutual: Vec<String> = graph
        .iter()
        .flat_map(|(a, targets)| {
            let graph = &graph;
            targets
                .iter()
                .filter(move |b| a < *b && graph.get(*b).is_some_and(|t| t.contains(a)))
                .map(move |b| format!("{} ↔ {}", name(a), name(b)))
        })
        .collect();
    assert!(
        mutual.is_empty(),
        "files that import each other: {mutual:#?}"
    );
}

#[test]
fn the_top_level_modules_import_one_way() {
    let graph = imports(&modules(&src()));
    // Edges between top-level modules, with one file-level example of each.
    let mut top: BTreeMap<&str, BTreeMap<&str, String>> = BTreeMap::new();
    for (a, targets) in &graph {
        for b in targets {
            if let (Some(x), Some(y)) = (a.first(), b.first()) {
                if x != y {
                    top.entry(x)
                        .or_default()
                        .entry(y)
                        .or_insert_with(|| format!("{} → {}", name(a), name(b)));
                }
            }
        }
    }
    // A cycle exists exactly when some edge x → y has a path back from y to x.
    let reaches = |from: &str, to: &str| -> bool {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from];
        while let Some(n) = stack.pop() {
            if n == to {
                return true;
            }
            if seen.insert(n) {
                stack.extend(top.get(n).into_iter().flat_map(|m| m.keys().copied()));
            }
        }
        false
    };
    let cycles: Vec<&String> = top
        .iter()
        .flat_map(|(x, ys)| ys.iter().filter(|(y, _)| reaches(y, x)).map(|(_, e)| e))
        .collect();
    assert!(
        cycles.is_empty(),
        "imports that close a cycle among the top-level modules: {cycles:#?}"
    );
}

#[test]
fn the_stages_name_no_concept() {
    // check/, emit/, the plan and the unit piece loop over concept::registry; they may use the
    // shared vocabulary (game, plan, piece ids, the interface, the registry) but no concept's own
    // files.
    let modules = modules(&src());
    let graph = imports(&modules);
    let shared = [
        "game",
        "plan",
        "gpids",
        "interface",
        "registry",
        "context",
        "module",
    ];
    let mut named = Vec::new();
    for (file, targets) in &graph {
        let stage = matches!(file.first().map(String::as_str), Some("check" | "emit"))
            || name(file) == "concept/units/module"
            || name(file) == "concept/plan";
        if !stage {
            continue;
        }
        for t in targets {
            if t.first().is_some_and(|f| f == "concept")
                && t.len() > 1
                && !shared.contains(&t[1].as_str())
                && t[1] != file.get(1).cloned().unwrap_or_default()
            {
                named.push(format!("{} → {}", name(file), name(t)));
            }
        }
    }
    assert!(named.is_empty(), "stages that name a concept: {named:#?}");
}

#[test]
fn no_file_is_a_hub() {
    let mut over = Vec::new();
    for (module, file) in modules(&src())
        .iter()
        .map(|(m, f)| (name(m), f.clone()))
        .chain([("main".to_string(), src().join("main.rs"))])
    {
        let lines = std::fs::read_to_string(&file)
            .expect("read source")
            .lines()
            .count();
        let limit = if module == "main" || module == "i18n" {
            500
        } else {
            1000
        };
        if lines >= limit {
            over.push(format!(
                "{} has {lines} lines (under {limit} wanted)",
                file.display()
            ));
        }
    }
    assert!(over.is_empty(), "{over:#?}");
}

#[test]
fn the_graph_reader_resolves_paths_as_the_compiler_does() {
    // The reader itself: a group with nested groups and `self`, and each kind of path root.
    assert_eq!(
        expand("crate::a::{b, c::{self, d}, e as f}"),
        [
            "crate::a::b",
            "crate::a::c",
            "crate::a::c::d",
            "crate::a::e"
        ]
    );
    let mut modules = Modules::new();
    for m in [&[][..], &["a"][..], &["a", "b"][..], &["c"][..]] {
        modules.insert(m.iter().map(|s| s.to_string()).collect(), PathBuf::new());
    }
    let from: Vec<String> = vec!["a".into(), "b".into()];
    let at = |p: &str| resolve(&modules, &from, p).map(|m| name(&m));
    assert_eq!(at("crate::c::Item").as_deref(), Some("c"));
    assert_eq!(at("super::Item").as_deref(), Some("a"));
    assert_eq!(at("super::super::c::f").as_deref(), Some("c"));
    assert_eq!(at("self::x").as_deref(), Some("a/b"));
    assert_eq!(at("std::fmt"), None);
    // Strings, comments and test items are not imports; the code after a test item still is.
    let code = code_of(
        "let s = \"crate::c\"; // crate::c\n#[cfg(test)]\nmod tests {\n    use crate::c;\n}\nuse crate::d;\n",
    );
    assert!(code.starts_with("let s = \"\"; "), "{code}");
    assert!(!code.contains("crate::c"), "{code}");
    assert!(code.contains("use crate::d;"), "{code}");
}
