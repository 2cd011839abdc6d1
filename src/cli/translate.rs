//! `vmodc translate MODULE --lang L --catalog FILE [--po FILE] [--out OUT.vmod]` (docs/translate.md).
//!
//! One run, in its steps: check the arguments, read the module (its buildFile, the texts it offers
//! for translation, the translations it already holds), read the old catalog, merge, write the
//! catalogs, report, and with `--out` write the translated module.

use super::{read_input, USAGE};
use crate::translate::catalog::{self, Catalog, Summary};
use crate::translate::{bundle_name, extract, write_module, Source, Table};
use crate::verify::{parse_xml, read_archive, Limits, Node};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `vmodc translate`'s arguments.
#[derive(clap::Args, Debug)]
pub struct TranslateArgs {
    /// The module (.vmod) to translate.
    pub module: PathBuf,
    /// The language: `ja`, `pt_BR`…
    #[arg(long)]
    pub lang: String,
    /// The catalog (.toml, or .po) that keeps the translations.
    #[arg(long)]
    pub catalog: PathBuf,
    /// Also write the catalog as PO.
    #[arg(long)]
    pub po: Option<PathBuf>,
    /// Write the translated module here.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// [`run_translate`] with the command line's arguments.
pub fn run_translate_args(args: &TranslateArgs) -> ExitCode {
    run_translate(
        &args.module,
        &args.lang,
        &args.catalog,
        args.po.as_deref(),
        args.out.as_deref(),
    )
}

/// Why `vmodc translate` stops.
enum Failure {
    /// What went wrong and what to do.
    Told { message: String, help: &'static str },
    /// A failure already reported (reading the module prints its own).
    Reported(ExitCode),
}

impl Failure {
    fn new(message: String, help: &'static str) -> Failure {
        Failure::Told { message, help }
    }

    /// Print the error and what to do; the exit code for a usage or I/O problem.
    fn exit(self) -> ExitCode {
        match self {
            Failure::Told { message, help } => {
                errln!("error: {message}");
                errln!("  help: {help}");
                ExitCode::from(USAGE)
            }
            Failure::Reported(code) => code,
        }
    }
}

/// `vmodc translate`.
pub fn run_translate(
    module: &Path,
    language: &str,
    catalog_path: &Path,
    po: Option<&Path>,
    out: Option<&Path>,
) -> ExitCode {
    let translate = || -> Result<(), Failure> {
        check_language(language)?;
        check_outputs(module, catalog_path, po, out)?;
        let read = ReadModule::open(module, language)?;
        let old = old_catalog(catalog_path, language)?;
        let existing: BTreeMap<String, String> = read.existing.iter().cloned().collect();
        let header = (language, read.root.attr("name"), read.root.attr("version"));
        let (merged, summary) = catalog::merge(old.as_ref(), &read.sources, &existing, header);
        write_catalogs(catalog_path, po, &merged)?;
        print_summary(catalog_path, language, &summary);
        match out {
            Some(out) => write_translated(read, language, &merged, out),
            None => Ok(()),
        }
    };
    match translate() {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.exit(),
    }
}

/// Whether `l` is a language code as VASSAL names one (`ja`, `de`, `pt_BR`).
fn valid_language(l: &str) -> bool {
    let mut parts = l.split('_');
    parts
        .next()
        .is_some_and(|p| (2..=3).contains(&p.len()) && p.chars().all(|c| c.is_ascii_lowercase()))
        && parts.all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_alphanumeric()))
}

fn check_language(language: &str) -> Result<(), Failure> {
    if !valid_language(language) {
        return Err(Failure::new(
            format!("`{language}` is not a language code"),
            "give a language as VASSAL names it: `ja`, `de`, `pt_BR`",
        ));
    }
    Ok(())
}

