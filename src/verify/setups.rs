//! Check 9 of vassal-format.md §7: each predefined setup's saved game is in the archive and decodes.

use super::archive::{read_save_bounded, split_commands, Archive, ArchiveError, Limits};
use super::decode::decode_add_piece;
use super::xml::Node;
use crate::diag::Diagnostic;
use rayon::prelude::*;
use std::collections::BTreeMap;

/// What every setup's saved games may inflate to in one run, together: vmodc's own limit, not
/// VASSAL's. Files are read in name order, each within a saved game's own limits
/// ([`Limits::save`]); once this much text is held, the later files are not checked (a note says
/// so), never reported as unreadable. A real module's setups are a few MB
/// (Cattlesquat/ForThePeople: four of 1 MB); some hold 189 of 16 MB.
pub const SETUP_BUDGET_BYTES: u64 = 512 << 20;

/// What reading one setup's saved game gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupText {
    /// The decoded command text.
    Read(String),
    /// The file is damaged: not a zip, no `savedGame`, an encoding that does not decode.
    Unreadable(String),
    /// Not read, or not kept, because of a limit of vmodc's own; why.
    NotChecked(String),
}

/// The text of each saved game the setups name, read once per run, or why it was not.
#[derive(Debug, Default)]
pub struct SetupTexts(BTreeMap<String, SetupText>);

impl SetupTexts {
    /// Read every distinct file the module's setups name, a few at a time in parallel (they are
    /// the costliest part of checking a big module), in name order, so that which files the budget
    /// leaves unchecked does not depend on timing.
    pub fn read(root: &Node, archive: &Archive) -> SetupTexts {
        Self::read_within(root, archive, SETUP_BUDGET_BYTES)
    }

    /// [`SetupTexts::read`] with `budget` bytes of text for all setups together.
    fn read_within(root: &Node, archive: &Archive, budget: u64) -> SetupTexts {
        let mut files: Vec<&String> = root
            .find_all("VASSAL.build.module.PredefinedSetup")
            .into_iter()
            .filter_map(|s| s.attrs.get("file"))
            .filter(|f| archive.entries.contains_key(*f))
            .collect();
        files.sort();
        files.dedup();
        let mut texts = BTreeMap::new();
        let mut held = 0u64;
        let batch = rayon::current_num_threads().max(1);
        for chunk in files.chunks(batch) {
            if held > budget {
                for f in chunk {
                    texts.insert((*f).clone(), over_budget(budget));
                }
                continue;
            }
            let read: Vec<(String, SetupText)> = chunk
                .par_iter()
                .map(|f| ((*f).clone(), read_one(&archive.entries[*f])))
                .collect();
            for (file, text) in read {
                let text = match text {
                    SetupText::Read(t) if held + t.len() as u64 > budget => {
                        held = budget + 1;
                        over_budget(budget)
                    }
                    SetupText::Read(t) => {
                        held += t.len() as u64;
                        SetupText::Read(t)
                    }
                    other => other,
                };
                texts.insert(file, text);
            }
        }
        SetupTexts(texts)
    }

    /// What reading `file`'s saved game gave; `None` when the archive lacks it.
    pub fn get(&self, file: &str) -> Option<&SetupText> {
        self.0.get(file)
    }
}

/// One setup file, within a saved game's own limits.
fn read_one(bytes: &[u8]) -> SetupText {
    match read_save_bounded(bytes, Limits::save()) {
        Ok(text) => SetupText::Read(text),
        Err(ArchiveError::OverLimit(why)) => {
            SetupText::NotChecked(format!("{why}, past vmodc's limits for one saved game"))
        }
        Err(ArchiveError::Damaged(why)) => SetupText::Unreadable(why),
    }
}

/// Why a setup past the budget was not checked.
fn over_budget(budget: u64) -> SetupText {
    SetupText::NotChecked(format!(
        "vmodc holds at most {} KiB of setups' text in one check, and the setups before it (in file name order) took them",
        budget >> 10
    ))
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
        Some(SetupText::Read(text)) => text,
        Some(SetupText::NotChecked(why)) => {
            return vec![Diagnostic::note(
                "V0447",
                format!("setup `{file}` was not checked: {why}"),
            )
            .help("a limit of vmodc's own, not a fault of the module: VASSAL loads it; its pieces and boards are unchecked (read it alone with `unzip` and `vmodc save dump`)")];
        }
        other => {
            let e = match other {
                Some(SetupText::Unreadable(e)) => e.as_str(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Severity;
    use crate::package::{zip_bytes, Entry};

    const B: &str = "VASSAL.build.module.PredefinedSetup";

    /// A module of `count` setups, each a saved game of about `size` bytes of text.
    fn module(count: usize, size: usize) -> (Node, Archive) {
        let mut xml = String::from("<VASSAL.build.GameModule>");
        let mut archive = Archive::default();
        let filler = "x".repeat(size);
        for i in 0..count {
            let file = format!("s{i:03}.vsav");
            xml.push_str(&format!(
                "<{B} file=\"{file}\" name=\"S{i}\" useFile=\"true\" isMenu=\"false\"/>"
            ));
            let text = format!("begin_save\u{1b}SETUP_STACK\t{filler}\u{1b}end_save");
            let data = crate::vassal::vsav::obfuscate(&text, 0x5a);
            let name = "savedGame".to_string();
            archive
                .entries
                .insert(file, zip_bytes(&[Entry { name, data }]).unwrap());
        }
        xml.push_str("</VASSAL.build.GameModule>");
        (crate::verify::parse_xml(&xml).unwrap(), archive)
    }

    fn diagnostics(root: &Node, archive: &Archive, texts: &SetupTexts) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        check(root, archive, texts, &mut |d| out.push(d));
        out
    }

    #[test]
    fn setups_past_vmodcs_budget_are_a_note_of_what_was_not_checked_never_an_error() {
        let (root, archive) = module(5, 1000);
        let texts = SetupTexts::read_within(&root, &archive, 2500);
        let found = diagnostics(&root, &archive, &texts);
        assert!(found
            .iter()
            .all(|d| d.severity == Severity::Note && d.code == "V0447"));
        let unchecked: Vec<&str> = found.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(unchecked.len(), 3, "{unchecked:?}");
        assert!(unchecked[0].starts_with("setup `s002.vsav` was not checked"));
        assert!(
            unchecked[0].contains("at most 2 KiB of setups"),
            "{unchecked:?}"
        );
        // Within the budget every setup is read and checked, whatever their number.
        let texts = SetupTexts::read_within(&root, &archive, 6000);
        assert!(diagnostics(&root, &archive, &texts).is_empty());
        assert!(matches!(texts.get("s004.vsav"), Some(SetupText::Read(_))));
    }

    #[test]
    fn a_damaged_setup_is_still_an_error() {
        let (root, mut archive) = module(2, 10);
        archive
            .entries
            .insert("s001.vsav".into(), b"not a zip".to_vec());
        let texts = SetupTexts::read(&root, &archive);
        let found = diagnostics(&root, &archive, &texts);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(
            (found[0].code, found[0].severity),
            ("V0419", Severity::Error)
        );
    }
}
