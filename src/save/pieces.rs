//! The commands of a saved game, as far as a save's pieces are concerned: add-piece commands for
//! pieces (`+/id/TYPE/STATE`, traits over a BasicPiece), for stacks (`+/id/stack/STATE`), and every
//! other command kept as its text.

use crate::vassal::sequence_encoder::decode;
use crate::vassal::traits::{Piece, Trait};
use crate::verify::decode::decode_add_piece;

/// One command of a saved game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Piece(SavedPiece),
    Stack(SavedStack),
    /// Anything else (`begin_save`, decks, global properties, the turn tracker, …), as read.
    Other(String),
}

impl Command {
    /// Classify one command; what does not decode as a piece or a stack is kept as text.
    pub fn parse(text: &str) -> Command {
        if !text.starts_with("+/") {
            return Command::Other(text.to_string());
        }
        let Ok(decoded) = decode_add_piece(text) else {
            return Command::Other(text.to_string());
        };
        let traits: Vec<Trait> = decoded
            .traits
            .into_iter()
            .map(|(type_, state)| Trait { type_, state })
            .collect();
        match traits.as_slice() {
            [only] if only.type_ == "stack" => {
                Command::Stack(SavedStack::parse(&decoded.id, &only.state, text))
            }
            [.., basic] if basic.type_.starts_with("piece;") => Command::Piece(SavedPiece {
                id: decoded.id,
                traits,
                text: text.to_string(),
            }),
            _ => Command::Other(text.to_string()),
        }
    }

    /// The command's text in the save.
    pub fn encode(&self) -> String {
        match self {
            Command::Piece(p) => p.text.clone(),
            Command::Stack(s) => s.text.clone(),
            Command::Other(t) => t.clone(),
        }
    }
}

/// Where a piece or stack is: a map's id and a position on it, or nowhere (`null`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub map: Option<String>,
    pub x: i64,
    pub y: i64,
}

impl Location {
    fn parse(tokens: &[String]) -> Location {
        let number = |i: usize| {
            tokens
                .get(i)
                .and_then(|t| t.parse::<i64>().ok())
                .unwrap_or(0)
        };
        Location {
            map: tokens.first().filter(|m| *m != "null").cloned(),
            x: number(1),
            y: number(2),
        }
    }
}

/// A piece of a saved game: its traits (outermost first, the BasicPiece last) with their states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedPiece {
    /// The piece's id in this game (stacks list their pieces by it).
    pub id: String,
    pub traits: Vec<Trait>,
    /// The add-piece command's text: as read, or as [`SavedPiece::new`] encoded it.
    text: String,
}

impl SavedPiece {
    pub fn new(id: &str, traits: Vec<Trait>) -> SavedPiece {
        let text = Piece {
            traits: traits.clone(),
        }
        .add_command(id);
        SavedPiece {
            id: id.to_string(),
            traits,
            text,
        }
    }

    /// The BasicPiece: the last trait ([`Command::parse`] admits no piece without one; a piece
    /// built with no traits at all reads as an empty one).
    pub fn basic(&self) -> &Trait {
        static NONE: Trait = Trait {
            type_: String::new(),
            state: String::new(),
        };
        self.traits.last().unwrap_or(&NONE)
    }

    /// The traits above the BasicPiece, outermost first.
    pub fn decorators(&self) -> &[Trait] {
        self.traits.split_last().map_or(&[], |(_, rest)| rest)
    }

    /// The BasicPiece's name (`piece;cloneKey;deleteKey;image;name`).
    pub fn name(&self) -> String {
        let fields = self.basic().type_.strip_prefix("piece;").unwrap_or("");
        field(fields, 3)
    }

    /// The id of the slot the piece was made from (`BasicPiece` state: `map;x;y;gpid;…`).
    pub fn gpid(&self) -> String {
        decode(&self.basic().state, ';')
            .get(3)
            .cloned()
            .unwrap_or_default()
    }

    pub fn location(&self) -> Location {
        Location::parse(&decode(&self.basic().state, ';'))
    }

    /// The piece's own properties a player changes in play: persistent properties, dynamic
    /// properties, layer levels and text labels, as (name, value).
    pub fn properties(&self) -> Vec<(String, String)> {
        let mut out = persistent_properties(&self.basic().state);
        for t in self.decorators() {
            out.extend(trait_properties(t));
        }
        out
    }
}

/// `BasicPiece` state after the gpid: a count, then that many key and value pairs.
fn persistent_properties(state: &str) -> Vec<(String, String)> {
    let tokens = decode(state, ';');
    let count: usize = tokens.get(4).and_then(|t| t.parse().ok()).unwrap_or(0);
    // The count is the save's word: pairs past the end of the state are not there (a 151-byte save
    // saying 50,000,000 made 50 million empty pairs, 57 s and 2.3 GB).
    let present = tokens.len().saturating_sub(5).div_ceil(2);
    (0..count.min(present))
        .map(|i| {
            let at = |j: usize| tokens.get(5 + 2 * i + j).cloned().unwrap_or_default();
            (at(0), at(1))
        })
        .collect()
}

