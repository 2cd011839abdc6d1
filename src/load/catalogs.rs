//! Reading language catalogs: a game's own (`i18n/<game>/<lang>.toml`) and the interface catalogs
//! every game shares (`i18n/interface/<lang>.toml`); see [`crate::i18n`] for what each holds.

use crate::diag::{Diagnostic, Report, Sources};
use crate::i18n::{Catalog, INTERFACE_FOLDER};
use crate::model::Sp;
use std::collections::BTreeMap;
use std::path::Path;

pub(crate) type RawCatalog = BTreeMap<String, BTreeMap<Sp<String>, Sp<String>>>;

/// Read every catalog of a game (`i18n/<game>/*.toml`), sorted by language code.
pub fn load_catalogs(
    root: &Path,
    game: &str,
    sources: &mut Sources,
    report: &mut Report,
) -> Vec<Catalog> {
    if game == INTERFACE_FOLDER {
        // Its catalogs would be the interface catalogs of every game.
        report.push(
            Diagnostic::error(
                "V0906",
                format!("a game cannot be named `{INTERFACE_FOLDER}`"),
            )
            .in_file(format!("rules/{game}.toml"))
            .help(format!(
                "i18n/{INTERFACE_FOLDER}/ holds the interface texts all games share: rename the game's files (rules/, counters/, maps/, scenarios/, i18n/)"
            )),
        );
        return Vec::new();
    }
    let dir = root.join("i18n").join(game);
    super::toml_files(&dir)
        .iter()
        .filter_map(|path| {
            let rel = path.strip_prefix(root).unwrap_or(path);
            load_catalog(root, &rel.to_string_lossy(), sources, report)
        })
        .collect()
}

/// Read the interface catalog of each language that has one (`i18n/interface/<code>.toml`).
pub fn load_interface_catalogs<'c>(
    root: &Path,
    codes: impl IntoIterator<Item = &'c str>,
    sources: &mut Sources,
    report: &mut Report,
) -> Vec<Catalog> {
    codes
        .into_iter()
        .map(|code| format!("i18n/{INTERFACE_FOLDER}/{code}.toml"))
        .filter(|rel| root.join(rel).is_file())
        .filter_map(|rel| load_catalog(root, &rel, sources, report))
        .collect()
}

/// Read one catalog; its language is the file's name, which `[language] code` must repeat.
fn load_catalog(
    root: &Path,
    rel: &str,
    sources: &mut Sources,
    report: &mut Report,
) -> Option<Catalog> {
    let loaded = super::load_file::<RawCatalog>(root, rel, sources, report)?;
    let path = Path::new(rel);
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut texts = BTreeMap::new();
    let mut key_spans = BTreeMap::new();
    let mut translated_from = BTreeMap::new();
    let mut code = stem.clone();
    let mut code_span = None;
    let mut name = stem.clone();
    for (section, table) in &loaded.data {
        for (key, text) in table {
            if section == "language" {
                match key.as_str() {
                    "code" => {
                        code = text.value.clone();
                        code_span = Some(text.span.clone());
                    }
                    "name" => name = text.value.clone(),
                    _ => {}
                }
                continue;
            }
            let full = format!("{section}.{}", key.as_str());
            if let Some(record) = sources
                .get(loaded.file)
                .and_then(|f| crate::i18n::record::source_record_above(&f.text, key.span.start))
            {
                translated_from.insert(full.clone(), record);
            }
            key_spans.insert(full.clone(), key.span.clone());
            texts.insert(full, text.clone());
        }
    }
    if code != stem {
        let d = Diagnostic::error("V0901", format!("catalog {rel} declares language `{code}`"));
        let d = match code_span {
            Some(span) => d.at(loaded.file, span, format!("the file's name says `{stem}`")),
            None => d.in_file(rel),
        };
        let renamed = path.with_file_name(format!("{code}.toml"));
        report.push(d.help(format!(
            "declare `code = \"{stem}\"`, or name the file after its language code: {}",
            renamed.to_string_lossy()
        )));
    }
    Some(Catalog {
        code,
        name,
        file: loaded.file,
        texts,
        key_spans,
        translated_from,
    })
}
