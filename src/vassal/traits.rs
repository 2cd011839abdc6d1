//! Game pieces as VASSAL encodes them: a stack of traits (outermost first) over a BasicPiece, each with a
//! type string and a state string, joined with nested `SequenceEncoder`s.
//!
//! Each builder below writes its fields in the order of that trait's `myGetType()` in VASSAL 3.7.26
//! (`VASSAL/counters/*.java`), with the same nested encoders for lists and keys.

use crate::vassal::sequence_encoder::SequenceEncoder;

/// One trait: its type (`ID` + fields) and its state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trait {
    pub type_: String,
    pub state: String,
}

/// A piece definition: traits from outermost to innermost, the last being the BasicPiece.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    pub traits: Vec<Trait>,
}

/// A named key command: VASSAL allocates a private key code per name at run time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key<'a> {
    None,
    /// Key code and modifiers (Ctrl = 130 as VASSAL writes it).
    Stroke(u32, u32),
    Named(&'a str),
}

impl Key<'_> {
    /// `NamedHotKeyConfigurer.encode`: `code,mod[,name]`.
    pub fn encode(self) -> String {
        match self {
            Key::None => String::new(),
            Key::Stroke(code, mods) => format!("{code},{mods}"),
            Key::Named(name) => format!("0,0,{name}"),
        }
    }
}

/// Target of a counter-level global key command with no fast match (every piece, every map).
pub const COUNTER_TARGET: &str = "COUNTER|false|MAP|||||0|0||false|||EQUALS||";
/// Target of a module-level global key command with no fast match.
pub const MODULE_TARGET: &str = "MODULE|false|MAP|||||0|0||false|||EQUALS||";

/// Ctrl modifier mask as VASSAL writes it (old and new Java masks OR-ed).
pub const CTRL: u32 = 130;

fn fields(id: &str, values: &[&str]) -> String {
    let mut se = SequenceEncoder::new(';');
    for v in values {
        se.append(v);
    }
    format!("{id}{}", se.value())
}

