//! `vmodc diff OLD NEW GAME --format toml`: the changes as a release entry of the game's history
//! (`changes/<game>.toml`, read back by `concept::releases`), so a designer never writes one by hand.

use super::Change;
use crate::model::toml_text::string as toml_string;
use crate::pipeline::Loaded;

/// One `[[releases]]` entry: the new version, the one it follows, the versions of the data compared,
/// and every change. Paste it at the top of `changes/<game>.toml` (newest first).
pub fn release_entry(
    old: &Loaded,
    new: &Loaded,
    compared: [&str; 2],
    changes: &[Change],
) -> String {
    let version = |l: &Loaded| toml_string(&l.game.rules.game.version.value);
    let mut out = format!(
        "# {}: {} change(s) for players (vmodc diff {} {} {})\n[[releases]]\nversion = {}\nprevious = {}\ncompared = [{}, {}]\n",
        new.game.id,
        changes.len(),
        compared[0],
        compared[1],
        new.game.id,
        version(new),
        version(old),
        toml_string(compared[0]),
        toml_string(compared[1]),
    );
    for c in changes {
        out.push_str("\n[[releases.changes]]\n");
        out.push_str(&format!("area = {}\n", toml_string(c.area)));
        out.push_str(&format!("what = {}\n", toml_string(&c.what)));
        if let Some(old) = &c.old {
            out.push_str(&format!("old = {}\n", toml_string(old)));
        }
        if let Some(new) = &c.new {
            out.push_str(&format!("new = {}\n", toml_string(new)));
        }
    }
    out
}
