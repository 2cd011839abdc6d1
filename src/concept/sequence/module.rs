//! What the turn sequence adds to the module: the dice buttons, and the announcement the turn tracker
//! writes at each phase.

use crate::concept::game::{Game, Phase};
use crate::concept::module::{props, template};
use crate::concept::plan::Plan;
use crate::concept::sequence::TurnValue;
use crate::concept::weather::module::weather_expr;
use crate::concept::setup::effective::Effective;
use crate::vassal::expression::{and, bin, concat, cond, eq, int, prop, s, Expr, Op};
use crate::vassal::xml::El;

/// The phase announcement written by the turn tracker.
pub fn phase_report(game: &Game, plan: &Plan) -> Expr {
    let tx = &plan.tx;
    let rules = &game.rules;
    // Whose schedule is announced: the first scenario's, or each scenario's under its name when the
    // scenarios schedule different arrivals (the `Scenario` property says which is played).
    let schedules: Vec<(Option<&str>, Effective<'_>)> = if game.schedules_differ() {
        game.scenarios
            .iter()
            .map(|s| (Some(s.scenario.id.as_str()), game.effective(s)))
            .collect()
    } else {
        game.scenarios
            .first()
            .map(|s| (None, game.effective(s)))
            .into_iter()
            .collect()
    };
    // A phase the data does not know (cannot happen with the module's own list): say its name.
    let mut e = prop(props::PHASE);
    for phase in rules.phases.iter().rev() {
        let name = tx.get(&format!("phases.{}", phase.id.as_str()));
        let mut parts = vec![template(
            tx,
            "ui.report_phase",
            &[
                ("turn", prop(props::TURN)),
                ("phase", s(&name)),
                (
                    "allows",
                    s(&tx.get(&format!("phase_allows.{}", phase.id.as_str()))),
                ),
            ],
        )];
        for what in &phase.announce {
            match (what.as_str(), &phase.side) {
                ("replacements", Some(side)) if !schedules.is_empty() => {
                    let steps = by_scenario(&schedules, |eff| replacement_steps(eff, side.as_str()));
                    parts.push(template(tx, "ui.report_replacements", &[("steps", steps)]));
                }
                ("reinforcements", Some(side)) => {
                    for (scenario, eff) in &schedules {
                        parts.extend(arrival_reports(game, tx, eff, side.as_str(), *scenario));
                    }
                }
                ("weather", _) => {
                    let mut names = s("");
                    for w in rules.weather.iter().rev() {
                        let wname = tx.get(&format!("weather.{}", w.id.as_str()));
                        names = cond(eq(weather_expr(game), s(&w.id)), s(&wname), names);
                    }
                    parts.push(template(tx, "ui.report_weather", &[("weather", names)]));
                }
                _ => {}
            }
        }
        let matched = plan.phase_names_from.as_ref().map_or(name.clone(), |t| {
            t.get(&format!("phases.{}", phase.id.as_str()))
        });
        parts.extend(turn_value_announcements(game, plan, phase));
        let announcement = skip_or(game, plan, phase, &name, concat(parts));
        e = cond(eq(prop(props::PHASE), s(&matched)), announcement, e);
    }
    e
}

