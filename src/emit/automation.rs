//! Rule automation generated from the rules data into VASSAL's own machinery (vassal-format.md §4):
//! global properties that describe the map, calculated properties on units, post-move checks on the
//! map's move key, combat marking and resolution, phase announcements and a victory check.
//!
//! VASSAL cannot veto a drag, so checks advise: they write to the chat in red (`~`) and cite the rule.
//! Every expression is built as an [`Expr`] so tests can evaluate exactly what the module computes.

use super::plan::Plan;
use crate::concept::combat::odds::parse_odds;
use crate::i18n::{Segment, Texts};
use crate::model::{Game, Unit};
use crate::vassal::expression::{
    add, and, any, bin, concat, cond, contains, eq, int, prop, s, Expr, Op,
};
use crate::vassal::traits::{self as pieces, Key, Trait};

/// Named keys the automation uses (VASSAL allocates a key code per name).
pub mod keys {
    pub const MOVED: &str = "MovedOnMap";
    pub const OVERSTACKED: &str = "Overstacked";
    pub const WEATHER_MOVE: &str = "WeatherMoveLimit";
    pub const MARK_ATTACKER: &str = "MarkAttacker";
    pub const MARK_DEFENDER: &str = "MarkDefender";
    pub const CLEAR_COMBAT: &str = "ClearCombat";
    pub const RESOLVE: &str = "ResolveCombat";
    pub const ROLL: &str = "RollCombatDie";
    pub const REPORT_COMBAT: &str = "ReportCombat";
    pub const CLEAR_ALL: &str = "ClearAllCombat";
    pub const CHECK_VICTORY: &str = "CheckVictory";
}

/// Property names shared by the generated traits.
pub mod props {
    pub const STACK_POINTS: &str = "StackPoints";
    pub const COMBAT_ROLE: &str = "CombatRole";
    pub const ATTACKER_NAMES: &str = "AttackerNames";
    pub const DEFENDER_HEX: &str = "DefenderHex";
    pub const COMBAT_ROLL: &str = "CombatRoll";
    pub const ATTACK_SCALED: &str = "AttackScaled";
    pub const TERRAIN: &str = "Terrain";
    pub const CITY: &str = "City";
    pub const WEATHER: &str = "WeatherNow";
    pub const CONTROL_HEX: &str = "ControlHex";
    pub const CONTROL_LEVEL: &str = "Control_Level";
    pub const TURN: &str = "Turn";
    pub const PHASE: &str = "Phase";
}

pub fn hexes_property(terrain: &str) -> String {
    format!("Hexes_{terrain}")
}
pub fn city_property(kind: &str) -> String {
    format!("Cities_{kind}")
}
pub fn hexsides_property(feature: &str) -> String {
    format!("Hexsides_{feature}")
}
pub fn across_property(feature: &str) -> String {
    format!("Across_{feature}")
}

/// A module-level global property.
#[derive(Debug, Clone, PartialEq)]
pub struct Global {
    pub name: String,
    pub initial: String,
    pub description: String,
}

/// `,a,b,c,`: a list that `contains(",x,")` can search.
fn list(items: impl IntoIterator<Item = String>) -> String {
    let mut out = String::from(",");
    for i in items {
        out.push_str(&i);
        out.push(',');
    }
    out
}

/// Global properties describing the map, so a piece can read the terrain under it.
pub fn globals(game: &Game) -> Vec<Global> {
    let grid = &game.map.grid;
    let mut out = Vec::new();
    for (terrain, hexes) in &game.map.terrain.hexes {
        out.push(Global {
            name: hexes_property(terrain),
            initial: list(hexes.iter().map(|h| h.value.clone())),
            description: format!("Hexes of terrain {terrain}"),
        });
    }
    for kind in &game.rules.city_kinds {
        out.push(Global {
            name: city_property(&kind.id),
            initial: list(
                game.map
                    .cities
                    .iter()
                    .filter(|c| c.kind.as_str() == kind.id.as_str())
                    .map(|c| c.hex.value.clone()),
            ),
            description: format!("Cities of kind {}", kind.id.as_str()),
        });
    }
    for feature in &game.rules.hexside_features {
        let mut pairs = Vec::new();
        for set in game
            .map
            .hexsides
            .iter()
            .filter(|s| s.feature.as_str() == feature.id.as_str())
        {
            for p in &set.pairs {
                let [a, b] = &p.value;
                if let (Some(a), Some(b)) = (grid.parse(a), grid.parse(b)) {
                    pairs.push(format!("{}-{}", grid.label(a), grid.label(b)));
                    pairs.push(format!("{}-{}", grid.label(b), grid.label(a)));
                }
            }
        }
        out.push(Global {
            name: hexsides_property(&feature.id),
            initial: list(pairs),
            description: format!("Hexsides with {} (both directions)", feature.name),
        });
    }
    out.push(Global {
        name: props::ATTACKER_NAMES.into(),
        initial: String::new(),
        description: "Units marked to attack".into(),
    });
    out.push(Global {
        name: props::DEFENDER_HEX.into(),
        initial: String::new(),
        description: "Hex of the unit marked to defend".into(),
    });
    out
}

