//! The texts of the turn sequence: further dice, modes, the turn's values, fixed-column fire, phases,
//! weather and turn labels, and the interface texts of the turn tracker, the phase announcements and
//! the turn track.

use crate::concept::game::Game;
use crate::i18n::{Entries, InterfaceText};

const INTERFACE: &[InterfaceText] = &[
    (
        "ui.turn_track",
        "Turn Track",
        "turn track window, its toolbar button and the heading of its board",
    ),
    ("ui.dice_tooltip", "Roll {dice}", "dice button"),
    ("ui.turn", "Turn", "turn tracker button and level"),
    ("ui.phase", "Phase", "turn tracker level"),
    (
        "ui.turn_from_start",
        "Turn {turn} from the start",
        "turn tracker level: the first turn, from the phase the game starts in",
    ),
    ("ui.turn_tooltip", "Turn and phase", "turn tracker button"),
    (
        "ui.turn_format",
        "Turn {turn} – {phase}",
        "turn tracker display",
    ),
    (
        "ui.report_phase",
        "Turn {turn}: {phase} — {allows}",
        "chat: phase announcement",
    ),
    (
        "ui.report_phase_skipped",
        "Turn {turn}: {phase} — not played this turn ({why}); go on to the next phase.",
        "chat: announcement of a phase skipped this turn",
    ),
    (
        "ui.track_turn_value",
        "{name}: {value}",
        "turn track box: a value printed for the turn",
    ),
    (
        "ui.report_turn_value",
        " {name}: {value}.",
        "chat: phase announcement of a turn value",
    ),
    (
        "ui.skip_in_weather",
        "none in {weather}",
        "chat: why a phase is skipped",
    ),
    (
        "ui.skip_before_turn",
        "first played on turn {turn}",
        "chat: why a phase is skipped",
    ),
    (
        "ui.report_replacements",
        " Replacement steps this turn: {steps}.",
        "chat: phase announcement",
    ),
    (
        "ui.report_reinforcement",
        " Reinforcement: {unit} arrives ({where}).",
        "chat: phase announcement",
    ),
    (
        "ui.report_weather",
        " Weather: {weather}.",
        "chat: phase announcement",
    ),
    (
        "ui.turn_box",
        "Turn {turn}",
        "turn track box and its location name",
    ),
    (
        "ui.track_replacements",
        "Replacements: {list}",
        "turn track box",
    ),
    (
        "ui.track_scenario_line",
        "{scenarios}: {line}",
        "turn track box and turn chart: a replacement or arrival of some scenarios only, with their names",
    ),
    ("ui.chart_turns", "Turn Record Track", "chart"),
];

/// Every interface text of the turn sequence.
pub(crate) fn interface_texts(out: &mut Entries) {
    out.add_interface(INTERFACE);
}

/// Further dice, modes, turn values, fixed-column fire, phases, weather and turn labels: what the
/// turn's announcements and the turn track name.
pub(crate) fn entries(game: &Game, out: &mut Entries) {
    let r = &game.rules;
    for d in &r.other_dice {
        out.add(
            format!("other_dice.{}", d.id.as_str()),
            &d.name,
            "dice button and its chat report",
        );
        out.add(
            format!("other_dice_used_for.{}", d.id.as_str()),
            &d.used_for,
            "dice button tooltip",
        );
    }
    out.add_each(
        "modes",
        &r.modes,
        |m| (m.id.as_str(), &m.name),
        "mode names: the Mode report",
    );
    out.add_each(
        "turn_values",
        &r.turn_values,
        |v| (v.id.as_str(), &v.name),
        "turn track boxes and phase announcements",
    );
    out.add_each(
        "fire",
        &r.combat.fire,
        |f| (f.id.as_str(), &f.name),
        "fire on a fixed column: its chat report",
    );
    for p in &r.phases {
        out.add(
            format!("phases.{}", p.id.as_str()),
            &p.name,
            "turn tracker, phase announcements",
        );
        out.add(
            format!("phase_allows.{}", p.id.as_str()),
            &p.allows,
            "phase announcements",
        );
    }
    out.add_each(
        "weather",
        &r.weather,
        |w| (w.id.as_str(), &w.name),
        "weather marker, turn track, announcements",
    );
    for (i, label) in r.turns.labels.iter().enumerate() {
        out.add(format!("turn_labels.{}", i + 1), label, "turn track dates");
    }
    out.add_interface(INTERFACE);
}
