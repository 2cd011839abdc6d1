//! Check 9 of vassal-format.md §7: each predefined setup's saved game is in the archive and decodes.

use super::archive::{read_save, split_commands, Archive};
use super::decode::decode_add_piece;
use super::xml::Node;
use crate::diag::Diagnostic;
use rayon::prelude::*;

/// Every PredefinedSetup that loads a file. The saved games are read in parallel: they are the
/// costliest part of checking a big module (Cattlesquat/ForThePeople has four of 1 MB each).
pub(super) fn check(root: &Node, archive: &Archive, push: &mut impl FnMut(Diagnostic)) {
    let setups: Vec<&Node> = root
        .find_all("VASSAL.build.module.PredefinedSetup")
        .into_iter()
        .filter(|s| s.attr("useFile") == "true" && s.attr("isMenu") != "true")
        .collect();
    let found: Vec<Vec<Diagnostic>> = setups.par_iter().map(|s| check_setup(s, archive)).collect();
    found.into_iter().flatten().for_each(push);
}

/// One setup: its file is in the archive, reads as a saved game, has SETUP_STACK, and its pieces
/// decode.
fn check_setup(setup: &Node, archive: &Archive) -> Vec<Diagnostic> {
    // Without a `file` attribute the setup starts a fresh game (`PredefinedSetup.launch` loads a
    // file only when `fileName != null`); an empty one is looked up and fails.
    let Some(file) = setup.attrs.get("file") else {
        return Vec::new();
    };
    let Some(bytes) = archive.entries.get(file) else {
        return vec![Diagnostic::error(
            "V0417",
            format!(
                "setup `{}` names file `{file}`, which is not in the archive",
                setup.attr("name")
            ),
        )];
    };
    let text = match read_save(bytes) {
        Ok(text) => text,
        Err(e) => {
            return vec![Diagnostic::error(
                "V0419",
                format!("setup `{file}` cannot be read: {e}"),
            )]
        }
    };
    let mut out = Vec::new();
    if !text.contains("SETUP_STACK\t") {
        out.push(
            Diagnostic::warning("V0418", format!("setup `{file}` lacks SETUP_STACK"))
                .help("without it the at-start stacks are placed again on top of the scenario"),
        );
    }
    for cmd in split_commands(&text) {
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