/// `","+LocationName+","`
fn here() -> Expr {
    concat(vec![s(","), prop("LocationName"), s(",")])
}

/// The terrain id under the piece.
pub fn terrain_expr(game: &Game) -> Expr {
    let mut e = s(&game.map.terrain.default);
    for terrain in game.map.terrain.hexes.keys().rev() {
        e = cond(
            contains(prop(&hexes_property(terrain)), here()),
            s(terrain),
            e,
        );
    }
    e
}

/// The city kind under the piece, or `""`.
pub fn city_expr(game: &Game) -> Expr {
    let mut e = s("");
    for kind in game.rules.city_kinds.iter().rev() {
        e = cond(
            contains(prop(&city_property(&kind.id)), here()),
            s(&kind.id),
            e,
        );
    }
    e
}

/// The weather id of the current turn (global property `Turn`).
pub fn weather_expr(game: &Game) -> Expr {
    let rules = &game.rules;
    let default = rules
        .weather
        .iter()
        .find(|w| w.default)
        .map_or("", |w| w.id.as_str());
    let mut e = s(default);
    for w in rules.weather.iter().filter(|w| !w.default).rev() {
        let turns: Vec<Expr> = w
            .turns
            .iter()
            .map(|t| eq(prop(props::TURN), int(i64::from(t.value))))
            .collect();
        e = cond(any(turns), s(&w.id), e);
    }
    e
}

/// The common multiple of attack-modifier denominators that keep fractions: attack strengths are
/// summed in these units so halves stay whole numbers (VASSAL's arithmetic is integer).
pub fn attack_scale(game: &Game) -> i64 {
    let mut scale = 1i64;
    for m in &game.rules.combat.attack_modifiers {
        if m.keep_fractions && m.denominator > 0 {
            let d = i64::from(m.denominator);
            scale = scale * d / gcd(scale, d);
        }
    }
    scale
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.abs().max(1)
    } else {
        gcd(b, a % b)
    }
}

/// A unit's attack strength in scaled units, with the attack modifiers that apply now.
pub fn attack_scaled_expr(game: &Game) -> Expr {
    let scale = attack_scale(game);
    let base = bin(Op::Mul, prop("Strength"), int(scale));
    let mut e = base;
    for m in game.rules.combat.attack_modifiers.iter().rev() {
        let mut conditions = Vec::new();
        if let Some(w) = &m.weather {
            conditions.push(eq(prop(props::WEATHER), s(w)));
        }
        if !m.unit_types.is_empty() {
            conditions.push(any(m
                .unit_types
                .iter()
                .map(|t| eq(prop("Type"), s(t)))
                .collect()));
        }
        let applies = conditions
            .into_iter()
            .reduce(and)
            .unwrap_or(eq(int(1), int(1)));
        let (num, den) = (i64::from(m.numerator), i64::from(m.denominator.max(1)));
        let modified = if m.keep_fractions {
            bin(
                Op::Div,
                bin(Op::Mul, prop("Strength"), int(scale * num)),
                int(den),
            )
        } else {
            bin(
                Op::Mul,
                bin(Op::Div, bin(Op::Mul, prop("Strength"), int(num)), int(den)),
                int(scale),
            )
        };
        e = cond(applies, modified, e);
    }
    e
}

/// The value of a printed number on the unit's current face (`Step_Level` picks the face).
pub fn face_value_expr(game: &Game, unit: &Unit, value_index: usize) -> Expr {
    let faces = game.counters.faces_of(unit);
    // A value the sources do not give (`?`) stays the text "?": sums skip it.
    let value_of = |face: &str| match unit
        .faces
        .get(face)
        .and_then(|v| crate::model::parse_value_slots(v))
        .and_then(|v| v.get(value_index).copied())
    {
        Some(Some(n)) => int(i64::from(n)),
        _ => s("?"),
    };
    let mut e = faces.first().map_or(s("?"), |f| value_of(f));
    for (i, face) in faces.iter().enumerate().skip(1).rev() {
        e = cond(eq(prop("Step_Level"), int(i as i64 + 1)), value_of(face), e);
    }
    e
}

