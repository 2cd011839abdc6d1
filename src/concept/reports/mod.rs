//! Reports: who did what, in the chat. Every change a player makes to a piece (a move, a placement,
//! a flip, a step loss, a mode, an elimination, a combat mark, …) is written to the chat by the
//! piece's Report Action or by the map's move and create reports; each of those lines goes through
//! the map's formats, which this concept's text wraps with the player's name and side
//! (`$PlayerName$`, `$playerSide$`: VASSAL's `GlobalOptions.PLAYER_NAME`, `PLAYER_SIDE_ALT`).

pub mod concept;
pub(crate) mod texts;
