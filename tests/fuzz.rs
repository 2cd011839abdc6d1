//! Property tests: random and mutated inputs to the loader, the checks and the module reader must
//! never panic (and never hang). A small deterministic PRNG drives every mutation, so a failure names
//! its seed and replays exactly; no extra dependency is needed.
//!
//! Set `VMODC_FUZZ_ROUNDS` to run more rounds than the default (which keeps the suite fast in debug
//! builds).

use crate::common::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use vmodc::diag::{Report, Sources};

/// xorshift64*: small, fast, deterministic.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

fn rounds(default: usize) -> usize {
    std::env::var("VMODC_FUZZ_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// TOML fragments that stress the schema and the checks: wrong types, extreme numbers, empty and
/// huge ranges, unknown references, unusual characters.
const SNIPPETS: &[&str] = &[
    "count = 4294967295\n",
    "count = 0\n",
    "faces = 4294967295\n",
    "faces = 0\n",
    "max_units = 4294967295\n",
    "max_units = 0\n",
    "divisor = 0\n",
    "columns = [0, 2147483647]\n",
    "rows = [-2147483648, 2147483647]\n",
    "rows = [5, 1]\n",
    "columns = []\n",
    "column_digits = 9223372036854775807\n",
    "row_digits = 0\n",
    "hex = \"\"\n",
    "hex = \"9999999999\"\n",
    "hex = \"01\u{e9}1\"\n",
    "hex = \"-1-1\"\n",
    "turn = 0\n",
    "turn = 4294967295\n",
    "faces = { full = \"?-?\", reduced = \"-\" }\n",
    "faces = { full = \"99999999999-1\" }\n",
    "pairs = [[\"0101\", \"0101\"]]\n",
    "path = []\n",
    "path = [\"0101\", \"0101\", \"0404\"]\n",
    "[combat.table]\n\"0\" = []\n\"x\" = [\"\"]\n",
    "[[units]]\nid = \"\"\nside = \"\"\ntype = \"\"\nsize = \"\"\nfaces = {}\n",
    "[[setup]]\nunit = \"R1\"\nhex = \"0101\"\nface = \"full\"\n",
    "based_on = \"short\"\n",
    "at_least = 4294967295\n",
    "default = \"\"\n",
    "\"\u{202e}\" = 1\n",
    "x = [[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]\n",
    "[a.b.c.d.e.f]\n",
    "= 1\n",
    "'''\n",
    "\"\n",
    "[[\n",
    "kind = \"hex-columns\"\nshifted_columns = \"odd\"\n",
];

const GAME_FILES: &[&str] = &[
    "rules/tiny.toml",
    "counters/tiny.toml",
    "maps/tiny.toml",
    "scenarios/tiny/basic.toml",
    "scenarios/tiny/short.toml",
];

/// One random mutation of a text file's bytes.
fn mutate(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let len = bytes.len();
    match rng.below(8) {
        // flip a bit
        0 if len > 0 => {
            let i = rng.below(len);
            bytes[i] ^= 1 << rng.below(8);
        }
        // truncate
        1 => bytes.truncate(rng.below(len + 1)),
        // overwrite a byte with a TOML-significant one
        2 if len > 0 => {
            let i = rng.below(len);
            bytes[i] = *rng.pick(b"[]{}=\"',.#\n\\-0123456789 \t\xff");
        }
        // insert a snippet at a line start
        3 | 4 => {
            let starts: Vec<usize> = std::iter::once(0)
                .chain(
                    bytes
                        .iter()
                        .enumerate()
                        .filter(|(_, b)| **b == b'\n')
                        .map(|(i, _)| i + 1),
                )
                .collect();
            let at = *rng.pick(&starts);
            let snippet = rng.pick(SNIPPETS).as_bytes().to_vec();
            bytes.splice(at.min(len)..at.min(len), snippet);
        }
        // delete or duplicate a line
        5 | 6 => {
            let text = String::from_utf8_lossy(bytes).into_owned();
            let mut lines: Vec<&str> = text.lines().collect();
            if !lines.is_empty() {
                let i = rng.below(lines.len());
                if rng.below(2) == 0 {
                    lines.remove(i);
                } else {
                    lines.insert(i, lines[i]);
                }
            }
            *bytes = (lines.join("\n") + "\n").into_bytes();
        }
        // replace a quoted value by a value quoted elsewhere in the file (ids, hexes, faces)
        _ => {
            let text = String::from_utf8_lossy(bytes).into_owned();
            let quoted: Vec<(usize, usize)> = quoted_spans(&text);
            if quoted.len() >= 2 {
                let (a0, a1) = *rng.pick(&quoted);
                let (b0, b1) = *rng.pick(&quoted);
                let replacement = text[b0..b1].to_string();
                let mut t = text.clone();
                t.replace_range(a0..a1, &replacement);
                *bytes = t.into_bytes();
            }
        }
    }
}

/// Byte ranges of the simple `"..."` strings of a text (without escapes).
fn quoted_spans(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        if c == '"' {
            match start.take() {
                Some(s) => out.push((s, i + 1)),
                None => start = Some(i),
            }
        } else if c == '\n' {
            start = None;
        }
    }
    out
}

/// Load and check a folder; a panic is reported with what caused it.
fn load_and_check(root: &Path) -> Result<Report, String> {
    catch_unwind(AssertUnwindSafe(|| check_dir(root).1)).map_err(|e| {
        e.downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default()
    })
}

#[test]
fn loader_and_checks_survive_mutated_data() {
    let base = tiny_copy();
    let originals: Vec<Vec<u8>> = GAME_FILES
        .iter()
        .map(|f| std::fs::read(base.path().join(f)).expect("fixture"))
        .collect();
    let dir = tiny_copy();
    let mut failures = Vec::new();
    for seed in 0..rounds(400) as u64 {
        let mut rng = Rng::new(seed);
        let mut changed = Vec::new();
        for _ in 0..1 + rng.below(2) {
            let i = rng.below(GAME_FILES.len());
            let path = dir.path().join(GAME_FILES[i]);
            let mut bytes = std::fs::read(&path).expect("read");
            for _ in 0..1 + rng.below(3) {
                mutate(&mut rng, &mut bytes);
            }
            std::fs::write(&path, &bytes).expect("write");
            changed.push((GAME_FILES[i], String::from_utf8_lossy(&bytes).into_owned()));
        }
        if let Err(e) = load_and_check(dir.path()) {
            failures.push(format!("seed {seed}: panic {e:?}\n{changed:#?}"));
            if failures.len() >= 3 {
                break;
            }
        }
        // Restore what this round changed.
        for (f, _) in &changed {
            let i = GAME_FILES.iter().position(|g| g == f).unwrap_or(0);
            std::fs::write(dir.path().join(f), &originals[i]).expect("restore");
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Every number of the tiny game replaced, one at a time, by extreme values: counts, faces, limits,
/// grid ranges and digits, turns, sizes. Nothing may panic, overflow or run away.
#[test]
fn extreme_numbers_in_every_field() {
    const EXTREMES: &[&str] = &[
        "0",
        "-1",
        "2147483647",
        "-2147483648",
        "4294967295",
        "9223372036854775807",
        "1000000",
    ];
    let base = tiny_copy();
    let dir = tiny_copy();
    let mut failures = Vec::new();
    let mut runs = 0;
    for file in GAME_FILES {
        let original = std::fs::read_to_string(base.path().join(file)).expect("fixture");
        let numbers = number_spans(&original);
        for &(a, b) in &numbers {
            for extreme in EXTREMES {
                let mut text = original.clone();
                text.replace_range(a..b, extreme);
                std::fs::write(dir.path().join(file), &text).expect("write");
                runs += 1;
                let result = load_and_check(dir.path());
                let line = original[..a].matches('\n').count() + 1;
                if let Err(e) = result {
                    failures.push(format!("{file}:{line} = {extreme}: panic {e:?}"));
                }
            }
        }
        std::fs::write(dir.path().join(file), &original).expect("restore");
    }
    assert!(runs > 100, "only {runs} runs");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Byte ranges of the bare integers of a TOML text (outside strings and comments).
fn number_spans(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (line_start, line) in text.split_inclusive('\n').scan(0, |pos, l| {
        let start = *pos;
        *pos += l.len();
        Some((start, l))
    }) {
        let bytes = line.as_bytes();
        let mut in_string = false;
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i];
            if c == b'"' {
                in_string = !in_string;
            } else if c == b'#' && !in_string {
                break;
            } else if !in_string
                && c.is_ascii_digit()
                && (i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_'))
            {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                out.push((line_start + start, line_start + i));
                continue;
            }
            i += 1;
        }
    }
    out
}

#[test]
fn loader_survives_random_files() {
    let dir = TempDir::new("random");
    let mut failures = Vec::new();
    for seed in 0..rounds(200) as u64 {
        let mut rng = Rng::new(1_000_000 + seed);
        let n = rng.below(400);
        let mut bytes = rng.bytes(n);
        // Half of them: printable, TOML-ish noise.
        if seed % 2 == 0 {
            for b in &mut bytes {
                *b = *rng.pick(b"abc[]{}=\"'.,#\n -_0123456789tfrue");
            }
        }
        std::fs::write(dir.path().join("x.toml"), &bytes).expect("write");
        let result = catch_unwind(AssertUnwindSafe(|| {
            let mut sources = Sources::default();
            let mut report = Report::default();
            let _ = vmodc::load::load_file::<vmodc::concept::game::RulesFile>(
                dir.path(),
                "x.toml",
                &mut sources,
                &mut report,
            );
            let _ = vmodc::load::load_file::<vmodc::concept::game::ScenarioFile>(
                dir.path(),
                "x.toml",
                &mut sources,
                &mut report,
            );
            // Rendering a diagnostic must not panic either, whatever its span.
            for d in &report.diagnostics {
                let _ = d.render(&sources);
                let _ = d.to_json(&sources);
            }
        }));
        if result.is_err() {
            failures.push(format!(
                "seed {seed}: {:?}",
                String::from_utf8_lossy(&bytes)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Deeply nested TOML must give an error, not overflow the stack.
#[test]
fn deeply_nested_toml_is_an_error() {
    let dir = TempDir::new("deep");
    for depth in [1_000, 100_000] {
        let text = format!("x = {}1{}\n", "[".repeat(depth), "]".repeat(depth));
        std::fs::write(dir.path().join("x.toml"), text).expect("write");
        let mut sources = Sources::default();
        let mut report = Report::default();
        let loaded = vmodc::load::load_file::<vmodc::concept::game::RulesFile>(
            dir.path(),
            "x.toml",
            &mut sources,
            &mut report,
        );
        assert!(loaded.is_none());
        assert!(report.has_errors());
    }
}

#[test]
fn b4m_data_survives_mutations() {
    let dir = TempDir::new("b4m-fuzz");
    copy_game(&repo(), "b4m", dir.path());
    let files = [
        "rules/b4m.toml",
        "counters/b4m.toml",
        "maps/b4m.toml",
        "scenarios/b4m/standard.toml",
    ];
    let originals: Vec<Vec<u8>> = files
        .iter()
        .map(|f| std::fs::read(dir.path().join(f)).expect("b4m"))
        .collect();
    let mut failures = Vec::new();
    for seed in 0..rounds(60) as u64 {
        let mut rng = Rng::new(2_000_000 + seed);
        let i = rng.below(files.len());
        let mut bytes = originals[i].clone();
        for _ in 0..1 + rng.below(4) {
            mutate(&mut rng, &mut bytes);
        }
        std::fs::write(dir.path().join(files[i]), &bytes).expect("write");
        if let Err(e) = load_and_check(dir.path()) {
            failures.push(format!("seed {seed} ({}): panic {e:?}", files[i]));
        }
        std::fs::write(dir.path().join(files[i]), &originals[i]).expect("restore");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ------------------------------------------------------------------------------------------------
// The module reader
// ------------------------------------------------------------------------------------------------

fn zip(entries: &[(&str, &[u8])]) -> Vec<u8> {
    use std::io::Write;
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, data) in entries {
        w.start_file(*name, zip::write::SimpleFileOptions::default())
            .expect("start_file");
        w.write_all(data).expect("write");
    }
    w.finish().expect("finish").into_inner()
}

/// Our own module for the tiny game, built in memory: (buildFile.xml, moduledata, archive bytes).
fn tiny_module() -> (String, String, Vec<u8>) {
    let root = repo().join("tests/fixtures/tiny");
    let mut sources = Sources::default();
    let game = vmodc::load::load_game(&root, "tiny", &mut sources).expect("tiny loads");
    let entries = vmodc::pipeline::compile(&game).expect("tiny compiles");
    let text = |name: &str| {
        entries
            .iter()
            .find(|e| e.name == name)
            .map(|e| String::from_utf8_lossy(&e.data).into_owned())
            .unwrap_or_default()
    };
    let bytes = vmodc::package::zip_bytes(&entries).expect("zip");
    (text("buildFile.xml"), text("moduledata"), bytes)
}

fn check_survives(bytes: &[u8]) -> bool {
    catch_unwind(AssertUnwindSafe(|| {
        let report = vmodc::verify::check_module(bytes, Path::new("fuzz.vmod"));
        let sources = Sources::default();
        for d in &report.diagnostics {
            let _ = d.render(&sources);
        }
    }))
    .is_ok()
}

#[test]
fn reader_survives_mutated_archives() {
    let (_, _, module) = tiny_module();
    let mut failures = Vec::new();
    for seed in 0..rounds(150) as u64 {
        let mut rng = Rng::new(3_000_000 + seed);
        let mut bytes = module.clone();
        match rng.below(4) {
            0 => bytes.truncate(rng.below(bytes.len() + 1)),
            1 => {
                // flip bytes near the end, where the central directory is
                for _ in 0..1 + rng.below(8) {
                    let len = bytes.len();
                    let i = len - 1 - rng.below(len.min(600));
                    bytes[i] ^= rng.next() as u8 | 1;
                }
            }
            2 => {
                for _ in 0..1 + rng.below(16) {
                    let i = rng.below(bytes.len());
                    bytes[i] = rng.next() as u8;
                }
            }
            _ => {
                let n = rng.below(2000);
                bytes = rng.bytes(n);
            }
        }
        if !check_survives(&bytes) {
            failures.push(format!("seed {seed}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Mutations of the decompressed buildFile.xml and moduledata, re-zipped: the XML parser, the piece
/// decoder, the grid and location code and the saved-game reader get hostile content.
#[test]
fn reader_survives_mutated_build_files() {
    let (build_file, moduledata, _) = tiny_module();
    let save = vmodc::vassal::vsav::obfuscate(
        "begin_save\u{1b}SETUP_STACK\t\u{1b}+/7/piece;;;unit.png;U/null;0;0;7;0\u{1b}end_save",
        7,
    );
    let vsav = zip(&[("savedGame", &save)]);
    let pieces = [
        "+/null/",
        "+/",
        "+//\t/\t",
        "prototype;",
        "prototype;\\",
        "emb2;",
        "emb2;;;;;;;;;;;;;;;;;;;;;;;;;;",
        "piece;;;",
        "\t\\\t\\\\\t",
        "'\t'",
        "obs;;;G",
        "placemark;;;piece;;;x.png;y",
        "replace;;;\t\t\t",
        "markmoved;",
        "&amp;",
        "&#0;",
        "<![CDATA[",
        "]]>",
        "useGridLocation=\"true\"",
        "location=\"\"",
        "sideways=\"true\"",
        "hLeading=\"2147483647\"",
        "vLeading=\"-5\"",
        "dx=\"0\"",
        "dy=\"NaN\"",
        "x0=\"-2147483648\"",
        "first=\"V\"",
        "hType=\"A\"",
        "stagger=\"true\"",
        "owningBoard=\"\"",
        "nextPieceSlotId=\"x\"",
        "<VASSAL.build.module.PrototypeDefinition name=\"\">",
    ];
    let mut failures = Vec::new();
    for seed in 0..rounds(120) as u64 {
        let mut rng = Rng::new(4_000_000 + seed);
        let mut xml = build_file.clone().into_bytes();
        for _ in 0..1 + rng.below(6) {
            let len = xml.len();
            match rng.below(4) {
                0 => {
                    let at = rng.below(len + 1);
                    let p = rng.pick(&pieces).as_bytes().to_vec();
                    xml.splice(at..at, p);
                }
                1 if len > 0 => {
                    let i = rng.below(len);
                    xml[i] = *rng.pick(b"<>/\"=\t\\;,'&x0");
                }
                2 => {
                    let a = rng.below(len + 1);
                    let b = (a + rng.below(200)).min(len);
                    xml.drain(a..b);
                }
                _ => {
                    // duplicate a slice (duplicate gpids, maps, prototypes)
                    let a = rng.below(len + 1);
                    let b = (a + rng.below(2000)).min(len);
                    let slice = xml[a..b].to_vec();
                    let at = rng.below(xml.len() + 1);
                    xml.splice(at..at, slice);
                }
            }
        }
        let md = if seed % 7 == 0 {
            moduledata.replace("3.7", "3.99999999999999999999")
        } else {
            moduledata.clone()
        };
        let bytes = zip(&[
            ("buildFile.xml", &xml),
            ("moduledata", md.as_bytes()),
            ("scenarios/short.vsav", &vsav),
        ]);
        if !check_survives(&bytes) {
            failures.push(format!("seed {seed}:\n{}", String::from_utf8_lossy(&xml)));
            if failures.len() >= 2 {
                break;
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The piece decoder on random strings: no panic, and the fast TAB splitter agrees with VASSAL's
/// SequenceEncoder.Decoder applied level by level.
#[test]
fn piece_decoding_matches_the_sequence_decoder() {
    use vmodc::vassal::sequence_encoder::SequenceDecoder;
    fn reference(s: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut rest = s.to_string();
        loop {
            let mut d = SequenceDecoder::new(&rest, '\t');
            out.push(d.next_token().unwrap_or_default());
            match d.next_token() {
                Some(inner) => rest = inner,
                None => break,
            }
        }
        out
    }
    let alphabet: Vec<char> = "ab;/\t\\'+é ".chars().collect();
    for seed in 0..rounds(3000) as u64 {
        let mut rng = Rng::new(5_000_000 + seed);
        let n = rng.below(40);
        let s: String = (0..n).map(|_| *rng.pick(&alphabet)).collect();
        assert_eq!(vmodc::verify::unnest(&s), reference(&s), "input {s:?}");
        let piece = format!("+/{s}");
        let ok = catch_unwind(|| {
            let _ = vmodc::verify::decode_add_piece(&piece);
            let _ = vmodc::verify::parse_xml(&s);
        });
        assert!(ok.is_ok(), "input {s:?}");
    }
}

/// A translator's catalog (TOML or PO) and a module's `Module_xx.properties`: every reader of a
/// translation must refuse what it cannot read, never panic, on mutated real files.
#[test]
fn catalog_and_bundle_readers_survive_mutations() {
    use vmodc::translate::catalog::{from_po, from_toml};
    use vmodc::vassal::properties::{decode_bundle, read_properties, read_properties_lenient};
    let toml = std::fs::read(repo().join("i18n/b4m/ja.toml")).expect("catalog");
    let module = std::fs::read(repo().join("dist/b4m-en.vmod")).expect("module");
    let archive = vmodc::verify::read_archive(&module, Default::default()).expect("archive");
    let bundle = archive.entries["Module_ja.properties"].clone();
    let po = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n#: Map.Main.mapName\nmsgid \"Map\"\nmsgstr \"地図\"\n\nmsgid \"a \\\"quoted\\\" \\\\ line\"\nmsgstr \"\"\n\"continued\"\n"
        .as_bytes()
        .to_vec();
    for seed in 0..rounds(200) as u64 {
        let mut rng = Rng::new(91_000 + seed);
        for original in [&toml, &bundle, &po] {
            let mut bytes = original.clone();
            for _ in 0..1 + rng.below(4) {
                mutate(&mut rng, &mut bytes);
            }
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                let text = String::from_utf8_lossy(&bytes);
                let _ = from_toml(&text);
                let _ = from_po(&text);
                let decoded = decode_bundle(&bytes);
                let _ = read_properties(&decoded);
                let _ = read_properties_lenient(&decoded);
            }));
            assert!(
                outcome.is_ok(),
                "seed {seed}: {:?}",
                String::from_utf8_lossy(&bytes)
            );
        }
    }
}

/// A VASSAL log (`.vlog`), mutated in its zip and in its decoded commands: the referee's reader
/// refuses it or reads it, never panics.
#[test]
fn log_reader_survives_mutated_logs() {
    use vmodc::save::log::GameLog;
    let real = std::fs::read(repo().join("tests/fixtures/audit/legal-full.vlog")).expect("log");
    let text = vmodc::verify::archive::read_save(&real).expect("the fixture reads");
    for seed in 0..rounds(200) as u64 {
        let mut rng = Rng::new(93_000 + seed);
        let mut zipped = real.clone();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(zipped.len());
            zipped[at] = rng.below(256) as u8;
        }
        let mut commands = text.clone().into_bytes();
        for _ in 0..1 + rng.below(4) {
            mutate(&mut rng, &mut commands);
        }
        let replain = zip(&[("savedGame", &commands)]);
        for input in [&zipped, &replain] {
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                if let Ok(log) = GameLog::read(input) {
                    let _ = log.steps.len();
                }
            }));
            assert!(outcome.is_ok(), "seed {seed}");
        }
    }
}
