//! Why a save or a log was not read (or written): each cause its own variant, so a caller can tell a
//! limit of vmodc's own from a damaged file, and the message is written once.

use crate::verify::archive::ArchiveError;
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveError {
    /// The zip itself: damaged, or over one of vmodc's own limits.
    Archive(ArchiveError),
    /// The zip has no `savedGame` entry.
    NoSavedGame,
    /// `savedGame` is encoded in a way that does not undo (the decoder's message).
    Unreadable(String),
    /// `savedGame` does not decode to a game; `head` is its first bytes, escaped.
    NotAGame { head: String },
    /// The zip could not be written (the writer's message).
    Write(String),
    /// A log's step (counted from 1) that does not read.
    Step { step: usize, cause: Box<SaveError> },
    /// A command nested in a logged step that is not logged itself.
    NotLogged { command: String },
    /// A command after the steps that is not one.
    AfterSteps { step: usize, command: String },
    /// The starting state has no `end_save`.
    StartCutShort,
    /// A logged command that does not decode (what it is, its start).
    Malformed { what: String, command: String },
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::vassal::vsav::{BEGIN_SAVE, END_SAVE};
        match self {
            SaveError::Archive(e) => write!(f, "{e}"),
            SaveError::NoSavedGame => {
                f.write_str("the zip has no `savedGame` entry: it is not a VASSAL saved game")
            }
            SaveError::Unreadable(e) => write!(f, "`savedGame` cannot be read: {e}"),
            SaveError::NotAGame { head } => write!(
                f,
                "`savedGame` does not decode to a game (it starts `{head}`, not `!VCSK`, `!VOBS`, `VOBS` or `{BEGIN_SAVE}`): an encoding vmodc does not know, or a damaged file; nothing was read from it"
            ),
            SaveError::Write(e) => write!(f, "{e}"),
            SaveError::Step { step, cause } => write!(f, "step {step}: {cause}"),
            SaveError::NotLogged { command } => {
                write!(f, "a command nested in a logged step is not logged: `{command}`")
            }
            SaveError::AfterSteps { step, command } => write!(
                f,
                "after step {step} the log holds a command that is not a logged step (`{command}`): the file was put together by hand or damaged"
            ),
            SaveError::StartCutShort => write!(
                f,
                "the starting state has no `{END_SAVE}`: the log is cut short or damaged"
            ),
            SaveError::Malformed { what, command } => write!(f, "{what}: `{command}`"),
        }
    }
}

impl From<ArchiveError> for SaveError {
    fn from(e: ArchiveError) -> SaveError {
        SaveError::Archive(e)
    }
}
