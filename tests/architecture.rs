//! The crate's shape, as docs/architecture.md states it: the stages import one way (no cycle among the
//! top-level modules of `src/`), no two files import each other, every stage names no concept (or
//! names it in the allow-list, with its reason), and no file is a hub (sizes).
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

/// Every path the code names: each `use` tree expanded, and each inline `crate::`/`super::` path.
fn paths_of(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut rest = code;
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
            paths.push(code[at..end].trim_end_matches(':').to_string());
        }
    }
    paths
}

/// The modules one file's code imports.
fn imports_of(modules: &Modules, module: &[String], code: &str) -> BTreeSet<Vec<String>> {
    paths_of(&code_of(code))
        .iter()
        .filter_map(|p| resolve(modules, module, p))
        .filter(|t| t != module)
        .collect()
}

/// Every file's source, by module.
fn sources(modules: &Modules) -> BTreeMap<Vec<String>, String> {
    modules
        .iter()
        .map(|(m, f)| (m.clone(), std::fs::read_to_string(f).expect("read source")))
        .collect()
}

/// Which modules each module imports.
fn imports(modules: &Modules) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    sources(modules)
        .iter()
        .map(|(m, code)| (m.clone(), imports_of(modules, m, code)))
        .collect()
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

/// The stages docs/architecture.md lists: every file under these top-level modules is one.
const STAGES: [&str; 10] = [
    "load",
    "check",
    "render",
    "emit",
    "pipeline",
    "print",
    "diff",
    "translate",
    "save",
    "cli",
];

/// Files of `concept/` that loop over the registry as a stage does: they name no concept either
/// (the unit piece may use its own concept's files).
const STAGE_FILES: [&str; 2] = ["concept/plan", "concept/units/module"];

/// What a stage may use of `concept/`: the shared vocabulary, which names no rule (the game the
/// concepts compose, the plan, piece ids, the interface and its check context, the names two
/// concepts share, every concept's texts gathered, the kit's texts).
const SHARED: [&str; 8] = [
    "game",
    "plan",
    "gpids",
    "interface",
    "context",
    "module",
    "texts",
    "print_texts",
];

/// Where a stage truly needs one concept's own file, and why: (stage file, the concept's module it
/// names, the reason). docs/architecture.md lists the same. A new entry needs a reason no hook of
/// the interface can meet; an entry no longer needed fails the test.
#[rustfmt::skip]
const ALLOWED: &[(&str, &str, &str)] = &[
    // build/: the adapter from the game to the renderers' inputs draws each concept's pieces; the
    // images are not yet a hook of the interface.
    ("pipeline/area_art", "concept/map/place", "an area map colours each area by its terrain, the map's rule"),
    ("pipeline/art", "concept/art", "a face is cut from the sheet its art owner names"),
    ("pipeline/art", "concept/art/cut", "faces are cut from the designer's sheets at the art's cells"),
    ("pipeline/art", "concept/art/image_file", "the designer's sheets are decoded as the art's image files"),
    ("pipeline/art", "concept/map/board", "the map's scan is the board's image"),
    ("pipeline/art", "concept/markers", "marker faces are drawn from the markers' images"),
    ("pipeline/art", "concept/steps/remaining", "a face prints the steps it has left"),
    ("pipeline/art", "concept/units", "a unit's counter is drawn with its symbol"),
    ("pipeline/map_art", "concept/combat/shifts", "the CRT chart prints the columns the shifts reach"),
    ("pipeline/overlay", "concept/art", "vmodc grid/sheet draw on the art's sheets"),
    ("pipeline/overlay", "concept/art/cut", "vmodc sheet outlines the art's cells"),
    ("pipeline/overlay", "concept/map/fit", "vmodc grid draws the grid fitted to the scan"),
    // cli/odds: `vmodc odds` is the combat concept's own command.
    ("cli/odds", "concept/combat", "vmodc odds reads the marker faces combat knows"),
    ("cli/odds", "concept/combat/battle", "vmodc odds reads its flags into combat's battle"),
    ("cli/odds", "concept/combat/battle/outcome", "vmodc odds prints combat's outcome"),
    ("cli/odds", "concept/combat/battle/problems", "vmodc odds names combat's problems by flag"),
    // diff/: `vmodc diff` writes the release history the releases concept reads.
    ("diff", "concept/map/place", "a changed hex is described by its terrain"),
    ("diff", "concept/releases", "the changes are releases' records"),
    ("diff/html", "concept/releases", "the page groups the changes by releases' areas"),
    // load: a game's rules are composed over its series' before any concept reads them.
    ("load", "concept/series/compose", "a game's rules are composed over its series' first"),
    // print/: the kit prints what two concepts say, as the module does.
    ("print/rules_pages", "concept/special_rules/reading", "the rules in play, in their reading order"),
    ("print/setup_pages", "concept/setup/effective", "each scenario as setup follows its base"),
    ("print/setup_pages", "concept/units/module", "units by the names the module gives them"),
    // render/overlay draws on decoded pixels.
    ("render/overlay", "concept/art/image_file", "the overlay is drawn on the scan's pixels"),
];

