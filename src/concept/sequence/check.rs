//! Checks of the turn and phase sequence: phases, their sides and announcements, dice (`[dice]` and
//! `[[other_dice]]`), turn labels.

use crate::concept::context::{duplicates, id_strs, ids, turn_in_range, Context, Seg};
use crate::concept::sequence::Announcement;
use crate::diag::Diagnostic;
use crate::model::keyword::Keyword;
use crate::model::Sp;

/// Run every check of this concept.
pub(crate) fn check(cx: &mut Context<'_>) {
    phases_dice_and_turn_labels(cx);
    turn_values(cx);
}

/// Turn values: unique ids, a declared side, turns that are turns of the game, announced in
/// declared phases.
fn turn_values(cx: &mut Context<'_>) {
    let g = cx.game;
    let r = &g.rules;
    let f = cx.rules_file();
    duplicates(cx, f, "turn value", ids(&r.turn_values, |v| &v.id));
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let phases = id_strs(&r.phases, |p| &p.id);
    for v in &r.turn_values {
        if let Some(side) = &v.side {
            cx.reference(f, side, "side", sides.iter().copied(), "[[sides]]");
        }
        for p in &v.announced_in {
            cx.reference(f, p, "phase", phases.iter().copied(), "[[phases]]");
        }
        for turn in v.turns.keys() {
            match turn.parse::<u32>() {
                Ok(n) => {
                    let at = Sp {
                        value: n,
                        span: turn.span.clone(),
                    };
                    turn_in_range(cx, f, &at, r.turns.count.value, "turn");
                }
                Err(_) => cx.push(
                    Diagnostic::error("V0304", format!("`{}` is not a turn number", turn.as_str()))
                        .at(f, turn.span.clone(), "expected a turn")
                        .help("key each value by its turn number: `turns = { 5 = 2 }`"),
                ),
            }
        }
    }
}

fn phases_dice_and_turn_labels(cx: &mut Context<'_>) {
    let g = cx.game;
    let r = &g.rules;
    let f = cx.rules_file();
    duplicates(cx, f, "phase", ids(&r.phases, |s| &s.id));
    let sides: Vec<&str> = cx.sides.iter().copied().collect();
    let where_sides = "[[sides]] of rules/*.toml";
    let weather = id_strs(&r.weather, |w| &w.id);
    for p in &r.phases {
        if let Some(side) = &p.side {
            cx.reference(f, side, "side", sides.iter().copied(), where_sides);
        }
        for w in &p.skipped_in {
            cx.reference(f, w, "weather", weather.iter().copied(), "[[weather]]");
        }
        if let Some(t) = &p.first_turn {
            turn_in_range(cx, f, t, r.turns.count.value, "first turn");
        }
        if let Some(moves) = &p.moves {
            for side in moves.sides.iter().chain(&moves.retreats) {
                cx.reference(f, side, "side", sides.iter().copied(), where_sides);
            }
            let types = id_strs(&g.counters.types, |t| &t.id);
            for t in &moves.unit_types {
                cx.reference(f, t, "unit type", types.iter().copied(), "[[types]]");
            }
        }
        for a in &p.announce {
            let known = cx.reference(
                f,
                a,
                "announcement",
                Announcement::words(),
                "vmodc's turn tracker",
            );
            if known && p.side.is_none() && a.as_str() != "weather" {
                cx.push(
                    Diagnostic::warning(
                        "V0118",
                        format!(
                            "phase `{}` announces {} but belongs to no side",
                            p.id.as_str(),
                            a.as_str()
                        ),
                    )
                    .at(f, a.span.clone(), "announced for nobody")
                    .rule_opt(p.rule.as_deref().map(|s| s.as_str()))
                    .help(format!(
                        "{} are announced for the phase's side; give the phase a `side` or remove the announcement",
                        a.as_str()
                    )),
                );
            }
        }
    }
    if !crate::concept::sequence::dice_usable(&r.dice) {
        let rule = r.dice.rule.as_deref().map(|s| s.as_str());
        unusable_dice(
            cx,
            &[Seg::Key("dice")],
            r.dice.count,
            r.dice.faces,
            0..0,
            rule,
        );
    }
    duplicates(cx, f, "die", ids(&r.other_dice, |d| &d.id));
    for (i, d) in r.other_dice.iter().enumerate() {
        if !crate::concept::sequence::rolls_usable(d.count, d.faces) {
            let rule = d.rule.as_deref().map(|s| s.as_str());
            let path = [Seg::Key("other_dice"), Seg::Index(i)];
            unusable_dice(cx, &path, d.count, d.faces, d.id.span.clone(), rule);
        }
    }
    let turns = r.turns.count.value;
    if !r.turns.labels.is_empty() && r.turns.labels.len() != turns as usize {
        let span = cx.span_of(
            f,
            &[Seg::Key("turns"), Seg::Key("labels")],
            r.turns.count.span.clone(),
        );
        cx.push(
            Diagnostic::error(
                "V0117",
                format!("{} turn labels for {turns} turns", r.turns.labels.len()),
            )
            .at(f, span, format!("expected {turns} labels"))
            .rule_opt(r.turns.rule.as_deref().map(|s| s.as_str()))
            .help("give one label per turn, in turn order, or none"),
        );
    }
}

/// V0104 for dice that cannot be rolled, at the `count` or `faces` key of the table at `path`.
fn unusable_dice(
    cx: &mut Context<'_>,
    path: &[Seg<'_>],
    count: u32,
    faces: u32,
    fallback: std::ops::Range<usize>,
    rule: Option<&str>,
) {
    let f = cx.rules_file();
    let (key, label) = if count == 0 {
        ("count", "no dice")
    } else if faces < 2 {
        ("faces", "a die needs two faces or more")
    } else if count > 1 {
        ("count", "more than 1000 possible rolls")
    } else {
        ("faces", "more than 1000 possible rolls")
    };
    let mut at = path.to_vec();
    at.push(Seg::Key(key));
    let span = cx.span_of(f, &at, fallback);
    let table = match path {
        [Seg::Key(k)] => format!("[{k}]"),
        [Seg::Key(k), ..] => format!("[[{k}]]"),
        _ => String::new(),
    };
    cx.push(
        Diagnostic::error(
            "V0104",
            "dice need at least one die of at least two faces, and at most 1000 possible rolls",
        )
        .at(f, span, label)
        .rule_opt(rule)
        .help(format!("write e.g. `{table} count = 1, faces = 6`")),
    );
}
