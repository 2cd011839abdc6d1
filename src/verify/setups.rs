//! Check 9 of vassal-format.md §7: each predefined setup's saved game is in the archive and decodes.

use super::archive::{read_save, split_commands, Archive};
use super::decode::decode_add_piece;
use super::xml::Node;
use crate::diag::Diagnostic;

/// Every PredefinedSetup that loads a file.
pub(super) fn check(root: &Node, archive: &Archive, push: &mut impl FnMut(Diagnostic)) {
    for s in root.find_all("VASSAL.build.module.PredefinedSetup") {
        if s.attr("useFile") != "true" || s.attr("isMenu") == "true" {
            continue;
        }
        // Without a `file` attribute the setup starts a fresh game (`PredefinedSetup.launch` loads a
        // file only when `fileName != null`); an empty one is looked up and fails.
        let Some(file) = s.attrs.get("file") else {
            continue;
        };
        match archive.entries.get(file) {
            None => push(Diagnostic::error(
                "V0417",
                format!(
                    "setup `{}` names file `{file}`, which is not in the archive",
                    s.attr("name")
                ),
            )),
            Some(bytes) => match read_save(bytes) {
                Ok(text) => {
                    if !text.contains("SETUP_STACK\t") {
                        push(Diagnostic::warning("V0418", format!("setup `{file}` lacks SETUP_STACK")).help("without it the at-start stacks are placed again on top of the scenario"));
                    }
                    for cmd in split_commands(&text) {
                        if cmd.starts_with("+/") && !cmd.contains("/stack/") {
                            if let Err(e) = decode_add_piece(&cmd) {
                                push(Diagnostic::error(
                                    "V0419",
                                    format!("setup `{file}`: a piece does not decode: {e}"),
                                ));
                            }
                        }
                    }
                }
                Err(e) => push(Diagnostic::error(
                    "V0419",
                    format!("setup `{file}` cannot be read: {e}"),
                )),
            },
        }
    }
}