/// The stage files, and the concept modules they name that neither the shared vocabulary nor the
/// allow-list lets them: `file → concept/x/…`.
fn stage_violations(
    modules: &Modules,
    sources: &BTreeMap<Vec<String>, String>,
) -> (Vec<String>, BTreeSet<(String, String)>) {
    let mut named = Vec::new();
    let mut allowed_used = BTreeSet::new();
    for (file, code) in sources {
        let stage = file.first().is_some_and(|f| STAGES.contains(&f.as_str()))
            || STAGE_FILES.contains(&name(file).as_str());
        if !stage {
            continue;
        }
        let own = (file.first().map(String::as_str) == Some("concept")).then(|| file.get(1));
        for t in imports_of(modules, file, code) {
            let is_concept = t.first().is_some_and(|f| f == "concept") && t.len() > 1;
            if !is_concept || SHARED.contains(&t[1].as_str()) || own == Some(t.get(1)) {
                continue;
            }
            let edge = (name(file), name(&t));
            if ALLOWED
                .iter()
                .any(|(f, m, _)| (*f, *m) == (edge.0.as_str(), edge.1.as_str()))
            {
                allowed_used.insert(edge);
            } else {
                named.push(format!("{} → {}", edge.0, edge.1));
            }
        }
    }
    (named, allowed_used)
}

#[test]
fn the_stages_name_no_concept() {
    let modules = modules(&src());
    let (named, used) = stage_violations(&modules, &sources(&modules));
    assert!(named.is_empty(), "stages that name a concept: {named:#?}");
    let stale: Vec<_> = ALLOWED
        .iter()
        .filter(|(f, m, _)| !used.contains(&(f.to_string(), m.to_string())))
        .collect();
    assert!(
        stale.is_empty(),
        "allow-list entries no stage needs: {stale:#?}"
    );
    let listed = STAGES.iter().all(|s| {
        let dir = src().join(s);
        dir.is_dir() || dir.with_extension("rs").is_file()
    });
    assert!(listed, "every stage of the list is a module of src/");
}

#[test]
fn a_concept_planted_in_a_stage_fails_the_stage_test() {
    // The same check as above, on the real sources with a concept named in load, render and print
    // (a `use` in one, an inline path in another, both in the third); comments, strings and test
    // items stay free to mention one.
    let modules = modules(&src());
    let planted: [(&[&str], &str); 3] = [
        (&["load"], "use crate::concept::combat::odds;\n"),
        (
            &["render", "map"],
            "fn planted() -> u32 { crate::concept::victory::score::planted() }\n",
        ),
        (
            &["print", "kit"],
            "use crate::concept::morale::threshold;\nfn planted() { crate::concept::air::rolls::x(); }\n",
        ),
    ];
    let mut sources = sources(&modules);
    for (file, code) in planted {
        let file: Vec<String> = file.iter().map(|s| s.to_string()).collect();
        let source = sources.get_mut(&file).expect("the stage file exists");
        source.push_str("\n// crate::concept::cards::module in a comment\n");
        source.push_str("const S: &str = \"crate::concept::cards::module\";\n");
        source.push_str(code);
    }
    let (named, _) = stage_violations(&modules, &sources);
    assert_eq!(
        named,
        [
            "load → concept/combat/odds",
            "print/kit → concept/air/rolls",
            "print/kit → concept/morale/threshold",
            "render/map → concept/victory/score",
        ],
        "each planted name fails, and only those"
    );
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

/// Functions longer than `limit` lines in `text`: (name, first line, lines). A function starts at
/// a line whose code begins with `fn` (after `pub`, `pub(crate)`, `const`, `async`, `unsafe`) and
/// whose signature ends with `{`, and ends at the first `}` at its own indentation.
fn long_functions(text: &str, limit: usize) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let indent = line.len() - line.trim_start().len();
        let words: Vec<&str> = line.split_whitespace().collect();
        let qualifiers = [
            "pub",
            "pub(crate)",
            "pub(super)",
            "const",
            "async",
            "unsafe",
        ];
        let at = words.iter().position(|w| !qualifiers.contains(w));
        let name = at
            .filter(|&k| words[k] == "fn")
            .and_then(|k| words.get(k + 1))
            .map(|n| n.split(['(', '<']).next().unwrap_or(n).to_string());
        let Some(name) = name else {
            i += 1;
            continue;
        };
        let Some(open) = (i..lines.len()).find(|&j| {
            let t = lines[j].trim_end();
            t.ends_with('{') || t.ends_with(';')
        }) else {
            break;
        };
        if lines[open].trim_end().ends_with(';') {
            i = open + 1;
            continue;
        }
        let close = (open + 1..lines.len()).find(|&j| {
            let l = lines[j];
            l.len() - l.trim_start().len() == indent && l.trim_start().starts_with('}')
        });
        let end = close.unwrap_or(lines.len() - 1);
        let length = end - i + 1;
        if length > limit {
            out.push((name, i + 1, length));
        }
        i = open + 1;
    }
    out
}

/// Functions of a few lines (issue 47): none in `src/` over 120 lines, its unit tests included.
#[test]
fn no_function_is_over_120_lines() {
    let mut over = Vec::new();
    let files = walkdir::WalkDir::new(src())
        .into_iter()
        .filter_map(Result::ok);
    for entry in files.filter(|e| e.path().extension().is_some_and(|x| x == "rs")) {
        let text = std::fs::read_to_string(entry.path()).expect("read source");
        for (name, line, length) in long_functions(&text, 120) {
            over.push(format!(
                "{}:{line}: fn {name} has {length} lines",
                entry.path().display()
            ));
        }
    }
    assert!(over.is_empty(), "{over:#?}");
}

#[test]
fn a_long_function_is_found_and_a_short_one_is_not() {
    let body = "    let x = 1;\n".repeat(125);
    let text = format!(
        "pub(crate) fn long(a: u32) -> u32 {{\n{body}}}\n\nfn short() {{\n    x();\n}}\n    fn nested() {{\n    }}\n"
    );
    let found = long_functions(&text, 120);
    assert_eq!(found, vec![("long".to_string(), 1, 127)]);
    assert!(long_functions(&text, 130).is_empty());
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