/// Every file the run writes is checked against every file it reads, and against the others it
/// writes, as one file however the paths are spelled (`./good.vmod`, a link): the catalog is read
/// and written back by design, but nothing is written over the module, and no output over the
/// catalog or another output.
fn check_outputs(
    module: &Path,
    catalog: &Path,
    po: Option<&Path>,
    out: Option<&Path>,
) -> Result<(), Failure> {
    let mut written = vec![("--catalog", catalog)];
    written.extend(po.map(|p| ("--po", p)));
    written.extend(out.map(|o| ("--out", o)));
    for (i, &(flag, path)) in written.iter().enumerate() {
        let earlier = written[..i].iter().map(|&(f, p)| (f, p, "written"));
        let read = std::iter::once(("the module", module, "read"));
        let clash = read
            .chain(earlier)
            .find(|&(_, other, _)| crate::package::is_same_file(path, other));
        if let Some((other_flag, other, role)) = clash {
            return Err(Failure::new(
                format!(
                    "{flag} {} is the same file as {other_flag} {}, which this run {role}s: it would be written over",
                    path.display(),
                    other.display()
                ),
                "give each of --catalog, --po and --out a file of its own (the translated module a new name, such as `game-ja.vmod`); vmodc never writes over the module it translates or the catalog it reads",
            ));
        }
    }
    Ok(())
}

/// The module to translate: its bytes, its buildFile, the texts it offers for translation, and the
/// translations its own bundle of the language holds (in the bundle's order).
struct ReadModule {
    bytes: Vec<u8>,
    root: Node,
    sources: Vec<Source>,
    existing: Vec<(String, String)>,
}

impl ReadModule {
    fn open(module: &Path, language: &str) -> Result<ReadModule, Failure> {
        let shown = module.display();
        let bytes = read_input(module, "module").map_err(Failure::Reported)?;
        let archive = read_archive(&bytes, Limits::default()).map_err(|e| {
            Failure::new(
                format!("{shown} is not a module vmodc can read: {e}"),
                "give a .vmod (a zip archive with buildFile.xml)",
            )
        })?;
        if archive.entries.contains_key("extensiondata") {
            return Err(Failure::new(
                format!("{shown} is a module extension, not a module"),
                "translate the module it extends; VASSAL reads one translation per language from the module",
            ));
        }
        let build = ["buildFile.xml", "buildFile"]
            .iter()
            .find_map(|n| archive.entries.get(*n))
            .ok_or_else(|| {
                Failure::new(
                    format!("{shown} has no buildFile.xml"),
                    "give a module, not an extension or a saved game",
                )
            })?;
        let root = std::str::from_utf8(build)
            .map_err(|e| e.to_string())
            .and_then(parse_xml)
            .map_err(|e| {
                Failure::new(
                    format!("the buildFile of {shown} cannot be read: {e}"),
                    "run `vmodc check` on the module",
                )
            })?;
        let bundle = bundle_name(language);
        let existing = match archive.entries.get(&bundle) {
            Some(bytes) => own_translations(module, &bundle, bytes),
            None => Vec::new(),
        };
        Ok(ReadModule {
            sources: extract(&root, &Table::load()),
            existing,
            root,
            bytes,
        })
    }
}

/// The translations the module's own bundle holds, read as VASSAL reads it (UTF-8, else
/// ISO-8859-1); a malformed line is left out with a warning naming it, never the whole bundle.
fn own_translations(module: &Path, bundle: &str, bytes: &[u8]) -> Vec<(String, String)> {
    use crate::vassal::properties::{decode_bundle, read_properties_lenient};
    let read = read_properties_lenient(&decode_bundle(bytes));
    for bad in &read.malformed {
        errln!(
            "warning: {bundle} in {}, line {}: {}; that line is left out, the bundle's {} other translation(s) kept",
            module.display(),
            bad.line,
            bad.error,
            read.entries.len()
        );
        errln!("  help: VASSAL refuses the whole bundle over such a line (Properties.load); a module written with --out holds the bundle without it");
    }
    read.entries
}

fn is_po(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("po"))
}

/// The largest catalog read: a module of 100,000 texts makes a catalog of about 20 MB.
const MAX_CATALOG_BYTES: u64 = 64 << 20;

