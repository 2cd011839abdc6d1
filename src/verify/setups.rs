//! Check 9 of vassal-format.md §7: each predefined setup's saved game is in the archive and decodes.

use super::archive::{read_save_within, split_commands, Archive, Limits};
use super::decode::decode_add_piece;
use super::xml::Node;
use crate::diag::Diagnostic;
use rayon::prelude::*;
use std::collections::BTreeMap;

/// What every setup's saved games may inflate to in one run, together. Each distinct file is read
/// once (a hostile module may name one file from 200 setups) and gets an even share of it: a real
/// module's setups are a few MB (Cattlesquat/ForThePeople: four of 1 MB).
pub const SETUP_BUDGET_BYTES: u64 = 512 << 20;

/// The text of each saved game the setups name, read once per run, or why it cannot be read.
#[derive(Debug, Default)]
pub struct SetupTexts(BTreeMap<String, Result<String, String>>);

impl SetupTexts {
    /// Read every distinct file the module's setups name, in parallel: they are the costliest part
    /// of checking a big module.
    pub fn read(root: &Node, archive: &Archive) -> SetupTexts {
        let mut files: Vec<&String> = root
            .find_all("VASSAL.build.module.PredefinedSetup")
            .into_iter()
            .filter_map(|s| s.attrs.get("file"))
            .filter(|f| archive.entries.contains_key(*f))
            .collect();
        files.sort();
        files.dedup();
        let share = SETUP_BUDGET_BYTES / files.len().max(1) as u64;
        let limits = Limits {
            max_entry_bytes: share.min(Limits::save().max_entry_bytes),
            max_total_bytes: share,
            ..Limits::save()
        };
        SetupTexts(
            files
                .par_iter()
                .map(|f| {
                    let bytes = archive.entries.get(*f).map_or(&[][..], |b| b.as_slice());
                    ((*f).clone(), read_save_within(bytes, limits))
                })
                .collect(),
        )
    }

    /// The text of `file`'s saved game; `None` when the archive lacks it.
    pub fn get(&self, file: &str) -> Option<&Result<String, String>> {
        self.0.get(file)
    }
}

/// Every PredefinedSetup that loads a file.
pub(super) fn check(
    root: &Node,
    archive: &Archive,
    texts: &SetupTexts,
    push: &mut impl FnMut(Diagnostic),
) {
    let setups: Vec<&Node> = root
        .find_all("VASSAL.build.module.PredefinedSetup")
        .into_iter()
        .filter(|s| s.attr("useFile") == "true" && s.attr("isMenu") != "true")
        .collect();
    // One report per file, however many setups name it.
    let mut seen = std::collections::BTreeSet::new();
    for setup in setups {
        if seen.insert(setup.attrs.get("file")) {
            check_setup(setup, archive, texts)
                .into_iter()
                .for_each(&mut *push);
        }
    }
}

/// One setup: its file is in the archive, reads as a saved game, has SETUP_STACK, and its pieces
/// decode.
fn check_setup(setup: &Node, archive: &Archive, texts: &SetupTexts) -> Vec<Diagnostic> {
    // Without a `file` attribute the setup starts a fresh game (`PredefinedSetup.launch` loads a
    // file only when `fileName != null`); an empty one is looked up and fails.
    let Some(file) = setup.attrs.get("file") else {
        return Vec::new();
    };
    if !archive.entries.contains_key(file) {
        return vec![Diagnostic::error(
            "V0417",
            format!(
                "setup `{}` names file `{file}`, which is not in the archive",
                setup.attr("name")
            ),
        )];
    };
    let text = match texts.get(file) {
        Some(Ok(text)) => text,
        other => {
            let e = match other {
                Some(Err(e)) => e.as_str(),
                _ => "not read",
            };
            return vec![Diagnostic::error(
                "V0419",
                format!("setup `{file}` cannot be read: {e}"),
            )];
        }
    };
    let mut out = Vec::new();
    if !text.contains("SETUP_STACK\t") {
        out.push(
            Diagnostic::warning("V0418", format!("setup `{file}` lacks SETUP_STACK"))
                .help("without it the at-start stacks are placed again on top of the scenario"),
        );
    }
    for cmd in split_commands(text) {
        if cmd.starts_with("+/") && !cmd.contains("/stack/") {
            if let Err(e) = decode_add_piece(&cmd) {
                out.push(Diagnostic::error(
                    "V0419",
                    format!("setup `{file}`: a piece does not decode: {e}"),
                ));
            }
        }
    }
    out
}