/// Property name of a printed value (`strength` → `Strength`).
pub fn value_property(name: &str) -> String {
    let mut c = name.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// One declared battle, resolved on the defending unit in steps: each step stores one value in a
/// property of the defender (VASSAL evaluates a calculated property on every read, so a single
/// expression would repeat every `Sum` many times over).
pub struct CombatExprs {
    /// `(property, expression)` in evaluation order: roll, attack total, raw column, shift, final
    /// column, result.
    pub steps: Vec<(&'static str, Expr)>,
    /// The chat line, from the step properties.
    pub report: Expr,
}

pub mod steps {
    pub const ATTACK: &str = "CombatAttack";
    pub const RAW: &str = "CombatRawColumn";
    pub const SHIFT: &str = "CombatShift";
    pub const FINAL: &str = "CombatFinalColumn";
    pub const RESULT: &str = "CombatResult";
}

/// A catalog text as an expression: literal parts as strings, `{name}` placeholders as the given
/// expressions (an unknown placeholder stays as written).
pub fn template(tx: &Texts, key: &str, vars: &[(&str, Expr)]) -> Expr {
    concat(
        std::iter::once(s(""))
            .chain(tx.segments(key).into_iter().map(|seg| {
                match seg {
                    Segment::Text(t) => s(&t),
                    Segment::Var(v) => vars
                        .iter()
                        .find(|(k, _)| *k == v)
                        .map_or_else(|| s(&format!("{{{v}}}")), |(_, e)| e.clone()),
                }
            }))
            .collect(),
    )
}

fn is_attacker() -> Expr {
    eq(prop(props::COMBAT_ROLE), s("attacker"))
}

/// The die roll expression of the game's dice.
pub fn roll_expr(game: &Game) -> Expr {
    let faces = i64::from(game.rules.dice.faces);
    (0..game.rules.dice.count.max(1))
        .map(|_| Expr::Random(faces))
        .reduce(add)
        .unwrap_or(int(0))
}

/// Build the combat steps from the rules data.
pub fn combat(game: &Game, tx: &Texts) -> CombatExprs {
    let combat = &game.rules.combat;
    let scale = attack_scale(game);
    let attack = prop(steps::ATTACK);
    let defence = prop("Strength");
    let columns: Vec<(u32, u32)> = combat
        .columns
        .iter()
        .filter_map(|c| parse_odds(c))
        .collect();
    let n = columns.len() as i64;
    // attack / defence >= a / d  <=>  attack * d >= defence * scale * a
    let reached: Vec<Expr> = columns
        .iter()
        .map(|(a, d)| {
            cond(
                bin(
                    Op::Ge,
                    bin(Op::Mul, attack.clone(), int(i64::from(*d))),
                    bin(Op::Mul, defence.clone(), int(scale * i64::from(*a))),
                ),
                int(1),
                int(0),
            )
        })
        .collect();
    let raw_column = reached.into_iter().reduce(add).unwrap_or(int(0));
    let cap_index = parse_odds(&combat.cap)
        .and_then(|cap| columns.iter().position(|c| *c == cap))
        .map_or(n, |i| i as i64 + 1);
    let capped = Expr::Min(Box::new(prop(steps::RAW)), Box::new(int(cap_index)));
    let mut shift_terms = Vec::new();
    let mut shift_texts = Vec::new();
    for sh in &combat.shifts {
        let applies = shift_condition(sh);
        shift_terms.push(cond(applies.clone(), int(i64::from(sh.shift)), int(0)));
        let sign = if sh.shift < 0 { "−" } else { "+" };
        let text = tx.fill(
            "ui.report_shift",
            &[
                ("shift", &tx.get(&format!("shifts.{}", sh.id.as_str()))),
                ("value", &format!("{sign}{}", sh.shift.abs())),
            ],
        );
        shift_texts.push(cond(applies, s(&text), s("")));
    }
    let shift = shift_terms.into_iter().reduce(add).unwrap_or(int(0));
    let final_column = Expr::Min(
        Box::new(add(capped.clone(), prop(steps::SHIFT))),
        Box::new(int(n)),
    );
    let below = tx.fill(
        "ui.below_column",
        &[("column", combat.columns.first().map_or("", |c| c.as_str()))],
    );
    let label = |index: Expr| {
        let mut e = s(&below);
        for (i, c) in combat.columns.iter().enumerate().rev() {
            e = cond(eq(index.clone(), int(i as i64 + 1)), s(c), e);
        }
        e
    };
    // CRT lookup: one branch per roll, one per column.
    let fin = prop(steps::FINAL);
    let mut lookup = s("?");
    for (roll, row) in combat.table.iter().rev() {
        let Ok(r) = roll.parse::<i64>() else { continue };
        let mut by_column = s("?");
        for (i, code) in row.iter().enumerate().rev() {
            by_column = cond(eq(fin.clone(), int(i as i64 + 1)), s(code), by_column);
        }
        lookup = cond(eq(prop(props::COMBAT_ROLL), int(r)), by_column, lookup);
    }
    let result = cond(
        bin(Op::Lt, fin.clone(), int(1)),
        s(&tx.get("combat.below_table")),
        lookup,
    );
    let attack_text = if scale == 1 {
        add(s(""), attack.clone())
    } else {
        cond(
            eq(bin(Op::Rem, attack.clone(), int(scale)), int(0)),
            add(s(""), bin(Op::Div, attack.clone(), int(scale))),
            concat(vec![
                s(""),
                bin(Op::Div, attack.clone(), int(scale)),
                s("."),
                bin(
                    Op::Rem,
                    bin(Op::Div, bin(Op::Mul, attack.clone(), int(10)), int(scale)),
                    int(10),
                ),
            ]),
        )
    };
    let capped_note = cond(
        bin(Op::Gt, prop(steps::RAW), int(cap_index)),
        s(&tx.fill(
            "ui.report_capped",
            &[(
                "rule",
                combat.cap_rule.as_deref().map_or("", |r| r.as_str()),
            )],
        )),
        s(""),
    );
    let report = template(
        tx,
        "ui.report_combat",
        &[
            ("attackers", prop(props::ATTACKER_NAMES)),
            ("defender", prop("BasicName")),
            ("attack", attack_text),
            ("defence", defence),
            ("odds", label(capped)),
            ("capped", capped_note),
            (
                "shifts",
                concat(std::iter::once(s("")).chain(shift_texts).collect()),
            ),
            ("final", label(fin)),
            ("roll", prop(props::COMBAT_ROLL)),
            ("result", prop(steps::RESULT)),
            ("rule", s(combat.rule.as_deref().map_or("", |r| r.as_str()))),
        ],
    );
    CombatExprs {
        steps: vec![
            (props::COMBAT_ROLL, roll_expr(game)),
            (
                steps::ATTACK,
                Expr::Sum(props::ATTACK_SCALED.into(), Box::new(is_attacker())),
            ),
            (steps::RAW, raw_column),
            (steps::SHIFT, shift),
            (steps::FINAL, final_column),
            (steps::RESULT, result),
        ],
        report,
    }
}

/// The condition of a column shift, evaluated on the defender. Every condition the data gives must
/// hold (the same reading as `concept::combat::shifts::applies`).
fn shift_condition(sh: &crate::model::ColumnShift) -> Expr {
    let mut terms = Vec::new();
    if let Some(t) = &sh.defender_terrain {
        terms.push(eq(prop(props::TERRAIN), s(t)));
    }
    if let Some(c) = &sh.defender_city {
        terms.push(eq(prop(props::CITY), s(c)));
    }
    if let Some(side) = &sh.defender_side {
        terms.push(eq(prop("Side"), s(side)));
    }
    let attackers_where = |extra: Expr| Expr::Count(Box::new(and(is_attacker(), extra)));
    if let Some(side) = &sh.attacker_side {
        terms.push(bin(
            Op::Gt,
            attackers_where(eq(prop("Side"), s(side))),
            int(0),
        ));
    }
    if !sh.attacker_types.is_empty() {
        let of_type = any(sh
            .attacker_types
            .iter()
            .map(|t| eq(prop("Type"), s(t)))
            .collect());
        terms.push(bin(Op::Gt, attackers_where(of_type), int(0)));
    }
    if !sh.weather.is_empty() {
        terms.push(any(sh
            .weather
            .iter()
            .map(|w| eq(prop(props::WEATHER), s(w)))
            .collect()));
    }
    if !sh.not_weather.is_empty() {
        terms.push(Expr::Not(Box::new(any(sh
            .not_weather
            .iter()
            .map(|w| eq(prop(props::WEATHER), s(w)))
            .collect()))));
    }
    if let Some(f) = &sh.all_attackers_across {
        // Some attacker, and no attacker that is not across the feature.
        let attackers = Expr::Count(Box::new(is_attacker()));
        let not_across = attackers_where(eq(prop(&across_property(f)), int(0)));
        terms.push(and(bin(Op::Gt, attackers, int(0)), eq(not_across, int(0))));
    }
    terms.into_iter().reduce(and).unwrap_or(eq(int(1), int(1)))
}

fn named(name: &str) -> Key<'_> {
    Key::Named(name)
}

/// Traits of the common unit prototype that implement the automation (outermost first).
pub fn unit_traits(game: &Game, plan: &Plan) -> Vec<Trait> {
    let rules = &game.rules;
    let tx = &plan.tx;
    let mut out = Vec::new();
    let combat = combat(game, tx);
    let step_keys: Vec<String> = combat
        .steps
        .iter()
        .map(|(p, _)| format!("Set{p}"))
        .collect();

    // Combat: resolution on the defender, fired by the module's Resolve button.
    let mut actions: Vec<Key<'_>> = step_keys.iter().map(|k| named(k)).collect();
    actions.push(named(keys::REPORT_COMBAT));
    actions.push(named(keys::CLEAR_ALL));
    out.push(pieces::trigger(
        "Resolve combat",
        &eq(prop(props::COMBAT_ROLE), s("defender")).to_beanshell(),
        &[named(keys::RESOLVE)],
        &actions,
    ));
    out.push(pieces::report_with(
        &[named(keys::REPORT_COMBAT)],
        &combat.report.to_beanshell(),
        "Combat result",
        true,
    ));
    out.push(pieces::global_key(
        named(keys::CLEAR_ALL),
        named(keys::CLEAR_COMBAT),
        &bin(Op::Ne, prop(props::COMBAT_ROLE), s("")).to_beanshell(),
        "Clear every combat mark",
    ));
    for ((name, e), key) in combat.steps.iter().zip(&step_keys) {
        out.push(pieces::dynamic_property(
            name,
            &[("", named(key), &e.to_beanshell())],
            "Combat step",
        ));
    }
    // Marks: which units attack, which one defends.
    out.push(pieces::report(
        &[named(keys::MARK_ATTACKER)],
        &tx.fill("ui.report_attacker", &[("piece", "$PieceName$")]),
        "Report attacker",
    ));
    out.push(pieces::report(
        &[named(keys::MARK_DEFENDER)],
        &tx.fill(
            "ui.report_defender",
            &[("piece", "$PieceName$"), ("location", "$LocationName$")],
        ),
        "Report defender",
    ));
    out.push(pieces::set_global_property(
        props::ATTACKER_NAMES,
        &[
            (
                "",
                named(keys::MARK_ATTACKER),
                &cond(
                    eq(prop(props::ATTACKER_NAMES), s("")),
                    prop("BasicName"),
                    concat(vec![
                        prop(props::ATTACKER_NAMES),
                        s(" + "),
                        prop("BasicName"),
                    ]),
                )
                .to_beanshell(),
            ),
            ("", named(keys::CLEAR_COMBAT), ""),
        ],
        "Names of the attacking units",
    ));
    out.push(pieces::set_global_property(
        props::DEFENDER_HEX,
        &[
            ("", named(keys::MARK_DEFENDER), "$LocationName$"),
            ("", named(keys::CLEAR_COMBAT), ""),
        ],
        "Hex of the defending unit",
    ));
    out.push(pieces::dynamic_property(
        props::COMBAT_ROLE,
        &[
            (&tx.get("ui.attack"), named(keys::MARK_ATTACKER), "attacker"),
            (&tx.get("ui.defend"), named(keys::MARK_DEFENDER), "defender"),
            (&tx.get("ui.clear_mark"), named(keys::CLEAR_COMBAT), ""),
        ],
        "Role in the declared battle",
    ));

    // Post-move checks on the map's move key: the general limit, or one limit per side (with a
    // per-branch limit where the rules give one). Only the main map counts: off-map areas are exempt.
    let stacking = &rules.stacking;
    let main_map = eq(prop("CurrentMap"), s(&plan.main_map));
    let mut limits: Vec<(Option<&str>, u32, Option<u32>, String)> = stacking
        .limits
        .iter()
        .map(|l| {
            let rule = l
                .rule
                .as_deref()
                .or(stacking.rule.as_deref())
                .map_or("", |r| r.as_str());
            (
                Some(l.side.as_str()),
                l.max_units.value,
                l.max_per_branch.as_ref().map(|m| m.value),
                rule.to_string(),
            )
        })
        .collect();
    if limits.is_empty() {
        let rule = stacking
            .rule
            .as_deref()
            .map_or("", |r| r.as_str())
            .to_string();
        limits.push((None, stacking.max_units.value, None, rule));
    }
    for (i, (side, max, per_branch, rule)) in limits.iter().enumerate() {
        let key = format!("{}{}", keys::OVERSTACKED, i + 1);
        let on_side = |e: Expr| match side {
            Some(sd) => and(eq(prop("Side"), s(sd)), e),
            None => e,
        };
        // With per-side limits only the moved unit's own side counts.
        let count = match side {
            Some(_) => Expr::SumStackWhere(
                props::STACK_POINTS.into(),
                Box::new(eq(prop("Side"), s("$Side$"))),
            ),
            None => Expr::SumStack(props::STACK_POINTS.into()),
        };
        let mut over = bin(Op::Gt, count.clone(), int(i64::from(*max)));
        if let Some(b) = per_branch {
            // `$Branch$` is the moved unit's branch, substituted before the stack is summed.
            let same_branch = eq(prop("Branch"), s("$Branch$"));
            over = bin(
                Op::Or,
                over,
                bin(
                    Op::Gt,
                    Expr::SumStackWhere(props::STACK_POINTS.into(), Box::new(same_branch)),
                    int(i64::from(*b)),
                ),
            );
        }
        out.push(pieces::trigger(
            "Stacking check",
            &and(main_map.clone(), on_side(over)).to_beanshell(),
            &[named(keys::MOVED)],
            &[named(&key)],
        ));
        out.push(pieces::report_with(
            &[named(&key)],
            &add(
                s("~"),
                template(
                    tx,
                    "ui.report_overstack",
                    &[
                        ("rule", s(rule)),
                        ("location", prop("LocationName")),
                        ("count", count),
                        ("max", int(i64::from(*max))),
                        ("when", s(&tx.get("stacking.when"))),
                    ],
                ),
            )
            .to_beanshell(),
            "Stacking warning",
            true,
        ));
    }
    for limit in &rules.movement.weather_limits {
        let exempt: Vec<Expr> = limit
            .except_phases
            .iter()
            .filter_map(|p| rules.phases.iter().find(|ph| ph.id.as_str() == p.as_str()))
            .map(|ph| {
                eq(
                    prop(props::PHASE),
                    s(&tx.get(&format!("phases.{}", ph.id.as_str()))),
                )
            })
            .collect();
        let weather_name = rules
            .weather
            .iter()
            .find(|w| w.id.as_str() == limit.weather.as_str())
            .map_or(limit.weather.value.clone(), |w| {
                tx.get(&format!("weather.{}", w.id.as_str()))
            });
        let condition = [
            main_map.clone(),
            eq(prop("OldMap"), prop("CurrentMap")),
            eq(prop(props::WEATHER), s(&limit.weather)),
            Expr::Not(Box::new(any(exempt))),
            bin(Op::Gt, Expr::RangeFromOld, int(i64::from(limit.max_hexes))),
        ]
        .into_iter()
        .reduce(and)
        .unwrap_or(int(0));
        out.push(pieces::trigger(
            &format!("{weather_name} movement check"),
            &condition.to_beanshell(),
            &[named(keys::MOVED)],
            &[named(keys::WEATHER_MOVE)],
        ));
        out.push(pieces::report_with(
            &[named(keys::WEATHER_MOVE)],
            &add(
                s("~"),
                template(
                    tx,
                    "ui.report_weather_move",
                    &[
                        ("weather", s(&weather_name)),
                        ("rule", s(limit.rule.as_deref().map_or("", |r| r.as_str()))),
                        ("piece", prop("BasicName")),
                        ("max", int(i64::from(limit.max_hexes))),
                    ],
                ),
            )
            .to_beanshell(),
            "Weather movement warning",
            true,
        ));
    }

    // What a unit knows about where it stands.
    for f in &rules.hexside_features {
        let key = concat(vec![
            s(","),
            prop("LocationName"),
            s("-"),
            prop(props::DEFENDER_HEX),
            s(","),
        ]);
        out.push(pieces::calculated(
            &across_property(&f.id),
            &cond(
                contains(prop(&hexsides_property(&f.id)), key),
                int(1),
                int(0),
            )
            .to_beanshell(),
            &format!("1 when a {} separates this unit from the defender", f.name),
        ));
    }
    out.push(pieces::calculated(
        props::ATTACK_SCALED,
        &attack_scaled_expr(game).to_beanshell(),
        "Attack strength in scaled units",
    ));
    out.push(pieces::calculated(
        props::WEATHER,
        &weather_expr(game).to_beanshell(),
        "Weather of the current turn",
    ));
    out.push(pieces::calculated(
        props::CITY,
        &city_expr(game).to_beanshell(),
        "City kind of this hex",
    ));
    out.push(pieces::calculated(
        props::TERRAIN,
        &terrain_expr(game).to_beanshell(),
        "Terrain of this hex",
    ));
    out.push(pieces::marker(&[(props::STACK_POINTS, "1")]));
    out
}

/// Calculated properties giving one unit's printed values on its current face.
pub fn unit_value_traits(game: &Game, unit: &Unit) -> Vec<Trait> {
    game.counters
        .counters
        .values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            pieces::calculated(
                &value_property(v),
                &face_value_expr(game, unit, i).to_beanshell(),
                &format!("{v} on the current face"),
            )
        })
        .collect()
}