/// `NamedKeyStrokeArrayConfigurer.encode`: keys joined by an escaped-comma encoder.
fn key_list(keys: &[Key<'_>]) -> String {
    let mut se = SequenceEncoder::new(',');
    for k in keys {
        se.append(&k.encode());
    }
    se.value()
}

/// `StringArrayConfigurer.arrayToString`.
fn string_list(items: &[&str]) -> String {
    let mut se = SequenceEncoder::new(',');
    for i in items {
        se.append(i);
    }
    se.value()
}

/// BasicPiece: `piece;cloneKey;deleteKey;image;name`, state `mapId;x;y;gpid;nProps`.
pub fn basic_piece(name: &str, image: &str, gpid: &str) -> Trait {
    Trait {
        type_: fields("piece;", &["", "", image, name]),
        state: fields("", &["null", "0", "0", gpid, "0"]),
    }
}

/// Marker (`mark;`): property names as a `,` list in the type, their values in the state.
pub fn marker(props: &[(&str, &str)]) -> Trait {
    let names: Vec<&str> = props.iter().map(|p| p.0).collect();
    let values: Vec<&str> = props.iter().map(|p| p.1).collect();
    Trait {
        type_: format!("mark;{}", string_list(&names)),
        state: string_list(&values),
    }
}

/// UsePrototype (`prototype;Name`): the definition's traits are expanded in its place.
pub fn prototype(name: &str) -> Trait {
    Trait {
        type_: format!("prototype;{name}"),
        state: String::new(),
    }
}

/// Report Action (`report;`): writes `format` to the chat after any of `keys` has run on the inner
/// traits (so `$newPieceName$` is the name after the change).
pub fn report(keys: &[Key<'_>], format: &str, description: &str) -> Trait {
    report_with(keys, format, description, false)
}

/// Report Action that, with `no_suppress`, also reports when fired by a global key command (GKCs
/// suppress single-piece reports by default).
pub fn report_with(keys: &[Key<'_>], format: &str, description: &str, no_suppress: bool) -> Trait {
    Trait {
        type_: fields(
            "report;",
            &[
                &key_list(keys),
                format,
                "",
                "",
                description,
                if no_suppress { "true" } else { "false" },
            ],
        ),
        state: "-1".to_string(),
    }
}

/// Trigger Action (`macro;`): when one of `watch` arrives and `condition` holds, fire `actions` in
/// order. Fields in `TriggerAction.myGetType()` order.
pub fn trigger(
    description: &str,
    condition: &str,
    watch: &[Key<'_>],
    actions: &[Key<'_>],
) -> Trait {
    trigger_full(description, "", Key::None, condition, watch, actions)
}

/// Trigger Action that performs `actions` again and again while `while_expr` holds, tested before
/// each round (`TriggerAction` loop of type `while`; VASSAL stops it after `LoopControl.LOOP_LIMIT`
/// = 500 rounds and reports an infinite loop).
pub fn trigger_while(
    description: &str,
    watch: &[Key<'_>],
    actions: &[Key<'_>],
    while_expr: &str,
) -> Trait {
    Trait {
        type_: fields(
            "macro;",
            &[
                description,
                "",
                "",
                "",
                &key_list(watch),
                &key_list(actions),
                "true",
                "",
                "",
                "while",
                while_expr,
                "",
                "1",
                "false",
                "",
                "1",
                "1",
            ],
        ),
        state: String::new(),
    }
}

fn trigger_full(
    description: &str,
    command: &str,
    key: Key<'_>,
    condition: &str,
    watch: &[Key<'_>],
    actions: &[Key<'_>],
) -> Trait {
    Trait {
        type_: fields(
            "macro;",
            &[
                description,
                command,
                &key.encode(),
                condition,
                &key_list(watch),
                &key_list(actions),
                "false", // loop
                "",
                "",
                "counted",
                "",
                "",
                "1",
                "false",
                "",
                "1",
                "1",
            ],
        ),
        state: String::new(),
    }
}

/// Replace With Other (`replace;`, a PlaceMarker): `key` swaps this piece for `marker`, placed at the
/// same position on top of the stack and selected; the piece itself is removed. The menu shows
/// `command` when it is not empty. Fields in `PlaceMarker.myGetType()` order (3.7.26, version 1):
/// command, key, markerSpec (the marker's `+/null/TYPE/STATE`), markerText (always `null`), x and y
/// offsets, matchRotation, afterBurnerKey, description, gpId (the marker's piece id), placement
/// (0 = top of stack), above, copyDPsByName, parameter list, version. No state.
pub fn replace_with(
    command: &str,
    key: Key<'_>,
    marker: &Piece,
    gpid: &str,
    description: &str,
) -> Trait {
    Trait {
        type_: fields(
            "replace;",
            &[
                command,
                &key.encode(),
                &marker.add_command("null"),
                "null",
                "0",
                "0",
                "false",
                "",
                description,
                gpid,
                "0",
                "false",
                "false",
                "",
                "1",
            ],
        ),
        state: String::new(),
    }
}

/// Trigger Action (`macro;`) with its own menu command: `key` (from the menu, or sent to the piece)
/// fires `actions` in order.
pub fn command_trigger(
    description: &str,
    command: &str,
    key: Key<'_>,
    actions: &[Key<'_>],
) -> Trait {
    trigger_full(description, command, key, "", &[], actions)
}

/// Clone (`clone;`, `Clone.myGetType`: command; key; description) with no menu item: `key` puts a
/// copy of the piece, in its current state, on the same spot.
pub fn clone_piece(key: Key<'_>, description: &str) -> Trait {
    Trait {
        type_: fields("clone;", &["", &key.encode(), description]),
        state: String::new(),
    }
}

/// Delete (`delete;`, `Delete.myGetType`: command; key; description) with no menu item.
pub fn delete_piece(key: Key<'_>, description: &str) -> Trait {
    Trait {
        type_: fields("delete;", &["", &key.encode(), description]),
        state: String::new(),
    }
}

/// Calculated Property (`calcProp;`).
pub fn calculated(name: &str, expression: &str, description: &str) -> Trait {
    Trait {
        type_: fields("calcProp;", &[name, expression, description]),
        state: String::new(),
    }
}

/// The `menu:key:changer` list of a Dynamic Property or Set Global Property, each changer setting a
/// plain value (`P,value`; the value may be a `{…}` expression or contain `$…$`).
fn property_commands(commands: &[(&str, Key<'_>, &str)]) -> String {
    let mut list = SequenceEncoder::new(',');
    for (menu, key, value) in commands {
        let mut changer = SequenceEncoder::new(',');
        changer.append("P").append(value);
        let mut item = SequenceEncoder::new(':');
        item.append(menu)
            .append(&key.encode())
            .append(&changer.value());
        list.append(&item.value());
    }
    list.value()
}

/// Dynamic Property (`PROP;`), a text property of the piece, initially empty.
pub fn dynamic_property(
    name: &str,
    commands: &[(&str, Key<'_>, &str)],
    description: &str,
) -> Trait {
    property_trait(
        name,
        "false,0,100,false",
        commands,
        description,
        String::new(),
    )
}

/// Dynamic Property (`PROP;`, `DynamicProperty.myGetType`: name; constraints; commands;
/// description) with its value as the state.
fn property_trait(
    name: &str,
    constraints: &str,
    commands: &[(&str, Key<'_>, &str)],
    description: &str,
    value: String,
) -> Trait {
    Trait {
        type_: fields(
            "PROP;",
            &[name, constraints, &property_commands(commands), description],
        ),
        state: value,
    }
}

/// Dynamic Property (`PROP;`) holding a whole number from `min` to `max`, starting at `initial`
/// (the constraint field is `numeric,min,max,wrap`; the state is the value).
pub fn counter_property(
    name: &str,
    initial: i64,
    (min, max): (i64, i64),
    commands: &[(&str, Key<'_>, &str)],
    description: &str,
) -> Trait {
    property_trait(
        name,
        &format!("true,{min},{max},false"),
        commands,
        description,
        initial.to_string(),
    )
}

/// Set Global Property (`setprop;`) on the nearest zone, map or module property of that name.
pub fn set_global_property(
    name: &str,
    commands: &[(&str, Key<'_>, &str)],
    description: &str,
) -> Trait {
    Trait {
        type_: fields(
            "setprop;",
            &[
                name,
                "false,0,100,false",
                &property_commands(commands),
                description,
                "Current Zone/Current Map/Module",
                "",
            ],
        ),
        state: String::new(),
    }
}

/// Global Key Command trait (`globalkey;`): on `key`, send `sent` to every piece matching `filter`.
pub fn global_key(key: Key<'_>, sent: Key<'_>, filter: &str, description: &str) -> Trait {
    let (key, sent) = (key.encode(), sent.encode());
    Trait {
        type_: fields(
            "globalkey;",
            &[
                "",
                &key,
                &sent,
                filter,
                "false",
                "1",
                "true",
                "true",
                "",
                description,
                "-1",
                COUNTER_TARGET,
                "false",
                "",
            ],
        ),
        state: String::new(),
    }
}

/// A Layer (`emb2;`) that shows one image per level and steps through them with one key.
#[derive(Debug, Clone)]
pub struct Layer<'a> {
    pub name: &'a str,
    pub description: &'a str,
    /// Menu text of the command that steps to the next level.
    pub step_command: &'a str,
    pub step_key: Key<'a>,
    /// Image per level.
    pub images: Vec<String>,
    /// Name change per level: `""` keeps the name, `"+ (reduced)"` appends.
    pub level_names: Vec<String>,
    /// 1-based level shown (state).
    pub level: usize,
    /// Show the level given by this (numeric) property instead of stepping with a key.
    pub follow: Option<&'a str>,
    /// A command that sets one level and stays there (VASSAL's reset command); with it, stepping
    /// does not loop from the last level back to the first.
    pub reset: Option<LayerReset<'a>>,
    /// A key (no menu item) that steps one level back.
    pub down_key: Key<'a>,
}

/// The reset command of a [`Layer`]: its menu text, key and the 1-based level it shows.
#[derive(Debug, Clone)]
pub struct LayerReset<'a> {
    pub command: String,
    pub key: Key<'a>,
    pub level: usize,
}

/// Layer (`emb2;`), version 1, always active; fields in `Embellishment.myGetType()` order.
pub fn layer(l: &Layer<'_>) -> Trait {
    let images: Vec<&str> = l.images.iter().map(String::as_str).collect();
    let names: Vec<&str> = l.level_names.iter().map(String::as_str).collect();
    let step_key = l.step_key.encode();
    let (reset_command, reset_key, reset_level) = match &l.reset {
        Some(r) => (r.command.as_str(), r.key.encode(), r.level.to_string()),
        None => ("", String::new(), "1".to_string()),
    };
    let type_ = fields(
        "emb2;",
        &[
            "",             // activateCommand
            "130",          // activateModifiers (legacy; as the editor writes it)
            "",             // activateKey (legacy)
            l.step_command, // upCommand
            "130",          // upModifiers (legacy)
            "",             // upKey (legacy)
            "",             // downCommand
            "130",          // downModifiers (legacy)
            "",             // downKey
            reset_command,  // resetCommand
            &reset_key,     // resetKey
            &reset_level,   // resetLevel
            "false",        // drawUnderneathWhenSelected
            "0",            // xOff
            "0",            // yOff
            &string_list(&images),
            &string_list(&names),
            // loop: the last level steps back to the first (not past a reset that reveals)
            if l.reset.is_some() { "false" } else { "true" },
            l.name,
            "", // randomKey
            "", // randomText
            if l.follow.is_some() { "true" } else { "false" },
            l.follow.unwrap_or(""),
            "1",    // firstLevelValue
            "1",    // version: 0 would select the legacy Embellishment0 decoder
            "true", // alwaysActive
            "",     // activateKey (named)
            &step_key,
            &l.down_key.encode(), // decreaseKey
            l.description,
            "1.0", // scale
            "",    // onlyPropertyName
            "true",
        ],
    );
    Trait {
        type_,
        state: l.level.to_string(),
    }
}

/// Restrict Commands (`hideCmd;`, `RestrictCommands.myGetType`: name; action; expression; keys):
/// while `expression` holds (always, when empty), the watched keys do nothing and their menu items
/// are hidden.
pub fn restrict(description: &str, expression: &str, keys: &[Key<'_>]) -> Trait {
    Trait {
        type_: fields(
            "hideCmd;",
            &[description, "Hide", expression, &key_list(keys)],
        ),
        state: String::new(),
    }
}

/// Return To Deck (`return;`, version 2): sends the piece to the draw pile named `deck`
/// (`ReturnToDeck.myGetType`: command; key; deckId; prompt; description; version; deckSelect;
/// deckExpression). It has no state.
pub fn return_to_deck(command: &str, key: Key<'_>, deck: &str, description: &str) -> Trait {
    let key = key.encode();
    Trait {
        type_: fields(
            "return;",
            &[command, &key, "", "", description, "2", "false", deck],
        ),
        state: String::new(),
    }
}

/// Send To Location (`sendto;`) to a region of another map.
pub fn send_to_region(command: &str, key: Key<'_>, map: &str, board: &str, region: &str) -> Trait {
    let key = key.encode();
    Trait {
        type_: fields(
            "sendto;",
            &[
                command, &key, map, board, "0", "0", "", "", "0", "0", "1", "1", command, "R", "",
                region, "", "",
            ],
        ),
        state: String::new(),
    }
}

/// `Deck.NO_USER`: the owner of a piece masked to everybody (VASSAL's face-down deck cards).
pub const MASKED_TO_ALL: &str = "nobody";

/// Who may see a masked piece (`PieceAccessConfigurer.encode`): only players of the listed sides
/// (`SpecifiedSideAccess`), written `sides:` + the sides joined by a `:` SequenceEncoder (a `:` inside
/// a side name is escaped `\:`, which `PieceAccessConfigurer.decode` reads back with a `:` Decoder).
pub fn sides_access(sides: &[&str]) -> String {
    let mut se = SequenceEncoder::new(':');
    for s in sides {
        se.append(s);
    }
    format!("sides:{}", se.value())
}

/// A Mask (`obs;`, `Obscurable.myGetType`: keyCommand; imageName; hideCommand; displayStyle;
/// maskName; access; peekCommand; description; autoPeekRollover; dealKey; dealExpression).
#[derive(Debug, Clone)]
pub struct Mask<'a> {
    /// The image players without access see.
    pub image: &'a str,
    /// The name players without access see.
    pub masked_name: &'a str,
    /// `sides_access(...)`.
    pub access: String,
    /// The key that hands the piece to the side `deal_to` evaluates to (`Obscurable` "deal": it
    /// works on a piece masked to all, or by a player who sees it).
    pub deal_key: Key<'a>,
    pub deal_to: &'a str,
    /// The initial owner (state): [`MASKED_TO_ALL`], a side, or `None` for unmasked.
    pub owner: Option<&'a str>,
    pub description: &'a str,
}

/// Mask (`obs;`) with no menu command: its hide key is a named key nothing sends (an empty key
/// would fall back to Ctrl+obscureKey), the inset display style (`I`: the owner sees the piece with
/// the mask image inset), no peek. State: `owner;options` (`Obscurable.myGetState`).
pub fn mask(m: &Mask<'_>) -> Trait {
    let (hide_key, deal_key) = (Key::Named("NeverUnmask").encode(), m.deal_key.encode());
    let type_ = fields(
        "obs;",
        &[
            &hide_key,
            m.image,
            "",
            "I",
            m.masked_name,
            &m.access,
            "",
            m.description,
            "false",
            &deal_key,
            m.deal_to,
        ],
    );
    let mut state = SequenceEncoder::new(';');
    state.append(m.owner.unwrap_or("null")).append("");
    Trait {
        type_,
        state: state.value(),
    }
}

/// Mask (`obs;`) its holder toggles with `command` on `key`: empty access (`PlayerAccess`: the
/// player who masked it sees it), the inset display style, no peek, no deal. Unmasked at first
/// (state `null;`): a face-down VASSAL Deck masks what it draws itself (`Deck.pieceRemoved` sets
/// `OBSCURED_TO_OTHERS`), and draws its top card with `OBSCURED_BY` set, so the pile shows `image`.
pub fn holder_mask(
    key: Key<'_>,
    image: &str,
    command: &str,
    masked_name: &str,
    description: &str,
) -> Trait {
    Trait {
        type_: fields(
            "obs;",
            &[
                &key.encode(),
                image,
                command,
                "I",
                masked_name,
                "",
                "",
                description,
                "false",
                "",
                "",
            ],
        ),
        state: "null;".to_string(),
    }
}

/// Movement Trail (`footprint;`, `Footprint.myGetType` of 3.7.26): a toggle `key` with its menu
/// `command`, shown from the first move (`initiallyVisible`), each player's own view
/// (`globallyVisible` false), VASSAL's default circle, colours, transparencies and buffers, and
/// `clear_key` to empty the trail. 3.8.0-beta1 reads one more type field (`ignoreSameLocation`,
/// default false) and one more state field, both optional, so the 3.7 form loads in both. State:
/// `Footprint.myGetState` of a piece that never moved (`false;;0;false`).
pub fn footprint(key: Key<'_>, command: &str, clear_key: Key<'_>, description: &str) -> Trait {
    Trait {
        type_: fields(
            "footprint;",
            &[
                &key.encode(),
                command,
                "true",
                "false",
                "10",
                "255,255,255",
                "0,0,0",
                "100",
                "50",
                "20",
                "30",
                "1.0",
                "",
                "",
                &clear_key.encode(),
                description,
            ],
        ),
        state: "false;;0;false".to_string(),
    }
}

/// Does Not Stack (`immob;`): selectable normally, never stacks; `movable = false` pins it in place.
pub fn does_not_stack(movable: bool) -> Trait {
    Trait {
        type_: format!("immob;;{};", if movable { "N" } else { "V" }),
        state: String::new(),
    }
}

impl Piece {
    /// Nested TAB encoding of types (outermost first), as `Decorator.getType()` builds it.
    pub fn type_string(&self) -> String {
        nest(self.traits.iter().map(|t| t.type_.as_str()).collect())
    }

    pub fn state_string(&self) -> String {
        nest(self.traits.iter().map(|t| t.state.as_str()).collect())
    }

    /// `+/id/TYPE/STATE`, the text of a PieceSlot or an add-piece command in a save.
    pub fn add_command(&self, id: &str) -> String {
        let mut se = SequenceEncoder::new('/');
        se.append(id)
            .append(&self.type_string())
            .append(&self.state_string());
        format!("+/{}", se.value())
    }

    /// Replace every `prototype;Name` trait with the prototype's own traits (what VASSAL does when a
    /// piece leaves a palette), so a saved game carries the whole piece.
    ///
    /// A downloaded module may hold a prototype that names itself, or prototypes that each name the
    /// next one twice: a prototype already being expanded is not expanded again (the cycle is cut),
    /// and the piece stops growing at [`MAX_EXPANDED_TRAITS`] traits.
    pub fn expanded(&self, lookup: &dyn Fn(&str) -> Option<Piece>) -> Piece {
        let mut out = Vec::new();
        let mut open = Vec::new();
        self.expand_into(lookup, &mut open, &mut out);
        Piece { traits: out }
    }

    fn expand_into(
        &self,
        lookup: &dyn Fn(&str) -> Option<Piece>,
        open: &mut Vec<String>,
        out: &mut Vec<Trait>,
    ) {
        let n = self.traits.len();
        for (i, t) in self.traits.iter().enumerate() {
            // The cap holds inside prototypes: the piece's own traits (its BasicPiece) always stay.
            if !open.is_empty() && out.len() >= MAX_EXPANDED_TRAITS {
                return;
            }
            // Inside a prototype, its own BasicPiece is dropped: only its decorators apply.
            if !open.is_empty() && i + 1 == n {
                break;
            }
            match t.type_.strip_prefix("prototype;") {
                Some(name)
                    if open.len() < MAX_PROTOTYPE_DEPTH && !open.iter().any(|o| o == name) =>
                {
                    if let Some(p) = lookup(name) {
                        open.push(name.to_string());
                        p.expand_into(lookup, open, out);
                        open.pop();
                    }
                }
                Some(_) => {}
                None => out.push(t.clone()),
            }
        }
    }
}

/// The most traits a piece expanded from prototypes has (real pieces have under a hundred).
pub const MAX_EXPANDED_TRAITS: usize = 10_000;
/// How deep prototypes may name prototypes.
pub const MAX_PROTOTYPE_DEPTH: usize = 64;

/// `SequenceEncoder(first, '\t').append(rest)` recursively: inner levels are escaped once more per depth.
fn nest(parts: Vec<&str>) -> String {
    // Built from the innermost part outwards, which is the same as the recursion.
    let mut parts = parts.into_iter().rev();
    let mut inner = parts.next().unwrap_or_default().to_string();
    for outer in parts {
        let mut se = SequenceEncoder::new('\t');
        se.append(outer).append(&inner);
        inner = se.into_value();
    }
    inner
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vassal::sequence_encoder::SequenceDecoder;

    /// `PieceAccessConfigurer.decode` as VASSAL 3.7.26 reads the access field: `sides:` then a `:`
    /// Decoder over the rest; anything else is not a side list.
    fn decode_sides(access: &str) -> Option<Vec<String>> {
        let rest = access.strip_prefix("sides:")?;
        let mut d = SequenceDecoder::new(rest, ':');
        let mut out = Vec::new();
        while d.has_more_tokens() {
            out.extend(d.next_token());
        }
        Some(out)
    }

    /// A card's mask, read back in `Obscurable.mySetType` order: keyCommand (a named key), imageName,
    /// hideCommand, displayStyle, maskName, access (empty: `PieceAccessConfigurer.decode` gives
    /// `PlayerAccess`), peekCommand, description, autoPeekRollover, dealKey, dealExpression.
    #[test]
    fn a_holder_mask_decodes_as_vassal_reads_it() {
        let m = holder_mask(
            Key::Named("ShowOrHideCard"),
            "card-back-german.png",
            "Show / hide",
            "German logistics cards",
            "Card back",
        );
        assert_eq!(
            m.type_,
            "obs;0,0,ShowOrHideCard;card-back-german.png;Show / hide;I;German logistics cards;;;Card back;false;;"
        );
        assert_eq!(m.state, "null;");
        let mut d = SequenceDecoder::new(m.type_.strip_prefix("obs;").unwrap_or(""), ';');
        let tokens: Vec<String> = std::iter::from_fn(|| d.next_token()).collect();
        assert_eq!(tokens.len(), 11);
        assert_eq!(tokens[2], "Show / hide");
        assert_eq!(tokens[5], "");
    }

    /// A movement trail, read back in `Footprint.mySetType` order (3.7.26): 16 fields, the keys as
    /// `NamedHotKeyConfigurer` writes them (Ctrl+T as `84,130`, a named key as `0,0,name`).
    #[test]
    fn a_footprint_decodes_as_vassal_reads_it() {
        let f = footprint(
            Key::Stroke(84, CTRL),
            "Movement trail",
            Key::Named("ClearTrail"),
            "Movement trail",
        );
        assert_eq!(
            f.type_,
            "footprint;84,130;Movement trail;true;false;10;255,255,255;0,0,0;100;50;20;30;1.0;;;0,0,ClearTrail;Movement trail"
        );
        // `Footprint.mySetState`: visibility, start map, point count, everInitialized.
        assert_eq!(f.state, "false;;0;false");
        let mut d = SequenceDecoder::new(f.type_.strip_prefix("footprint;").unwrap_or(""), ';');
        let tokens: Vec<String> = std::iter::from_fn(|| d.next_token()).collect();
        assert_eq!(tokens.len(), 16);
        assert_eq!(tokens[14], "0,0,ClearTrail");
    }

    /// A mask only the German side sees through, as VASSAL's `Obscurable.myGetType` writes it, and
    /// its access field read back the way `Obscurable.mySetType` reads it (the 6th `;` token).
    #[test]
    fn a_mask_for_one_side_decodes_as_vassal_reads_it() {
        let m = mask(&Mask {
            image: "marker-soviet-morale.png",
            masked_name: "Soviet morale chit",
            access: sides_access(&["German"]),
            deal_key: Key::Named("DealMoraleChit"),
            deal_to: "German",
            owner: Some(MASKED_TO_ALL),
            description: "Morale chit, face down",
        });
        assert_eq!(
            m.type_,
            "obs;0,0,NeverUnmask;marker-soviet-morale.png;;I;Soviet morale chit;sides:German;;Morale chit, face down;false;0,0,DealMoraleChit;German"
        );
        assert_eq!(m.state, "nobody;");
        let mut d = SequenceDecoder::new(m.type_.strip_prefix("obs;").unwrap_or(""), ';');
        let tokens: Vec<String> = std::iter::from_fn(|| d.next_token()).collect();
        assert_eq!(tokens[5], "sides:German");
        assert_eq!(decode_sides(&tokens[5]), Some(vec!["German".to_string()]));
        assert_eq!(tokens[10], "German");
        // A side name with the list's delimiter survives: escaped `\:` inside, unescaped on reading.
        let odd = sides_access(&["Side: A", "ドイツ軍"]);
        assert_eq!(odd, r"sides:Side\: A:ドイツ軍");
        assert_eq!(
            decode_sides(&odd),
            Some(vec!["Side: A".to_string(), "ドイツ軍".to_string()])
        );
    }

    /// The worked example of vassal-format.md §3.4, verified there with VASSAL 3.7.26's own encoder.
    #[test]
    fn reproduces_the_verified_worked_example() {
        let flip = report(
            &[Key::Stroke(70, CTRL)],
            "$oldPieceName$ flipped to $newPieceName$ in $location$",
            "Report flip",
        );
        assert_eq!(
            flip.type_,
            "report;70\\,130;$oldPieceName$ flipped to $newPieceName$ in $location$;;;Report flip;false"
        );
        let piece = Piece {
            traits: vec![
                flip,
                Trait {
                    type_: "emb2;;130;;Flip;130;;;130;;;;1;false;0;0;ger_1inf_f.png,ger_1inf_r.png;,+ (reduced);true;Step;;;false;;1;1;true;;70,130;;Full/reduced side;1.0;;true".into(),
                    state: "1".into(),
                },
                marker(&[("Side", "German")]),
                basic_piece("1st Infantry Div", "", "7"),
            ],
        };
        assert_eq!(
            piece.add_command("null"),
            "+/null/report;70\\,130;$oldPieceName$ flipped to $newPieceName$ in $location$;;;Report flip;false\temb2;;130;;Flip;130;;;130;;;;1;false;0;0;ger_1inf_f.png,ger_1inf_r.png;,+ (reduced);true;Step;;;false;;1;1;true;;70,130;;Full\\/reduced side;1.0;;true\\\tmark;Side\\\\\tpiece;;;;1st Infantry Div/-1\t1\\\tGerman\\\\\tnull;0;0;7;0"
        );
    }

    #[test]
    fn layer_has_33_fields_and_version_1() {
        let t = layer(&Layer {
            name: "Step",
            description: "Step",
            step_command: "Flip",
            step_key: Key::Stroke(70, CTRL),
            images: vec!["a.png".into(), "b.png".into()],
            level_names: vec!["".into(), "+ (reduced)".into()],
            level: 2,
            follow: None,
            reset: None,
            down_key: Key::None,
        });
        let body = t.type_.strip_prefix("emb2;").unwrap();
        let mut d = crate::vassal::sequence_encoder::SequenceDecoder::new(body, ';');
        let mut n = 0;
        let mut values = Vec::new();
        while d.has_more_tokens() {
            values.push(d.next_token().unwrap_or_default());
            n += 1;
        }
        assert_eq!(n, 33);
        assert_eq!(values[24], "1");
        assert_eq!(values[15], "a.png,b.png");
        assert_eq!(values[27], "70,130");
        assert_eq!(t.state, "2");
    }

    /// `replace;` as `PlaceMarker.myGetType()` writes it (3.7.26, version 1), with the marker piece as
    /// the `+/null/TYPE/STATE` that `GameModule.encode(new AddPiece(piece))` gives in the editor.
    #[test]
    fn replace_with_encodes_the_marker_as_an_add_piece_command() {
        let kg = Piece {
            traits: vec![
                prototype("Unit"),
                marker(&[("Side", "german")]),
                basic_piece("Pz KG", "kg.png", "1234"),
            ],
        };
        let t = replace_with(
            "",
            Key::Named("ReplaceSwap"),
            &kg,
            "1234",
            "Swap in the replacement counter",
        );
        assert_eq!(
            t.type_,
            "replace;;0,0,ReplaceSwap;+/null/prototype\\;Unit\tmark\\;Side\\\tpiece\\;\\;\\;kg.png\\;Pz KG/\tgerman\\\tnull\\;0\\;0\\;1234\\;0;null;0;0;false;;Swap in the replacement counter;1234;0;false;false;;1"
        );
        assert_eq!(t.state, "");
        let body = t.type_.strip_prefix("replace;").unwrap();
        let fields = crate::vassal::sequence_encoder::decode(body, ';');
        assert_eq!(fields.len(), 15);
        assert_eq!(fields[2], kg.add_command("null"));
        assert_eq!(
            kg.add_command("null"),
            "+/null/prototype;Unit\tmark;Side\\\tpiece;;;kg.png;Pz KG/\tgerman\\\tnull;0;0;1234;0"
        );
    }

    #[test]
    fn command_trigger_has_its_menu_command_and_key() {
        let t = command_trigger(
            "d",
            "Replace",
            Key::Stroke(75, CTRL),
            &[Key::Named("A"), Key::Named("B")],
        );
        assert_eq!(
            t.type_,
            "macro;d;Replace;75,130;;;0\\,0\\,A,0\\,0\\,B;false;;;counted;;;1;false;;1;1"
        );
    }

    #[test]
    fn prototypes_expand_in_place() {
        let proto = Piece {
            traits: vec![marker(&[("Side", "German")]), basic_piece("", "", "")],
        };
        let p = Piece {
            traits: vec![prototype("German"), basic_piece("X", "", "1")],
        };
        let e = p.expanded(&|n| (n == "German").then(|| proto.clone()));
        assert_eq!(e.traits.len(), 2);
        assert!(e.traits[0].type_.starts_with("mark;"));
        assert_eq!(e.traits[0].state, "German");
    }

    #[test]
    fn hostile_prototypes_neither_recurse_forever_nor_explode() {
        // A prototype naming itself: expanded once, the cycle cut.
        let selfish = Piece {
            traits: vec![
                marker(&[("Side", "A")]),
                prototype("Loop"),
                basic_piece("", "", ""),
            ],
        };
        let p = Piece {
            traits: vec![prototype("Loop"), basic_piece("X", "", "1")],
        };
        let e = p.expanded(&|n| (n == "Loop").then(|| selfish.clone()));
        assert_eq!(e.traits.len(), 2);
        // P0 names P1 twice, P1 names P2 twice, …: 2^40 traits unbounded, capped here.
        let doubling = |n: &str| {
            let level: u32 = n.strip_prefix('P')?.parse().ok()?;
            let mut traits = vec![marker(&[("L", "x")])];
            if level < 40 {
                let next = format!("P{}", level + 1);
                traits.push(prototype(&next));
                traits.push(prototype(&next));
            }
            traits.push(basic_piece("", "", ""));
            Some(Piece { traits })
        };
        let p = Piece {
            traits: vec![prototype("P0"), basic_piece("X", "", "1")],
        };
        let e = p.expanded(&doubling);
        assert_eq!(e.traits.len(), MAX_EXPANDED_TRAITS + 1);
    }
}
