//! Saved games (`.vsav`): read both forms VASSAL 3.7 reads, list their pieces (`vmodc save dump`),
//! and give their pieces a new module's definitions (`vmodc refresh`).
//!
//! A saved game is a zip (`GameState.saveGame`): `savedGame` holds the command string, obfuscated
//! (`!VCSK` + key, as VASSAL 3.x writes it; `!VOBS` + key byte, as VASSAL 3.8 writes it, or
//! `VOBS` + key byte, as its development line first wrote it) or plain (as older versions wrote
//! it, still read). vmodc writes `!VCSK`, the only one VASSAL 3.7 reads; a `savedGame` that does not decode to `begin_save…` is refused, never read as empty;
//! `savedata` holds the save's metadata (`SaveMetaData`: the module's version, VASSAL's version) and
//! `moduledata` a copy of the module's (its name).
//! The command string is `begin_save`, one add-piece command per piece and stack, each component's
//! restore commands, and `end_save`, joined by ESC.

pub mod dump;
mod error;
pub mod log;
pub mod pieces;
pub mod refresh;

use crate::package::{zip_bytes, Entry};
use crate::vassal::vsav::{
    command_join, command_split, deobfuscate, encoding_of, obfuscate, Encoding, BEGIN_SAVE,
};
use crate::verify::archive::{read_archive, Limits};

pub use error::SaveError;
pub use pieces::{Command, Location, SavedPiece, SavedStack};

/// The `savedGame` entry's name (`GameState.SAVEFILE_ZIP_ENTRY`).
const SAVED_GAME: &str = "savedGame";
/// The save's metadata entry (`SaveMetaData.ZIP_ENTRY_NAME`).
const SAVE_METADATA: &str = "savedata";
/// The module's metadata, copied into the save (`ModuleMetaData.ZIP_ENTRY_NAME`).
const MODULE_METADATA: &str = "moduledata";

/// A saved game, read: its commands and every other entry of its zip, in their order.
#[derive(Debug, Clone)]
pub struct SavedGame {
    /// The obfuscation key, or `None` for a plain save.
    pub key: Option<u8>,
    /// How `savedGame` was encoded when read (written back as `!VCSK` whatever it was).
    pub encoding: Encoding,
    pub commands: Vec<Command>,
    /// Entries other than `savedGame`, kept as they were (metadata, a log's extras).
    pub others: Vec<(String, Vec<u8>)>,
}

impl SavedGame {
    /// Read a `.vsav` (or a `.vlog`, whose commands are read the same way).
    pub fn read(bytes: &[u8]) -> Result<SavedGame, SaveError> {
        let archive = read_archive(bytes, Limits::save())?;
        let data = archive
            .entries
            .get(SAVED_GAME)
            .ok_or(SaveError::NoSavedGame)?;
        let text = deobfuscate(data).map_err(|e| SaveError::Unreadable(e.to_string()))?;
        let encoding = encoding_of(data).unwrap_or(Encoding::Plain);
        if !text.starts_with(BEGIN_SAVE) {
            return Err(undecodable(data));
        }
        let key = match encoding {
            Encoding::Hex { key } | Encoding::Binary { key, .. } => Some(key),
            Encoding::Plain => None,
        };
        let commands = command_split(&text)
            .iter()
            .map(|c| Command::parse(c))
            .collect();
        let others = archive
            .entries
            .into_iter()
            .filter(|(name, _)| name != SAVED_GAME)
            .collect();
        Ok(SavedGame {
            key,
            encoding,
            commands,
            others,
        })
    }

    /// The zip again: `savedGame` first (as VASSAL writes it), then the other entries.
    pub fn write(&self) -> Result<Vec<u8>, SaveError> {
        let encoded: Vec<String> = self.commands.iter().map(Command::encode).collect();
        let text = command_join(&encoded);
        let saved = match self.key {
            Some(key) => obfuscate(&text, key),
            None => text.into_bytes(),
        };
        let mut entries = vec![Entry {
            name: SAVED_GAME.into(),
            data: saved,
        }];
        entries.extend(self.others.iter().map(|(name, data)| Entry {
            name: name.clone(),
            data: data.clone(),
        }));
        zip_bytes(&entries).map_err(|e| SaveError::Write(e.to_string()))
    }

    /// Every piece, in the order of the save.
    pub fn pieces(&self) -> impl Iterator<Item = &SavedPiece> {
        self.commands.iter().filter_map(|c| match c {
            Command::Piece(p) => Some(p),
            _ => None,
        })
    }

    /// Every stack, in the order of the save.
    pub fn stacks(&self) -> impl Iterator<Item = &SavedStack> {
        self.commands.iter().filter_map(|c| match c {
            Command::Stack(s) => Some(s),
            _ => None,
        })
    }

    /// The module name and version the save was made with: `moduledata` names the module (VASSAL
    /// copies the module's into the save), `savedata` holds the version (`SaveMetaData`).
    pub fn module(&self) -> (Option<String>, Option<String>) {
        let name = self
            .entry_text(MODULE_METADATA)
            .and_then(|t| element_text(&t, "name"));
        let version = self
            .entry_text(SAVE_METADATA)
            .or_else(|| self.entry_text(MODULE_METADATA))
            .and_then(|t| element_text(&t, "version"));
        (name, version)
    }