/// The victory evaluation, reported by the first victory hex's control marker.
pub fn victory_report(game: &Game, plan: &Plan, victory: &crate::model::Victory) -> Expr {
    let tx = &plan.tx;
    let scenario = game
        .scenarios
        .first()
        .map_or("", |s| s.scenario.id.as_str());
    let side_level = |side: &str| {
        game.rules
            .sides
            .iter()
            .position(|s| s.id.as_str() == side)
            .map_or(0, |i| i as i64 + 1)
    };
    let holds = |hex: &str, level: i64| {
        Expr::Count(Box::new(and(
            eq(prop(props::CONTROL_HEX), s(hex)),
            eq(prop(props::CONTROL_LEVEL), int(level)),
        )))
    };
    if let Some(vp) = &victory.points {
        return victory_points(game, plan, scenario, vp);
    }
    let rule = victory.rule.as_deref().map_or("", |r| r.as_str());
    let say = |key: String| {
        tx.fill(
            "ui.report_victory",
            &[("rule", rule), ("result", &tx.get(&key))],
        )
    };
    let mut e = s(&say(format!("victory.{scenario}-otherwise")));
    for (i, c) in victory.conditions.iter().enumerate().rev() {
        let level = side_level(&c.winner);
        let mut terms: Vec<Expr> = c
            .control_all
            .iter()
            .map(|h| eq(holds(h, level), int(1)))
            .collect();
        if c.at_least > 0 {
            let held = c
                .control_any
                .iter()
                .map(|h| holds(h, level))
                .reduce(add)
                .unwrap_or(int(0));
            terms.push(bin(Op::Ge, held, int(i64::from(c.at_least))));
        }
        let all = terms.into_iter().reduce(and).unwrap_or(eq(int(1), int(1)));
        e = cond(all, s(&say(format!("victory.{scenario}-{}", i + 1))), e);
    }
    e
}

