//! Stage 4: the module's text files — buildFile.xml, moduledata and one saved game per scenario after
//! the first (whose setup is the module's own at-start stacks).

pub mod module;
pub mod pieces;
pub mod plan;
pub mod xml;

use crate::model::{Game, Loaded, ScenarioFile};
use crate::vassal::sequence_encoder::SequenceEncoder;
use pieces::Piece;
use plan::Plan;
use xml::El;

/// Written into moduledata and the buildFile root: loads on every VASSAL 3.7.x (vassal-format.md §1.2).
pub const VASSAL_VERSION: &str = "3.7.0";

/// `dateSaved` is fixed so that builds are byte-for-byte reproducible (2025-01-01T00:00:00Z, in ms).
pub const DATE_SAVED_MS: u64 = 1_735_689_600_000;

/// moduledata (vassal-format.md §1.3): what the Module Manager and the module library read.
pub fn moduledata(game: &Game) -> String {
    let g = &game.rules.game;
    El::new("data")
        .attr("version", "1")
        .child(El::new("version").text(g.version.as_str()))
        .child(El::new("extra1"))
        .child(El::new("extra2"))
        .child(El::new("VassalVersion").text(VASSAL_VERSION))
        .child(El::new("dateSaved").text(DATE_SAVED_MS.to_string()))
        .child(El::new("description").text(&g.description))
        .child(El::new("name").text(g.title.as_str()))
        .to_document()
}

/// The text of a saved game that sets a scenario up (before obfuscation; see vassal-format.md §1.5):
/// every piece with its prototypes expanded, one stack per occupied location, the boards, and
/// `SETUP_STACK` so VASSAL does not add the at-start stacks again.
pub fn scenario_save(game: &Game, plan: &Plan, scenario: &Loaded<ScenarioFile>) -> String {
    let eff = game.effective(scenario);
    let book = module::piece_book(game, plan);
    let lookup = |name: &str| {
        book.prototypes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, p)| p.clone())
    };
    let mut gpids = module::Gpids::default();
    let mut commands = vec!["begin_save".to_string()];
    let mut stacks: Vec<(String, i32, i32, Vec<String>)> = Vec::new();
    let mut next_id = 1u32;
    let mut place = |map: &str, x: i32, y: i32, piece: Piece, commands: &mut Vec<String>| {
        let id = format!("vmodc{next_id}");
        next_id += 1;
        let mut piece = piece.expanded(&lookup);
        if let Some(basic) = piece.traits.last_mut() {
            let gpid = basic.state.split(';').nth(3).unwrap_or("").to_string();
            let mut se = SequenceEncoder::new(';');
            se.append(map)
                .append(&x.to_string())
                .append(&y.to_string())
                .append(&gpid)
                .append("0");
            basic.state = se.value();
        }
        commands.push(piece.add_command(&id));
        match stacks
            .iter_mut()
            .find(|s| s.0 == map && s.1 == x && s.2 == y)
        {
            Some(s) => s.3.push(id),
            None => stacks.push((map.to_string(), x, y, vec![id])),
        }
    };
    // The at-start stacks of the module use the first scenario's gpids; a save uses its own.
    let key = |unit: &str| format!("setup:{}:{unit}", scenario.scenario.id.as_str());
    for p in eff.setup.1 {
        let Some(hex) = game.map.grid.parse(&p.hex) else {
            continue;
        };
        let gpid = gpids.get(&key(&p.unit));
        if let Some(piece) = module::unit_piece(game, plan, &p.unit, &p.face, &gpid) {
            let (x, y) = module::snapped_centre(plan, hex);
            place(plan::MAIN_MAP, x, y, piece, &mut commands);
        }
    }
    let off_board: Vec<(&str, &str, String)> = eff
        .off_map
        .1
        .iter()
        .map(|o| (o.unit.as_str(), o.face.as_str(), o.box_name.clone()))
        .chain(eff.reinforcements.1.iter().map(|r| {
            (
                r.unit.as_str(),
                r.face.as_str(),
                plan::turn_region(r.turn.value),
            )
        }))
        .collect();
    for (unit, face, region) in off_board {
        let Some(b) = plan.track.boxes.iter().find(|b| b.region == region) else {
            continue;
        };
        let gpid = gpids.get(&key(unit));
        if let Some(piece) = module::unit_piece(game, plan, unit, face, &gpid) {
            let (x, y) = b.centre();
            place(plan::TRACK_MAP, x as i32, y as i32, piece, &mut commands);
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
    for (map, board) in [
        (plan::MAIN_MAP, plan::MAIN_BOARD),
        (plan::TRACK_MAP, plan::TRACK_BOARD),
    ] {
        commands.push(format!("{map}BoardPicker\t{board}\t0\t0"));
    }
    commands.push("SETUP_STACK\t".to_string());
    commands.push("end_save".to_string());
    crate::vassal::vsav::command_join(&commands)
}