    /// Record the module version the pieces now come from, in both metadata entries, so VASSAL does
    /// not report the save as made with another version.
    pub fn set_module_version(&mut self, version: &str) {
        for (name, data) in &mut self.others {
            if name != SAVE_METADATA && name != MODULE_METADATA {
                continue;
            }
            let text = String::from_utf8_lossy(data).into_owned();
            if let Some(updated) = replace_element_text(&text, "version", version) {
                *data = updated.into_bytes();
            }
        }
    }

    fn entry_text(&self, entry: &str) -> Option<String> {
        let (_, data) = self.others.iter().find(|(n, _)| n == entry)?;
        String::from_utf8(data.clone()).ok()
    }
}

/// Why a `savedGame` entry that decodes to something other than `begin_save…` is refused: VASSAL
/// would load it as no game at all, and reading it as an empty save would lose the player's game.
fn undecodable(data: &[u8]) -> SaveError {
    let head: String = data
        .iter()
        .take(8)
        .map(|&b| {
            if b.is_ascii_graphic() {
                char::from(b).to_string()
            } else {
                format!("\\x{b:02x}")
            }
        })
        .collect();
    SaveError::NotAGame { head }
}

/// The text of the first `<name>…</name>` element (metadata values hold no markup), unless empty.
pub fn element_text(xml: &str, name: &str) -> Option<String> {
    let open = format!("<{name}>");
    let start = xml.find(&open)? + open.len();
    let end = start + xml[start..].find(&format!("</{name}>"))?;
    let text = unescape(xml[start..end].trim());
    (!text.is_empty()).then_some(text)
}

fn replace_element_text(xml: &str, name: &str, value: &str) -> Option<String> {
    let open = format!("<{name}>");
    let start = xml.find(&open)? + open.len();
    let end = start + xml[start..].find(&format!("</{name}>"))?;
    Some(format!("{}{}{}", &xml[..start], escape(value), &xml[end..]))
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zipped(saved_game: Vec<u8>) -> Vec<u8> {
        zip_bytes(&[Entry {
            name: SAVED_GAME.into(),
            data: saved_game,
        }])
        .unwrap()
    }

    #[test]
    fn reads_both_encodings_and_writes_the_one_vassal_3_7_reads() {
        let text = "begin_save\u{1b}+/7/piece;;;a.png;A/Main Map;1;2;g1;0\u{1b}end_save";
        let mut vobs = b"VOBS\x5a".to_vec();
        vobs.extend(text.bytes().map(|b| b ^ 0x5a));
        let from_vobs = SavedGame::read(&zipped(vobs)).unwrap();
        let from_hex = SavedGame::read(&zipped(obfuscate(text, 0x5a))).unwrap();
        let header = crate::vassal::vsav::VOBS_HEADER;
        assert_eq!(from_vobs.encoding, Encoding::Binary { key: 0x5a, header });
        assert_eq!(from_hex.encoding, Encoding::Hex { key: 0x5a });
        assert_eq!(from_vobs.commands, from_hex.commands);
        assert_eq!(from_vobs.pieces().count(), 1);
        let written = read_archive(&from_vobs.write().unwrap(), Limits::default()).unwrap();
        assert_eq!(written.entries[SAVED_GAME], obfuscate(text, 0x5a), "!VCSK");
    }

    #[test]
    fn reads_the_bang_vobs_vassal_3_8_writes_and_writes_the_one_vassal_3_7_reads() {
        let text = "begin_save\u{1b}+/7/piece;;;a.png;A/Main Map;1;2;g1;0\u{1b}end_save";
        let mut bang = b"!VOBS\x5a".to_vec();
        bang.extend(text.bytes().map(|b| b ^ 0x5a));
        let save = SavedGame::read(&zipped(bang)).unwrap();
        let header = crate::vassal::vsav::BANG_VOBS_HEADER;
        assert_eq!(save.encoding, Encoding::Binary { key: 0x5a, header });
        assert_eq!(save.pieces().count(), 1);
        let written = read_archive(&save.write().unwrap(), Limits::default()).unwrap();
        assert_eq!(written.entries[SAVED_GAME], obfuscate(text, 0x5a), "!VCSK");
    }

    #[test]
    fn refuses_what_does_not_decode_to_a_game() {
        // An encoding vmodc does not know reads as plain text: refused, never an empty game.
        let unknown = SavedGame::read(&zipped(b"VOBX\x01\x02garbage".to_vec())).unwrap_err();
        let head = "VOBX\\x01\\x02ga".to_string();
        assert_eq!(unknown, SaveError::NotAGame { head }, "{unknown}");
        assert!(unknown.to_string().contains("starts `VOBX\\x01\\x02ga`"));
        assert!(
            SavedGame::read(&zipped(b"VOBS".to_vec())).is_err(),
            "no key"
        );
        assert!(SavedGame::read(&zipped(b"!VCSK5a00".to_vec())).is_err());
        assert!(SavedGame::read(&zipped(b"begin_save".to_vec())).is_ok());
    }

    #[test]
    fn metadata_version_is_replaced_in_place() {
        let xml = "<data version=\"1\"><version>1.0.0</version><name>B&amp;M</name></data>";
        assert_eq!(element_text(xml, "name").as_deref(), Some("B&M"));
        let out = replace_element_text(xml, "version", "1.1.0").unwrap();
        assert_eq!(element_text(&out, "version").as_deref(), Some("1.1.0"));
        assert!(out.ends_with("<name>B&amp;M</name></data>"));
    }
}