/// What a trait holds for a player: a marker's values (`mark;k1,k2` with state `v1,v2`), a dynamic
/// property's value (`PROP;name;…`), a layer's level (`emb2;`, its name is field 18), a text
/// label's text (`label;`, its description is field 16).
fn trait_properties(t: &Trait) -> Vec<(String, String)> {
    let Some((id, fields)) = t.type_.split_once(';') else {
        return Vec::new();
    };
    let name = match id {
        "mark" => {
            let values = decode(&t.state, ',');
            return decode(fields, ',')
                .into_iter()
                .enumerate()
                .map(|(i, key)| (key, values.get(i).cloned().unwrap_or_default()))
                .collect();
        }
        "PROP" => field(fields, 0),
        "emb2" => match field(fields, 18) {
            name if name.is_empty() => "layer (unnamed)".to_string(),
            name => format!("layer {name}"),
        },
        "label" => format!("label {}", field(fields, 16)),
        _ => return Vec::new(),
    };
    vec![(name, t.state.clone())]
}

fn field(fields: &str, index: usize) -> String {
    decode(fields, ';').get(index).cloned().unwrap_or_default()
}

/// A stack of a saved game: where it is and its pieces, bottom first (`Stack.getState`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedStack {
    pub id: String,
    pub location: Location,
    pub members: Vec<String>,
    text: String,
}

impl SavedStack {
    /// The same stack on the map named `map` (its position, pieces and layer as they were).
    pub fn on_map(&self, map: &str) -> SavedStack {
        let state = decode_add_piece(&self.text)
            .ok()
            .and_then(|d| d.traits.into_iter().next())
            .map(|(_, state)| state)
            .unwrap_or_default();
        let mut tokens = decode(&state, ';');
        if let Some(first) = tokens.first_mut() {
            *first = map.to_string();
        }
        let state = crate::vassal::sequence_encoder::encode(&tokens, ';');
        let mut add = crate::vassal::sequence_encoder::SequenceEncoder::new('/');
        add.append(&self.id).append("stack").append(&state);
        let text = format!("+/{}", add.value());
        SavedStack::parse(&self.id, &state, &text)
    }

    fn parse(id: &str, state: &str, text: &str) -> SavedStack {
        let tokens = decode(state, ';');
        // After map, x and y come the piece ids; VASSAL 3.7 adds `@@layer` last.
        let members = tokens
            .iter()
            .skip(3)
            .filter(|t| !t.starts_with("@@"))
            .cloned()
            .collect();
        SavedStack {
            id: id.to_string(),
            location: Location::parse(&tokens),
            members,
            text: text.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vassal::traits::{basic_piece, marker};

    #[test]
    fn a_piece_reads_its_name_gpid_location_and_properties() {
        let mut basic = basic_piece("7th Panzer", "ger-7.png", "1234");
        basic.state = "Main Map;250;300;1234;1;Moved;true".into();
        let piece = SavedPiece::new("1700000000001", vec![marker(&[("Side", "German")]), basic]);
        let parsed = match Command::parse(&piece.text) {
            Command::Piece(p) => p,
            other => panic!("not a piece: {other:?}"),
        };
        assert_eq!(parsed.name(), "7th Panzer");
        assert_eq!(parsed.gpid(), "1234");
        assert_eq!(
            parsed.location(),
            Location {
                map: Some("Main Map".into()),
                x: 250,
                y: 300
            }
        );
        assert_eq!(
            parsed.properties(),
            [("Moved", "true"), ("Side", "German")].map(|(k, v)| (k.to_string(), v.to_string()))
        );
        assert_eq!(parsed, piece);
    }

    #[test]
    fn a_huge_property_count_reads_only_the_pairs_the_state_holds() {
        let state = "null;0;0;g;50000000;k;v";
        assert_eq!(
            persistent_properties(state),
            vec![("k".to_string(), "v".to_string())]
        );
        assert_eq!(
            persistent_properties("null;0;0;g;3;a"),
            vec![("a".into(), String::new())]
        );
    }

    #[test]
    fn a_stack_lists_its_pieces_without_the_layer_token() {
        let text = "+/1700/stack/Main Map;10;20;1700000000001;1700000000002;@@0";
        match Command::parse(text) {
            Command::Stack(s) => {
                assert_eq!(s.members, ["1700000000001", "1700000000002"]);
                assert_eq!(s.location.x, 10);
                assert_eq!(Command::Stack(s).encode(), text);
            }
            other => panic!("not a stack: {other:?}"),
        }
    }

    #[test]
    fn other_commands_are_kept_as_text() {
        for text in ["begin_save", "+/12/deck;...", "TURN0\t1"] {
            assert_eq!(Command::parse(text).encode(), text);
        }
    }
}