/// `each` of every scenario's schedule, the one of the scenario played (`Scenario`); the one
/// schedule as it is when the scenarios share it.
fn by_scenario(schedules: &[(Option<&str>, Effective<'_>)], each: impl Fn(&Effective<'_>) -> Expr) -> Expr {
    let mut out = s("0");
    for (scenario, eff) in schedules.iter().rev() {
        out = match scenario {
            Some(id) => cond(eq(prop(props::SCENARIO), s(id)), each(eff), out),
            None => each(eff),
        };
    }
    out
}

/// The replacement steps `side` receives on the current turn.
fn replacement_steps(eff: &Effective<'_>, side: &str) -> Expr {
    let mut steps = s("0");
    for r in eff.replacements.1.iter().rev() {
        let n = r.steps.get(side).map_or(0, |n| n.value);
        steps = cond(
            eq(prop(props::TURN), int(i64::from(r.turn.value))),
            s(&n.to_string()),
            steps,
        );
    }
    steps
}

/// The arrivals of `side`'s units the schedule announces, each on its turn (and in its scenario).
fn arrival_reports(
    game: &Game,
    tx: &crate::i18n::Texts,
    eff: &Effective<'_>,
    side: &str,
    scenario: Option<&str>,
) -> Vec<Expr> {
    let mut out = Vec::new();
    for r in eff.reinforcements.1 {
        let of_side = game
            .counters
            .units
            .iter()
            .any(|u| u.id.as_str() == r.unit.as_str() && u.side.as_str() == side);
        if !of_side {
            continue;
        }
        let text = tx.fill(
            "ui.report_reinforcement",
            &[
                ("unit", &tx.get(&format!("units.{}", r.unit.as_str()))),
                ("where", &tx.get(&format!("arrivals.{}", r.unit.as_str()))),
            ],
        );
        let on_turn = eq(prop(props::TURN), int(i64::from(r.turn.value)));
        let when = match scenario {
            Some(id) => and(eq(prop(props::SCENARIO), s(id)), on_turn),
            None => on_turn,
        };
        out.push(cond(when, s(&text), s("")));
    }
    out
}

/// The turn value `v` on the current turn (`Turn`), as the turn box prints it.
pub fn turn_value_expr(v: &TurnValue) -> Expr {
    let unknown = if v.complete { s("0") } else { s("?") };
    v.turns
        .iter()
        .rev()
        .fold(unknown, |rest, (turn, n)| match turn.parse::<i64>() {
            Ok(t) => cond(eq(prop(props::TURN), int(t)), s(&n.value.to_string()), rest),
            Err(_) => rest,
        })
}

/// What `phase` announces of the turn values that name it.
fn turn_value_announcements(game: &Game, plan: &Plan, phase: &Phase) -> Vec<Expr> {
    game.rules
        .turn_values
        .iter()
        .filter(|v| {
            v.announced_in
                .iter()
                .any(|p| p.as_str() == phase.id.as_str())
        })
        .map(|v| {
            let name = plan.tx.get(&format!("turn_values.{}", v.id.as_str()));
            template(
                &plan.tx,
                "ui.report_turn_value",
                &[("name", s(&name)), ("value", turn_value_expr(v))],
            )
        })
        .collect()
}

/// `played`, unless the phase is skipped this turn (skip.rs): then the announcement says so and why.
fn skip_or(game: &Game, plan: &Plan, phase: &Phase, name: &str, played: Expr) -> Expr {
    let tx = &plan.tx;
    let skipped = |why: Expr| {
        template(
            tx,
            "ui.report_phase_skipped",
            &[
                ("turn", prop(props::TURN)),
                ("phase", s(name)),
                ("why", why),
            ],
        )
    };
    let mut e = played;
    for w in phase.skipped_in.iter().rev() {
        let weather = tx.get(&format!("weather.{}", w.as_str()));
        let why = template(tx, "ui.skip_in_weather", &[("weather", s(&weather))]);
        e = cond(eq(weather_expr(game), s(w)), skipped(why), e);
    }
    if let Some(first) = &phase.first_turn {
        let turn = int(i64::from(first.value));
        let why = template(tx, "ui.skip_before_turn", &[("turn", turn.clone())]);
        e = cond(bin(Op::Lt, prop(props::TURN), turn), skipped(why), e);
    }
    e
}

/// The dice buttons: the combat dice of `[dice]`, then one per `[[other_dice]]`, in data order.
pub fn dice_buttons(game: &Game, plan: &Plan) -> Vec<El> {
    let tx = &plan.tx;
    let dice = &game.rules.dice;
    let dice_name = combat_dice_name(game);
    let tooltip = tx.fill("ui.dice_tooltip", &[("dice", &dice_name)]);
    let mut out = vec![dice_button(
        &dice_name,
        dice.count,
        dice.faces,
        &tooltip,
        DICE_REPORT,
    )];
    for d in &game.rules.other_dice {
        let name = tx.get(&format!("other_dice.{}", d.id.as_str()));
        let tooltip = tx.get(&format!("other_dice_used_for.{}", d.id.as_str()));
        out.push(dice_button(&name, d.count, d.faces, &tooltip, DICE_REPORT));
    }
    out
}

/// The chat line of a plain dice button: its name and the total.
const DICE_REPORT: &str = "** $name$ = $result$ *** $playerName$";

/// The name of the button that rolls the combat dice of `[dice]` (`1d6`, `2d6`).
pub fn combat_dice_name(game: &Game) -> String {
    let dice = &game.rules.dice;
    format!("{}d{}", dice.count, dice.faces)
}

/// The total a chat line reports for the dice button `name`, as [`DICE_REPORT`] writes it (VASSAL
/// puts a `*` before a button's report: `*** 1d6 = 4 *** Anna`); `None` for any other line.
pub fn dice_roll_reported(line: &str, name: &str) -> Option<u32> {
    let rest = line.trim_start_matches('*').trim_start();
    let total = rest.strip_prefix(name)?.trim_start().strip_prefix('=')?;
    let (total, _player) = total.split_once("***")?;
    total.trim().parse().ok()
}

/// A VASSAL dice button rolling `count` dice of `faces` faces, writing `report` (a VASSAL message
/// format, `$result$` the total) in the chat.
pub fn dice_button(name: &str, count: u32, faces: u32, tooltip: &str, report: &str) -> El {
    El::new("VASSAL.build.module.DiceButton")
        .attr("addToTotal", "0")
        .attr("hotkey", "")
        .attr("icon", "")
        .attr("keepCount", "1")
        .attr("keepDice", "false")
        .attr("keepOption", ">")
        .attr("lockAdd", "false")
        .attr("lockDice", "false")
        .attr("lockPlus", "false")
        .attr("lockSides", "false")
        .attr("nDice", count)
        .attr("nSides", faces)
        .attr("name", name)
        .attr("plus", "0")
        .attr("prompt", "false")
        .attr("reportFormat", report)
        .attr("reportTotal", "false")
        .attr("sortDice", "false")
        .attr("text", name)
        .attr("tooltip", tooltip)
}

#[cfg(test)]
mod tests {
    use super::dice_roll_reported;

    #[test]
    fn a_dice_buttons_report_gives_its_total_and_nothing_else_does() {
        assert_eq!(dice_roll_reported("*** 1d6 = 4 *** Anna", "1d6"), Some(4));
        assert_eq!(dice_roll_reported("** 2d6 = 11 *** Bo", "2d6"), Some(11));
        assert_eq!(dice_roll_reported("*** 1d10 = 4 *** Anna", "1d6"), None);
        assert_eq!(dice_roll_reported("* 13th Army = 4 — Anna", "1d6"), None);
        assert_eq!(dice_roll_reported("*** 1d6 = x *** Anna", "1d6"), None);
    }
}