/// The phase announcement written by the turn tracker.
pub fn phase_report(game: &Game, plan: &Plan) -> Expr {
    let tx = &plan.tx;
    let rules = &game.rules;
    let schedule = game.scenarios.first().map(|s| game.effective(s));
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
            match (what.as_str(), &phase.side, &schedule) {
                ("replacements", Some(side), Some(eff)) => {
                    let mut steps = s("0");
                    for r in eff.replacements.1.iter().rev() {
                        let n = r.steps.get(side.as_str()).map_or(0, |n| n.value);
                        steps = cond(
                            eq(prop(props::TURN), int(i64::from(r.turn.value))),
                            s(&n.to_string()),
                            steps,
                        );
                    }
                    parts.push(template(tx, "ui.report_replacements", &[("steps", steps)]));
                }
                ("reinforcements", Some(side), Some(eff)) => {
                    for r in eff.reinforcements.1 {
                        let unit = game
                            .counters
                            .units
                            .iter()
                            .find(|u| u.id.as_str() == r.unit.as_str());
                        if unit.is_some_and(|u| u.side.as_str() == side.as_str()) {
                            let text = tx.fill(
                                "ui.report_reinforcement",
                                &[
                                    ("unit", &tx.get(&format!("units.{}", r.unit.as_str()))),
                                    ("where", &tx.get(&format!("arrivals.{}", r.unit.as_str()))),
                                ],
                            );
                            parts.push(cond(
                                eq(prop(props::TURN), int(i64::from(r.turn.value))),
                                s(&text),
                                s(""),
                            ));
                        }
                    }
                }
                ("weather", _, _) => {
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
        e = cond(eq(prop(props::PHASE), s(&matched)), concat(parts), e);
    }
    e
}

/// The victory-point evaluation (e.g. BtM2 4.1): each term counted from the pieces, points kept in
/// halves so fractional losses stay whole, losses rounded as the data says, then the thresholds.
/// What the module cannot compute (a supply line) is stated in the report for the players to judge.
fn victory_points(
    game: &Game,
    plan: &Plan,
    scenario: &str,
    vp: &crate::model::VictoryPoints,
) -> Expr {
    let tx = &plan.tx;
    const HALVES: i64 = 2;
    let level_of = |side: &str| {
        game.rules
            .sides
            .iter()
            .position(|s| s.id.as_str() == side)
            .map_or(0, |i| i as i64 + 1)
    };
    let one_of = |property: &str, values: &[String]| {
        any(values.iter().map(|v| eq(prop(property), s(v))).collect())
    };
    let mut gains: Vec<Expr> = Vec::new();
    let mut losses: Vec<Expr> = Vec::new();
    let mut parts: Vec<Expr> = Vec::new();
    let mut conditions: Vec<String> = Vec::new();
    for (i, t) in vp.terms.iter().enumerate() {
        let sides: Vec<String> = t.sides.iter().map(|x| x.value.clone()).collect();
        let types: Vec<String> = t.unit_types.iter().map(|x| x.value.clone()).collect();
        let count = match t.count.as_str() {
            "cities" => {
                let hexes: Vec<String> = game
                    .map
                    .cities
                    .iter()
                    .filter(|c| {
                        t.city_kinds.is_empty()
                            || t.city_kinds.iter().any(|k| k.as_str() == c.kind.as_str())
                    })
                    .map(|c| c.hex.value.clone())
                    .collect();
                let mut filter = one_of(props::CONTROL_HEX, &hexes);
                if let Some(side) = &t.controlled_by {
                    filter = and(filter, eq(prop(props::CONTROL_LEVEL), int(level_of(side))));
                }
                Expr::Count(Box::new(filter))
            }
            kind => {
                let mut filter = bin(Op::Gt, prop(props::STACK_POINTS), int(0));
                if !sides.is_empty() {
                    filter = and(filter, one_of("Side", &sides));
                }
                if !types.is_empty() {
                    filter = and(filter, one_of("Type", &types));
                }
                if kind == "eliminated" {
                    let boxes: Vec<String> = sides
                        .iter()
                        .filter_map(|sd| plan.eliminated_box.get(sd).cloned())
                        .collect();
                    filter = and(filter, one_of("LocationName", &boxes));
                } else {
                    filter = and(filter, eq(prop("CurrentMap"), s(&plan.main_map)));
                    if !t.faces.is_empty() {
                        let units = &game.counters;
                        let levels: Vec<Expr> = t
                            .faces
                            .iter()
                            .filter_map(|f| {
                                units
                                    .counters
                                    .faces
                                    .iter()
                                    .position(|x| x.as_str() == f.as_str())
                            })
                            .map(|l| eq(prop("Step_Level"), int(l as i64 + 1)))
                            .collect();
                        filter = and(filter, any(levels));
                    }
                }
                Expr::Count(Box::new(filter))
            }
        };
        let per = i64::from(t.per.max(1));
        let halves = (t.points * HALVES as f64).round() as i64;
        let value = bin(Op::Mul, bin(Op::Div, count, int(per)), int(halves));
        let name = tx.get(&format!("vp_terms.{scenario}-{}", i + 1));
        if t.loss {
            losses.push(value.clone());
        } else {
            gains.push(value.clone());
            parts.push(template(
                tx,
                "ui.points_term",
                &[
                    ("name", s(&name)),
                    ("points", bin(Op::Div, value, int(HALVES))),
                ],
            ));
        }
        if !t.condition.is_empty() {
            conditions.push(format!(
                "{name}: {}",
                tx.get(&format!("vp_conditions.{scenario}-{}", i + 1))
            ));
        }
    }
    let gained = gains.into_iter().reduce(add).unwrap_or(int(0));
    let lost = losses.into_iter().reduce(add).unwrap_or(int(0));
    // Losses in whole points, rounded up unless the data says otherwise.
    let round_up = vp.loss_rounding.as_ref().is_none_or(|r| r.as_str() == "up");
    let lost_points = if round_up {
        bin(Op::Div, add(lost, int(HALVES - 1)), int(HALVES))
    } else {
        bin(Op::Div, lost, int(HALVES))
    };
    parts.push(template(
        tx,
        "ui.points_losses",
        &[("points", lost_points.clone())],
    ));
    let total = bin(Op::Sub, bin(Op::Div, gained, int(HALVES)), lost_points);
    let mut result = s("?");
    for (i, th) in vp.thresholds.iter().enumerate().rev() {
        let mut test = eq(int(1), int(1));
        if let Some(min) = &th.at_least {
            test = and(test, bin(Op::Ge, total.clone(), int(min.value)));
        }
        if let Some(max) = &th.at_most {
            test = and(test, bin(Op::Le, total.clone(), int(max.value)));
        }
        result = cond(
            test,
            s(&tx.get(&format!("vp_results.{scenario}-{}", i + 1))),
            result,
        );
    }
    let terms = parts
        .into_iter()
        .reduce(|a, b| concat(vec![a, s(", "), b]))
        .unwrap_or(s(""));
    let report = template(
        tx,
        "ui.report_points",
        &[
            ("side", s(&tx.get(&format!("sides.{}", vp.side.as_str())))),
            ("rule", s(vp.rule.as_deref().map_or("", |r| r.as_str()))),
            ("terms", terms),
            ("total", total),
            ("result", result),
        ],
    );
    if conditions.is_empty() {
        report
    } else {
        add(
            report,
            s(&tx.fill(
                "ui.points_condition",
                &[("conditions", &conditions.join("; "))],
            )),
        )
    }
}
