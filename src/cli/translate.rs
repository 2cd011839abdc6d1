//! `vmodc translate MODULE --lang L --catalog FILE [--po FILE] [--out OUT.vmod]` (docs/translate.md).

use super::{read_input, USAGE};
use crate::translate::catalog::{self, Catalog};
use crate::translate::{bundle_name, extract, write_module, Table};
use crate::verify::{parse_xml, read_archive, Limits};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

/// Print an error and what to do; the exit code for a usage or I/O problem.
fn fail(message: String, help: &str) -> ExitCode {
    eprintln!("error: {message}");
    eprintln!("  help: {help}");
    ExitCode::from(USAGE)
}

fn is_po(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("po"))
}

/// A catalog file, read as PO or TOML by its extension.
fn read_catalog(path: &Path) -> Result<Catalog, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    if is_po(path) {
        catalog::from_po(&text)
    } else {
        catalog::from_toml(&text)
    }
}

fn write_text(path: &Path, text: &str) -> Result<(), ExitCode> {
    crate::package::write_atomically(path, text.as_bytes()).map_err(|e| {
        fail(
            format!("cannot write {}: {e}", path.display()),
            "check that the folder exists and is writable",
        )
    })
}

/// `vmodc translate`.
pub fn run_translate(
    module: &Path,
    language: &str,
    catalog_path: &Path,
    po: Option<&Path>,
    out: Option<&Path>,
) -> ExitCode {
    let valid_language = |l: &str| {
        let mut parts = l.split('_');
        parts.next().is_some_and(|p| {
            (2..=3).contains(&p.len()) && p.chars().all(|c| c.is_ascii_lowercase())
        }) && parts.all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_alphanumeric()))
    };
    if !valid_language(language) {
        return fail(
            format!("`{language}` is not a language code"),
            "give a language as VASSAL names it: `ja`, `de`, `pt_BR`",
        );
    }
    if out.is_some_and(|o| o == module) {
        return fail(
            format!("--out {} is the module itself", module.display()),
            "write the translated module to a new file; vmodc never overwrites its input",
        );
    }
    let bytes = match read_input(module, "module") {
        Ok(b) => b,
        Err(code) => return code,
    };
    let archive = match read_archive(&bytes, Limits::default()) {
        Ok(a) => a,
        Err(e) => {
            return fail(
                format!("{} is not a module vmodc can read: {e}", module.display()),
                "give a .vmod (a zip archive with buildFile.xml)",
            )
        }
    };
    if archive.entries.contains_key("extensiondata") {
        return fail(
            format!("{} is a module extension, not a module", module.display()),
            "translate the module it extends; VASSAL reads one translation per language from the module",
        );
    }
    let Some(build) = ["buildFile.xml", "buildFile"]
        .iter()
        .find_map(|n| archive.entries.get(*n))
    else {
        return fail(
            format!("{} has no buildFile.xml", module.display()),
            "give a module, not an extension or a saved game",
        );
    };
    let root = match std::str::from_utf8(build)
        .map_err(|e| e.to_string())
        .and_then(parse_xml)
    {
        Ok(r) => r,
        Err(e) => {
            return fail(
                format!("the buildFile of {} cannot be read: {e}", module.display()),
                "run `vmodc check` on the module",
            )
        }
    };
    let sources = extract(&root, &Table::load());
    let existing_in_order: Vec<(String, String)> = archive
        .entries
        .get(&bundle_name(language))
        .and_then(|b| crate::vassal::properties::read_properties(&String::from_utf8_lossy(b)).ok())
        .unwrap_or_default();
    let existing: BTreeMap<String, String> = existing_in_order.iter().cloned().collect();
    let old = if catalog_path.exists() {
        match read_catalog(catalog_path) {
            Ok(c) if c.language != language => {
                return fail(
                    format!(
                        "{} is a catalog of `{}`, not `{language}`",
                        catalog_path.display(),
                        c.language
                    ),
                    "give the catalog of this language, or a new file name",
                )
            }
            Ok(c) => Some(c),
            Err(e) => {
                return fail(
                    format!("{} cannot be read: {e}", catalog_path.display()),
                    "fix the catalog (TOML, or PO for a .po file) or give a new file name",
                )
            }
        }
    } else {
        None
    };
    let (merged, summary) = catalog::merge(
        old.as_ref(),
        &sources,
        &existing,
        (language, root.attr("name"), root.attr("version")),
    );
    let text = if is_po(catalog_path) {
        catalog::to_po(&merged)
    } else {
        catalog::to_toml(&merged)
    };
    if let Err(code) = write_text(catalog_path, &text) {
        return code;
    }
    if let Some(po) = po {
        if let Err(code) = write_text(po, &catalog::to_po(&merged)) {
            return code;
        }
    }
    println!(
        "{}: {} texts, {} translated, {} untranslated, {} stale{}",
        catalog_path.display(),
        summary.texts,
        summary.translated,
        summary.untranslated,
        summary.stale.len(),
        if summary.from_module > 0 {
            format!(
                " ({} taken from the module's {})",
                summary.from_module,
                bundle_name(language)
            )
        } else {
            String::new()
        }
    );
    for key in &summary.stale {
        println!("  stale: `{key}`: the module's text changed since it was translated (entry kept, not written; translate it again and remove `translated_from`)");
    }
    for key in &summary.removed {
        println!("  removed: `{key}`: the module no longer has this text");
    }
    let Some(out) = out else {
        return ExitCode::SUCCESS;
    };
    // The module's own translations of keys the catalog does not hold stay as they are (texts
    // vmodc does not offer, such as names other components refer to); then the catalog's.
    let in_catalog: std::collections::BTreeSet<&str> =
        merged.entries.iter().map(|e| e.key.as_str()).collect();
    let mut entries: Vec<(String, String)> = existing_in_order
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
    let translated = match write_module(&bytes, language, &properties) {
        Ok(b) => b,
        Err(e) => {
            return fail(
                format!("cannot write the translated module: {e}"),
                "run `vmodc check` on the module",
            )
        }
    };
    if let Err(e) = crate::package::write_atomically(out, &translated) {
        return fail(
            format!("cannot write {}: {e}", out.display()),
            "check that the folder exists and is writable",
        );
    }
    println!(
        "wrote {}: {} translations in {} ({} of them kept from the module's own)",
        out.display(),
        entries.len(),
        bundle_name(language),
        kept
    );
    ExitCode::SUCCESS
}