/// A catalog file, read as PO or TOML by its extension; a regular file within
/// [`MAX_CATALOG_BYTES`] only (a FIFO or `/dev/zero` is refused before it is read).
fn read_catalog(path: &Path) -> Result<Catalog, String> {
    let bytes = super::read_bounded(path, MAX_CATALOG_BYTES).map_err(|e| e.to_string())?;
    let text = String::from_utf8(bytes).map_err(|e| format!("not UTF-8: {e}"))?;
    if is_po(path) {
        catalog::from_po(&text)
    } else {
        catalog::from_toml(&text)
    }
}

/// The catalog an earlier run wrote, if there is one; it must be of this language.
fn old_catalog(path: &Path, language: &str) -> Result<Option<Catalog>, Failure> {
    if std::fs::symlink_metadata(path).is_err() {
        return Ok(None);
    }
    match read_catalog(path) {
        Ok(c) if c.language != language => Err(Failure::new(
            format!(
                "{} is a catalog of `{}`, not `{language}`",
                path.display(),
                c.language
            ),
            "give the catalog of this language, or a new file name",
        )),
        Ok(c) => Ok(Some(c)),
        Err(e) => Err(Failure::new(
            format!("{} cannot be read: {e}", path.display()),
            "fix the catalog (TOML, or PO for a .po file) or give a new file name",
        )),
    }
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    crate::package::write_atomically(path, bytes).map_err(|e| {
        Failure::new(
            format!("cannot write {}: {e}", path.display()),
            "check that the folder exists and is writable",
        )
    })
}

/// The merged catalog, as TOML or PO by the catalog's extension, and as PO too with `--po`.
fn write_catalogs(path: &Path, po: Option<&Path>, merged: &Catalog) -> Result<(), Failure> {
    let text = if is_po(path) {
        catalog::to_po(merged)
    } else {
        catalog::to_toml(merged)
    };
    write_file(path, text.as_bytes())?;
    match po {
        Some(po) => write_file(po, catalog::to_po(merged).as_bytes()),
        None => Ok(()),
    }
}

fn print_summary(path: &Path, language: &str, summary: &Summary) {
    let from_module = if summary.from_module > 0 {
        format!(
            " ({} taken from the module's {})",
            summary.from_module,
            bundle_name(language)
        )
    } else {
        String::new()
    };
    outln!(
        "{}: {} texts, {} translated, {} untranslated, {} stale{from_module}",
        path.display(),
        summary.texts,
        summary.translated,
        summary.untranslated,
        summary.stale.len(),
    );
    for key in &summary.stale {
        outln!("  stale: `{key}`: the module's text changed since it was translated (entry kept, not written; translate it again and remove `translated_from`)");
    }
    for key in &summary.removed {
        outln!("  removed: `{key}`: the module no longer has this text");
    }
}

/// The module with the language's bundle: the module's own translations of keys the catalog does
/// not hold stay as they are (texts vmodc does not offer, such as names other components refer
/// to); then the catalog's.
fn write_translated(
    read: ReadModule,
    language: &str,
    merged: &Catalog,
    out: &Path,
) -> Result<(), Failure> {
    let in_catalog: BTreeSet<&str> = merged.entries.iter().map(|e| e.key.as_str()).collect();
    let mut entries: Vec<(String, String)> = read
        .existing
        .into_iter()
        .filter(|(k, _)| !in_catalog.contains(k.as_str()))
        .collect();
    let kept = entries.len();
    entries.extend(
        merged
            .entries
            .iter()
            .filter(|e| e.usable())
            .map(|e| (e.key.clone(), e.translation.clone())),
    );
    let properties = crate::vassal::properties::write_properties(&entries);
    let translated = write_module(&read.bytes, language, &properties).map_err(|e| {
        Failure::new(
            format!("cannot write the translated module: {e}"),
            "run `vmodc check` on the module",
        )
    })?;
    write_file(out, &translated)?;
    outln!(
        "wrote {}: {} translations in {} ({} of them kept from the module's own)",
        out.display(),
        entries.len(),
        bundle_name(language),
        kept
    );
    Ok(())
}
