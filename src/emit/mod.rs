//! Stage 4: the module's text files — buildFile.xml, moduledata and one saved game per scenario after
//! the first (whose setup is the module's own at-start stacks).
//!
//! The emitter assembles; what each rule concept adds (traits, global properties, buttons, pieces)
//! comes from that concept's `module.rs` (`src/concept/<concept>/module.rs`).

pub mod module;
pub mod prototypes;
pub mod tracker;
pub mod translation;

use crate::concept::game::{Game, Loaded, ScenarioFile};
use crate::concept::interface::ModuleParts;
use crate::concept::plan::{self, Plan};
use crate::concept::CONCEPTS;
use crate::vassal::sequence_encoder::SequenceEncoder;
use crate::vassal::traits::Piece;
use crate::vassal::xml::El;

/// Written into moduledata and the buildFile root: loads on every VASSAL 3.7.x (vassal-format.md §1.2).
pub const VASSAL_VERSION: &str = "3.7.0";

/// `dateSaved` is fixed so that builds are byte-for-byte reproducible (2025-01-01T00:00:00Z, in ms).
pub const DATE_SAVED_MS: u64 = 1_735_689_600_000;

/// moduledata (vassal-format.md §1.3): what the Module Manager and the module library read, with
/// the name and description in every other language the module carries a translation for.
pub fn moduledata(game: &Game, plan: &Plan, others: &[crate::i18n::Texts]) -> String {
    let g = &game.rules.game;
    let title = plan.ids.get("game.title");
    let variants = |key: &str, tag: &str| {
        others
            .iter()
            .map(|t| El::new(tag).attr("lang", &t.lang).text(t.get(key)))
            .collect::<Vec<_>>()
    };
    El::new("data")
        .attr("version", "1")
        .child(El::new("version").text(g.version.as_str()))
        .child(El::new("extra1"))
        .child(El::new("extra2"))
        .child(El::new("VassalVersion").text(VASSAL_VERSION))
        .child(El::new("dateSaved").text(DATE_SAVED_MS.to_string()))
        .child(El::new("description").text(plan.tx.get("game.description")))
        .children(variants("game.description", "description"))
        // The name a save records and VASSAL compares (the same in every language's module), then
        // the name in each language that words it otherwise, this module's own first.
        .child(El::new("name").text(&title))
        .children(
            std::iter::once(&plan.tx)
                .chain(others)
                .filter(|t| t.get("game.title") != title)
                .map(|t| {
                    El::new("name")
                        .attr("lang", &t.lang)
                        .text(t.get("game.title"))
                }),
        )
        .to_document()
}

/// savedata, a save's own metadata (`SaveMetaData`, written by `AbstractMetaData.save`): the module
/// version the game was saved with (`GameModule.getGameVersion`), the VASSAL version, and when; no
/// description, as VASSAL writes none unless the player is asked for a comment. Written beside
/// `savedGame` and a copy of the module's `moduledata` in every scenario save.
pub fn savedata(game: &Game) -> String {
    El::new("data")
        .attr("version", "1")
        .child(El::new("version").text(game.rules.game.version.as_str()))
        .child(El::new("VassalVersion").text(VASSAL_VERSION))
        .child(El::new("dateSaved").text(DATE_SAVED_MS.to_string()))
        .to_document()
}

/// The text of a saved game that sets a scenario up (before obfuscation; see vassal-format.md §1.5):
/// every piece with its prototypes expanded, one stack per occupied location, the boards, and
/// `SETUP_STACK` so VASSAL does not add the at-start stacks again.
pub fn scenario_save(game: &Game, plan: &Plan, scenario: &Loaded<ScenarioFile>) -> String {
    let parts = ModuleParts::of(game, plan, CONCEPTS);
    let book = prototypes::piece_book(&parts, plan);
    let lookup = |name: &str| {
        book.prototypes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, p)| p.clone())
    };
    let mut gpids = plan.gpids.clone();
    let mut commands = vec!["begin_save".to_string()];
    let mut stacks: Vec<(String, i32, i32, Vec<String>)> = Vec::new();
    let mut placements = Vec::new();
    for concept in CONCEPTS {
        concept.placements(game, plan, CONCEPTS, scenario, &mut gpids, &mut placements);
    }
    for (n, placed) in placements.into_iter().enumerate() {
        let id = format!("vmodc{}", n + 1);
        let (x, y) = (
            placed.origin.0 + placed.point.0,
            placed.origin.1 + placed.point.1,
        );
        let mut piece: Piece = placed.piece.expanded(&lookup);
        if let Some(basic) = piece.traits.last_mut() {
            let mut se = SequenceEncoder::new(';');
            se.append(&placed.map)
                .append(&x.to_string())
                .append(&y.to_string())
                .append(&placed.gpid)
                .append("0");
            basic.state = se.value();
        }
        commands.push(piece.add_command(&id));
        // Pieces that never stack (markers) are not put in a stack.
        let stacks_with_others = !piece.traits.iter().any(|t| t.type_.starts_with("immob;"));
        if stacks_with_others {
            match stacks
                .iter_mut()
                .find(|s| s.0 == placed.map && s.1 == x && s.2 == y)
            {
                Some(s) => s.3.push(id),
                None => stacks.push((placed.map.clone(), x, y, vec![id])),
            }
        }
    }
    for (n, (map, x, y, ids)) in stacks.iter().enumerate() {
        let mut se = SequenceEncoder::new(';');
        se.append(map).append(&x.to_string()).append(&y.to_string());
        for id in ids {
            se.append(id);
        }
        se.append("@@-1");
        let mut add = SequenceEncoder::new('/');
        add.append(&format!("vmodcstack{}", n + 1))
            .append("stack")
            .append(&se.value());
        commands.push(format!("+/{}", add.value()));
    }
    commands.push(module::board_setup(&plan.main_map, &plan.sheets));
    let track = plan::SheetBoard {
        name: plan::TRACK_BOARD.into(),
        image: plan::TRACK_IMAGE.into(),
        at: [0, 0],
    };
    commands.push(module::board_setup(&plan.track_map, &[track]));
    let tracker = tracker::TrackerLayout::of(game);
    commands.extend(tracker.command(tracker::TrackerLayout::start_of(game, scenario)));
    commands.extend(
        parts
            .scenario_values
            .iter()
            .filter(|v| v.scenario == scenario.scenario.id.as_str())
            .map(|v| global_property_command(&v.property, &v.value)),
    );
    commands.push("SETUP_STACK\t".to_string());
    commands.push("end_save".to_string());
    crate::vassal::vsav::command_join(&commands)
}

/// The command that sets a module-level global property (`GlobalProperty.encode`: its prefix, then
/// ';' the property's name, the new value and its container, the module).
fn global_property_command(name: &str, value: &str) -> String {
    let mut se = SequenceEncoder::starting_with("GlobalProperty\t", ';');
    se.append(name).append(value).append("Module");
    se.value()
}

/// The folder of a module that carries the game's rules data (VASSAL reads no entry it is not
/// told of, so the folder changes nothing in play).
pub const RULES_DATA_DIR: &str = "vmodc/";

/// The entry of [`RULES_DATA_DIR`] that names the game and the layout of the folder.
pub const RULES_DATA_MANIFEST: &str = "vmodc/game.toml";

/// The version of the folder's layout: a reader refuses a version it does not know.
pub const RULES_DATA_FORMAT: u32 = 1;

/// The module's copy of the game's data files (`vmodc/rules/<id>.toml`, …) and their manifest,
/// so that a player who has only the module can audit a game (`vmodc audit`).
pub fn rules_data(game: &Game) -> Vec<(String, Vec<u8>)> {
    let manifest = format!(
        "# The data this module was built from, read back by `vmodc audit`.\nformat = {RULES_DATA_FORMAT}\ngame = \"{}\"\n",
        game.id
    );
    let mut out = vec![(RULES_DATA_MANIFEST.to_string(), manifest.into_bytes())];
    out.extend(
        game.data_files
            .iter()
            .map(|(path, text)| (format!("{RULES_DATA_DIR}{path}"), text.clone().into_bytes())),
    );
    out
}
