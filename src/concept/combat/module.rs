//! What combat adds to the module: a unit's attack strength in scaled units, the marks that declare a
//! battle (attackers, defender), its resolution on the defender in steps (roll, odds column, shifts,
//! CRT result) and the toolbar buttons that resolve and clear it.
//!
//! The steps are the module's reading of the rule that `odds.rs` and `shifts.rs` compute in Rust;
//! tests/combat_automation.rs evaluates both over every case the data allows.

use crate::concept::combat::ar_command;
use crate::concept::combat::odds::{dice_of, parse_odds};
use crate::concept::combat::{
    BeyondFirst, BeyondLast, MarkerFace, ModifierRounding, Rounding, StrengthKind, SurpriseOutcome,
};
use crate::concept::game::Game;
use crate::concept::game::StrengthModifier;
use crate::concept::module::{across_property, hexsides_property};
/// The property names of counts and declarations live in the shared vocabulary: morale reads
/// the same counts. Re-exported here, where the tests that set them look.
pub use crate::concept::module::{count_property, declared_property};
use crate::concept::module::{
    decimal_text, keys, module_command, named, props, template, value_property, Changer, Global,
    NumericRange,
};
use crate::concept::plan::Plan;
use crate::i18n::Texts;
use crate::model::keyword::Keyword;
use crate::vassal::expression::{
    add, and, any, bin, concat, cond, contains, eq, int, prop, s, Expr, Op,
};
use crate::vassal::traits::{self as pieces, Key, Trait};
use crate::vassal::xml::El;

/// The common multiple of attack-modifier denominators that keep fractions: attack strengths are
/// summed in these units so halves stay whole numbers (VASSAL's arithmetic is integer).
pub fn attack_scale(game: &Game) -> i64 {
    // Mode ratios (OCS DG 1/2, Reserve 1/2) keep their fractions too (OCS 4.2).
    let mut scale = crate::concept::modes::module::strength_denominator(game);
    for m in &game.rules.combat.attack_modifiers {
        if m.keep_fractions && m.denominator > 0 {
            let d = i64::from(m.denominator);
            scale = scale * d / gcd(scale, d);
        }
    }
    // Strength modifiers chain (OCS 4.3: DG 1/2 × OOS 1/2 × no combat supply 1/2): each one that
    // keeps fractions multiplies the scale, so the product stays whole.
    for m in &game.rules.combat.strength_modifiers {
        if m.keep_fractions && m.denominator > 1 {
            scale *= i64::from(m.denominator);
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
    // Each modifier in data order, on the strength so far (modifiers.rs computes the same).
    let strength = prop(&value_property(game.rules.combat.attack_value()));
    let mut e = in_mode(game, strength.clone(), scale);
    for m in &game.rules.combat.attack_modifiers {
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
        if let Some(f) = &m.across {
            conditions.push(eq(prop(&across_property(f)), int(1)));
        }
        for w in &m.not_weather {
            conditions.push(bin(Op::Ne, prop(props::WEATHER), s(w)));
        }
        if !m.attack_kinds.is_empty() {
            conditions.push(kind_is(&m.attack_kinds));
        }
        let combat = &game.rules.combat;
        conditions.extend(m.declared.iter().map(|d| declared(combat, d)));
        conditions.extend(m.not_declared.iter().map(|d| not_declared(combat, d)));
        let applies = conditions
            .into_iter()
            .reduce(and)
            .unwrap_or(eq(int(1), int(1)));
        let ratio = Ratio {
            numerator: m.numerator,
            denominator: m.denominator,
            keep_fractions: m.keep_fractions,
            rounding: m.rounding(),
        };
        e = cond(applies, ratio.applied(e.clone(), scale), e);
    }
    e = with_strength_modifiers(game, StrengthKind::Attack, e, scale);
    // A strength the sources do not give ("?") attacks with 0 rather than failing the expression.
    cond(eq(strength, s("?")), int(0), e)
}

/// A multiplier and how it rounds (an attack modifier's or a strength modifier's).
struct Ratio {
    numerator: u32,
    denominator: u32,
    keep_fractions: bool,
    rounding: ModifierRounding,
}

impl Ratio {
    /// `e` (in 1/scale units) times the ratio, kept or rounded to whole points.
    fn applied(&self, e: Expr, scale: i64) -> Expr {
        let (num, den) = (
            i64::from(self.numerator),
            i64::from(self.denominator.max(1)),
        );
        let times = bin(Op::Mul, e, int(num));
        if self.keep_fractions {
            return bin(Op::Div, times, int(den));
        }
        // Whole points: round e·num/den (in 1/scale units) down or up to a multiple of scale.
        let whole = den * scale;
        let rounded = match self.rounding {
            ModifierRounding::Down => bin(Op::Div, times, int(whole)),
            ModifierRounding::Up => bin(Op::Div, add(times, int(whole - 1)), int(whole)),
        };
        bin(Op::Mul, rounded, int(scale))
    }
}

/// `e` after the strength modifiers that change `kind` and apply to the evaluating unit
/// (`strength::strength_of`): their ratios multiplied into one, and the product rounded once. `e`
/// appears once in the result: VASSAL's BeanShell parser slows down exponentially on an expression
/// that nests copies of itself, so each modifier adds a factor, not a branch.
fn with_strength_modifiers(game: &Game, kind: StrengthKind, e: Expr, scale: i64) -> Expr {
    let combat = &game.rules.combat;
    let changing: Vec<&StrengthModifier> = combat
        .strength_modifiers
        .iter()
        .filter(|m| m.changes(kind))
        .collect();
    if changing.is_empty() {
        return e;
    }
    let factor = |part: &dyn Fn(&StrengthModifier) -> i64| {
        changing
            .iter()
            .map(|m| cond(strength_condition(combat, m), int(part(m)), int(1)))
            .reduce(|a, b| bin(Op::Mul, a, b))
            .unwrap_or(int(1))
    };
    let numerator = factor(&|m| i64::from(m.numerator));
    let denominator = factor(&|m| i64::from(m.denominator.max(1)));
    // Rounded when an applying modifier does not keep fractions: up when one of those rounds up.
    let rounds = |rounding: Option<ModifierRounding>| {
        changing
            .iter()
            .filter(|m| !m.keep_fractions && rounding.is_none_or(|r| m.rounding() == r))
            .map(|m| cond(strength_condition(combat, m), int(1), int(0)))
            .reduce(add)
            .unwrap_or(int(0))
    };
    let times = bin(Op::Mul, e, numerator);
    let kept = bin(Op::Div, times.clone(), denominator.clone());
    if changing.iter().all(|m| m.keep_fractions) {
        return kept;
    }
    let whole = bin(Op::Mul, denominator, int(scale));
    let up = bin(
        Op::Div,
        add(times.clone(), bin(Op::Sub, whole.clone(), int(1))),
        whole.clone(),
    );
    let down = bin(Op::Div, times, whole);
    cond(
        eq(rounds(None), int(0)),
        kept,
        bin(
            Op::Mul,
            cond(
                bin(Op::Gt, rounds(Some(ModifierRounding::Up)), int(0)),
                up,
                down,
            ),
            int(scale),
        ),
    )
}

/// Whether a strength modifier's conditions hold on the evaluating unit (`strength::applies`): the
/// marker on its stack (showing the face asked for), its type, the declarations.
pub fn strength_condition(combat: &crate::concept::game::Combat, m: &StrengthModifier) -> Expr {
    use crate::concept::module::{MARKER_COUNT, MARKER_ID};
    let mut terms = Vec::new();
    if let Some(marker) = &m.marker {
        let mut which = eq(prop(MARKER_ID), s(marker));
        if let Some(face) = m.face() {
            // A marker's faces are the levels of its `Face` layer (markers/module.rs).
            let level = match face {
                MarkerFace::Front => 1,
                MarkerFace::Back => 2,
            };
            which = and(which, eq(prop("Face_Level"), int(level)));
        }
        let on_stack = Expr::SumStackWhere(MARKER_COUNT.into(), Box::new(which));
        terms.push(bin(Op::Gt, on_stack, int(0)));
    }
    if !m.unit_types.is_empty() {
        terms.push(any(m
            .unit_types
            .iter()
            .map(|t| eq(prop("Type"), s(t)))
            .collect()));
    }
    terms.extend(m.declared.iter().map(|d| declared(combat, d)));
    terms.extend(m.not_declared.iter().map(|d| not_declared(combat, d)));
    terms.into_iter().reduce(and).unwrap_or(eq(int(1), int(1)))
}

/// The defence bonuses that apply, in 1/scale units (`strength::defence_total`): each when its
/// declarations are made and the defender is of its side.
fn defence_bonus(game: &Game, scale: i64) -> Option<Expr> {
    let combat = &game.rules.combat;
    combat
        .defence_bonuses
        .iter()
        .map(|b| {
            cond(
                bonus_condition(combat, b),
                int(i64::from(b.bonus.value) * scale),
                int(0),
            )
        })
        .reduce(add)
}

/// Whether a defence bonus applies to the evaluating defender (`strength::bonus_applies`).
fn bonus_condition(
    combat: &crate::concept::game::Combat,
    b: &crate::concept::game::DefenceBonus,
) -> Expr {
    let mut terms: Vec<Expr> = b.declared.iter().map(|d| declared(combat, d)).collect();
    if let Some(side) = &b.defender_side {
        terms.push(eq(prop("Side"), s(side)));
    }
    terms.into_iter().reduce(and).unwrap_or(eq(int(1), int(1)))
}

/// A printed strength in 1/scale units, times the unit's mode factor in a game whose modes change
/// strength (`modes::module::MODE_STRENGTH`, in 1/denominator units; the scale is a multiple of it).
fn in_mode(game: &Game, strength: Expr, scale: i64) -> Expr {
    use crate::concept::modes::module::{changes_strength, strength_denominator, MODE_STRENGTH};
    if !changes_strength(game) {
        return bin(Op::Mul, strength, int(scale));
    }
    let per_factor = scale / strength_denominator(game);
    bin(
        Op::Mul,
        bin(Op::Mul, strength, int(per_factor)),
        prop(MODE_STRENGTH),
    )
}

/// The defender's strength in 1/scale units, in its mode; 0 when the sources do not give it (`?`):
/// the steps' arithmetic must not meet a text (an untried unit not yet revealed, a counter value the
/// sources lack).
fn defence_scaled_expr(game: &Game, scale: i64) -> Expr {
    let defence = prop(&value_property(game.rules.combat.defence_value()));
    let modified = with_strength_modifiers(
        game,
        StrengthKind::Defence,
        in_mode(game, defence.clone(), scale),
        scale,
    );
    // A bonus is added once, and only when the defence is above 0 (The Last Stand at Moscow 6.22).
    let total = match defence_bonus(game, scale) {
        Some(bonus) => add(
            modified,
            cond(bin(Op::Gt, defence.clone(), int(0)), bonus, int(0)),
        ),
        None => modified,
    };
    cond(eq(defence, s("?")), int(0), total)
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
    /// The surprise check, in a game that has one.
    pub surprise: Option<SurpriseExprs>,
}

/// The surprise check (`[combat.surprise]`), made on the defender before the combat is resolved:
/// its steps (the roll, the modified roll) and its chat line.
pub struct SurpriseExprs {
    pub steps: Vec<(&'static str, Expr)>,
    pub report: Expr,
}

pub mod steps {
    pub const ATTACK: &str = "CombatAttack";
    /// The defender's strength in its mode, in the attack's scaled units.
    pub const DEFENCE: &str = "CombatDefence";
    pub const RAW: &str = "CombatRawColumn";
    pub const SHIFT: &str = "CombatShift";
    pub const FINAL: &str = "CombatFinalColumn";
    pub const RESULT: &str = "CombatResult";
    /// The roll with the roll modifiers added (only in a game that has some).
    pub const MODIFIED_ROLL: &str = "CombatModifiedRoll";
    /// The surprise roll with its modifiers added.
    pub const SURPRISE_MODIFIED: &str = "SurpriseModified";
}

/// The roll the CRT is read with: the die roll, or the modified roll in a game with roll modifiers.
fn table_roll(combat: &crate::concept::game::Combat) -> Expr {
    if combat.roll_modifiers.is_empty() {
        prop(props::COMBAT_ROLL)
    } else {
        prop(steps::MODIFIED_ROLL)
    }
}

/// The die roll plus every roll modifier (per point of its count; `Combat::roll_modifier`).
fn modified_roll(combat: &crate::concept::game::Combat) -> Expr {
    combat
        .roll_modifiers
        .iter()
        .fold(prop(props::COMBAT_ROLL), |roll, m| {
            let count =
                ar_command::effective_count(combat, &m.count, prop(&count_property(&m.count)));
            let points = bin(Op::Mul, count, int(i64::from(m.per_point.value)));
            add(roll, points)
        })
}

/// The roll as the report prints it: `3`, or `3 +3 = 6` with roll modifiers.
fn roll_text(combat: &crate::concept::game::Combat) -> Expr {
    if combat.roll_modifiers.is_empty() {
        return prop(props::COMBAT_ROLL);
    }
    let modifier = bin(
        Op::Sub,
        prop(steps::MODIFIED_ROLL),
        prop(props::COMBAT_ROLL),
    );
    let signed = cond(
        bin(Op::Ge, modifier.clone(), int(0)),
        add(s("+"), modifier.clone()),
        add(s(""), modifier),
    );
    concat(vec![
        s(""),
        prop(props::COMBAT_ROLL),
        s(" "),
        signed,
        s(" = "),
        prop(steps::MODIFIED_ROLL),
    ])
}

/// A defence the sources give as 0 (not one they do not give: an untried unit is revealed first).
fn known_zero_defence(combat: &crate::concept::game::Combat) -> Expr {
    let defence = prop(&value_property(combat.defence_value()));
    and(bin(Op::Ne, defence.clone(), s("?")), eq(defence, int(0)))
}

fn is_attacker() -> Expr {
    eq(prop(props::COMBAT_ROLE), s("attacker"))
}

/// The die roll expression of the game's dice: in a game with kinds of attack, the dice of the kind
/// being resolved (`odds::dice_of`).
pub fn roll_expr(game: &Game) -> Expr {
    let combat_dice = dice_expr(game.rules.dice.count, game.rules.dice.faces);
    game.rules
        .combat
        .attack_kinds
        .iter()
        .rev()
        .filter(|k| k.die.is_some())
        .fold(combat_dice, |rest, k| {
            let (count, faces) = dice_of(&game.rules, Some(k.id.as_str()));
            cond(
                eq(prop(props::ATTACK_KIND), s(&k.id)),
                dice_expr(count, faces),
                rest,
            )
        })
}

/// `count` dice of `faces` faces, summed.
fn dice_expr(count: u32, faces: u32) -> Expr {
    (0..count.max(1))
        .map(|_| Expr::Random(i64::from(faces)))
        .reduce(add)
        .unwrap_or(int(0))
}

/// Whether the kind of attack being resolved is one of `kinds`.
fn kind_is(kinds: &[crate::model::Sp<String>]) -> Expr {
    any(kinds
        .iter()
        .map(|k| eq(prop(props::ATTACK_KIND), s(k)))
        .collect())
}

/// Build the combat steps from the rules data.
pub fn combat(game: &Game, tx: &Texts) -> CombatExprs {
    let combat = &game.rules.combat;
    let scale = attack_scale(game);
    let columns: Vec<(u32, u32)> = combat
        .columns
        .iter()
        .filter_map(|c| parse_odds(c))
        .collect();
    let n = columns.len() as i64;
    let cap_index = parse_odds(&combat.cap)
        .and_then(|cap| columns.iter().position(|c| *c == cap))
        .map_or(n, |i| i as i64 + 1);
    let (shift, shift_texts) = shift_step(game, tx);
    let final_column = final_column_expr(combat, cap_index, n);
    let mut rolls = vec![(props::COMBAT_ROLL, roll_expr(game))];
    if !combat.roll_modifiers.is_empty() {
        rolls.push((steps::MODIFIED_ROLL, modified_roll(combat)));
    }
    CombatExprs {
        steps: rolls
            .into_iter()
            .chain([
                (
                    steps::ATTACK,
                    Expr::Sum(props::ATTACK_SCALED.into(), Box::new(is_attacker())),
                ),
                (steps::DEFENCE, defence_scaled_expr(game, scale)),
                (steps::RAW, raw_column_expr(combat, &columns)),
                (steps::SHIFT, shift),
                (steps::FINAL, final_column),
                (steps::RESULT, crt_result(combat, tx)),
            ])
            .collect(),
        report: with_state_notes(
            game,
            tx,
            with_kind_and_surprise(
                combat,
                tx,
                automatic_report(
                    combat,
                    tx,
                    scale,
                    combat_report(combat, tx, scale, cap_index, shift_texts),
                ),
            ),
        ),
        surprise: surprise(game, tx),
    }
}

/// The report, followed, in a game that has them, by the defender's strength modifiers and defence
/// bonuses that applied and by where the AR difference came from.
fn with_state_notes(game: &Game, tx: &Texts, report: Expr) -> Expr {
    let combat = &game.rules.combat;
    let mut applied: Vec<(Expr, String)> = combat
        .strength_modifiers
        .iter()
        .filter(|m| m.changes(StrengthKind::Defence))
        .map(|m| {
            let name = tx.get(&format!("strength_modifiers.{}", m.id.as_str()));
            (strength_condition(combat, m), name)
        })
        .collect();
    applied.extend(combat.defence_bonuses.iter().map(|b| {
        let name = tx.get(&format!("defence_bonuses.{}", b.id.as_str()));
        (bonus_condition(combat, b), name)
    }));
    let mut parts = vec![report];
    if !applied.is_empty() {
        let names = applied
            .iter()
            .map(|(applies, name)| cond(applies.clone(), s(&format!(" ({name})")), s("")));
        let names = concat(std::iter::once(s("")).chain(names).collect());
        let any_applied = any(applied.into_iter().map(|(applies, _)| applies).collect());
        parts.push(cond(
            any_applied,
            template(tx, "ui.report_defence_state", &[("modifiers", names)]),
            s(""),
        ));
    }
    if combat.action_rating.is_some() {
        parts.push(ar_command::report_note(game, tx));
    }
    if parts.len() == 1 {
        return parts.remove(0);
    }
    concat(parts)
}

/// The name of the kind of attack being resolved.
fn kind_name(combat: &crate::concept::game::Combat, tx: &Texts) -> Expr {
    combat.attack_kinds.iter().rev().fold(s(""), |rest, k| {
        cond(
            eq(prop(props::ATTACK_KIND), s(&k.id)),
            s(&tx.get(&format!("attack_kinds.{}", k.id.as_str()))),
            rest,
        )
    })
}

/// The combat report, led by the kind of attack in a game with kinds, and followed by the surprise
/// check when one was made for this combat.
fn with_kind_and_surprise(combat: &crate::concept::game::Combat, tx: &Texts, report: Expr) -> Expr {
    let mut report = report;
    if !combat.attack_kinds.is_empty() {
        report = template(
            tx,
            "ui.report_in_kind",
            &[("kind", kind_name(combat, tx)), ("report", report)],
        );
    }
    if combat.surprise.is_some() {
        let check = template(
            tx,
            "ui.report_combat_surprise",
            &[
                ("modified", prop(steps::SURPRISE_MODIFIED)),
                ("outcome", surprise_outcome(combat, tx)),
            ],
        );
        report = concat(vec![
            report,
            cond(bin(Op::Ne, prop(props::SURPRISE_ROLL), s("")), check, s("")),
        ]);
    }
    report
}

/// The surprise check's steps and report (the rule `Combat::surprise_outcome` and the modifier sum
/// `Combat::modifier_sum` compute the same).
fn surprise(game: &Game, tx: &Texts) -> Option<SurpriseExprs> {
    let combat = &game.rules.combat;
    let surprise = combat.surprise.as_ref()?;
    let modified = surprise
        .modifiers
        .iter()
        .fold(prop(props::SURPRISE_ROLL), |roll, m| {
            let count =
                ar_command::effective_count(combat, &m.count, prop(&count_property(&m.count)));
            let points = match &m.at_most {
                Some(cap) => Expr::Min(Box::new(count), Box::new(int(i64::from(cap.value)))),
                None => count,
            };
            add(
                roll,
                bin(Op::Mul, points, int(i64::from(m.per_point.value))),
            )
        });
    let modifier = bin(
        Op::Sub,
        prop(steps::SURPRISE_MODIFIED),
        prop(props::SURPRISE_ROLL),
    );
    let signed = cond(
        bin(Op::Ge, modifier.clone(), int(0)),
        add(s("+"), modifier.clone()),
        add(s(""), modifier),
    );
    let report = template(
        tx,
        "ui.report_surprise",
        &[
            ("kind", kind_name(combat, tx)),
            ("attackers", prop(props::ATTACKER_NAMES)),
            ("defender", prop("BasicName")),
            ("roll", prop(props::SURPRISE_ROLL)),
            ("modifier", signed),
            ("modified", prop(steps::SURPRISE_MODIFIED)),
            ("outcome", surprise_outcome(combat, tx)),
            (
                "rule",
                s(surprise.rule.as_deref().map_or("", |r| r.as_str())),
            ),
        ],
    );
    Some(SurpriseExprs {
        steps: vec![
            (
                props::SURPRISE_ROLL,
                dice_expr(game.rules.dice.count, game.rules.dice.faces),
            ),
            (steps::SURPRISE_MODIFIED, modified),
        ],
        report,
    })
}

/// What the sources give for the modified surprise roll in the kind of attack being resolved, or
/// that they lack it.
fn surprise_outcome(combat: &crate::concept::game::Combat, tx: &Texts) -> Expr {
    let Some(surprise) = &combat.surprise else {
        return s("");
    };
    surprise
        .known
        .iter()
        .rev()
        .fold(s(&tx.get("ui.surprise_unknown")), |rest, p| {
            let key = match SurpriseOutcome::parse(&p.outcome) {
                Some(SurpriseOutcome::Attacker) => "ui.surprise_attacker",
                Some(SurpriseOutcome::Defender) => "ui.surprise_defender",
                Some(SurpriseOutcome::None) => "ui.surprise_none",
                None => return rest,
            };
            cond(
                and(
                    eq(prop(props::ATTACK_KIND), s(&p.attack_kind)),
                    eq(prop(steps::SURPRISE_MODIFIED), int(i64::from(p.roll.value))),
                ),
                s(&tx.get(key)),
                rest,
            )
        })
}

/// The column the odds reach before shifts, as `rounding` and `beyond_first` read them (odds.rs).
fn raw_column_expr(combat: &crate::concept::game::Combat, columns: &[(u32, u32)]) -> Expr {
    let reached = match combat.rounding() {
        Rounding::Defender => raw_column(columns),
        Rounding::Nearest => raw_column_nearest(columns),
    };
    match combat.beyond_first() {
        // Below the first column, roll on it: shifts start there (OCS 9.1g).
        BeyondFirst::FirstColumn => Expr::Max(Box::new(reached), Box::new(int(1))),
        BeyondFirst::BelowTable => reached,
    }
}

/// The column after the cap and the shifts: no further right than the last column unless the
/// sources stop there (then further right is a column nobody knows), and, when odds below the
/// table roll on the first column, no further left than it.
fn final_column_expr(combat: &crate::concept::game::Combat, cap_index: i64, n: i64) -> Expr {
    let shifted = add(capped(cap_index), prop(steps::SHIFT));
    let right = match combat.beyond_last() {
        BeyondLast::Virtual => Expr::Min(Box::new(shifted), Box::new(int(n))),
        BeyondLast::Unknown => shifted,
    };
    match combat.beyond_first() {
        BeyondFirst::FirstColumn => Expr::Max(Box::new(right), Box::new(int(1))),
        BeyondFirst::BelowTable => right,
    }
}

/// The columns reached when the larger strength over the smaller is rounded once, a half up (OCS
/// 4.1, 4.2, 9.7; `nearest_ratio` in odds.rs). With attack `A` (in 1/scale) and defence `D`:
/// `n:1` is reached when `A ≥ D` and round(A/D) ≥ n; `1:d` when `A ≥ D`, or round(D/A) ≤ d.
fn raw_column_nearest(columns: &[(u32, u32)]) -> Expr {
    let attack = prop(steps::ATTACK);
    let defence = prop(steps::DEFENCE);
    let attacker_larger = bin(Op::Ge, attack.clone(), defence.clone());
    // round(x/y) with a half up: (2x + y) / 2y in integers.
    let round = |x: Expr, y: Expr| {
        bin(
            Op::Div,
            add(bin(Op::Mul, x, int(2)), y.clone()),
            bin(Op::Mul, y, int(2)),
        )
    };
    // A defence of 0 reaches every column (odds.rs): divide by at least 1.
    let up = round(
        attack.clone(),
        Expr::Max(Box::new(defence.clone()), Box::new(int(1))),
    );
    let down = round(
        defence.clone(),
        Expr::Max(Box::new(attack.clone()), Box::new(int(1))),
    );
    let reached: Vec<Expr> = columns
        .iter()
        .map(|(a, d)| {
            let (a, d) = (i64::from(*a), i64::from(*d));
            let when_larger = bin(Op::Ge, bin(Op::Mul, up.clone(), int(d)), int(a));
            let when_smaller = and(bin(Op::Le, down.clone(), int(d)), eq(int(a), int(1)));
            let hit = cond(attacker_larger.clone(), when_larger, when_smaller);
            cond(
                and(bin(Op::Gt, attack.clone(), int(0)), hit),
                int(1),
                int(0),
            )
        })
        .collect();
    reached.into_iter().reduce(add).unwrap_or(int(0))
}

/// The odds column the attack reaches: how many of the columns' odds it meets.
fn raw_column(columns: &[(u32, u32)]) -> Expr {
    let attack = prop(steps::ATTACK);
    let defence = prop(steps::DEFENCE);
    // attack / defence >= a / d  <=>  attack * d >= defence * a (both in 1/scale units)
    let reached: Vec<Expr> = columns
        .iter()
        .map(|(a, d)| {
            cond(
                bin(
                    Op::Ge,
                    bin(Op::Mul, attack.clone(), int(i64::from(*d))),
                    bin(Op::Mul, defence.clone(), int(i64::from(*a))),
                ),
                int(1),
                int(0),
            )
        })
        .collect();
    reached.into_iter().reduce(add).unwrap_or(int(0))
}

/// The raw column, no further than the cap.
fn capped(cap_index: i64) -> Expr {
    Expr::Min(Box::new(prop(steps::RAW)), Box::new(int(cap_index)))
}

/// The sum of the column shifts that apply, and the report's text of each.
fn shift_step(game: &Game, tx: &Texts) -> (Expr, Vec<Expr>) {
    let combat = &game.rules.combat;
    // A count kept on the board is read from it (concept `morale`: the damage track).
    let reading = |id: &str| crate::concept::morale::module::count_reading(game, tx, id);
    let mut shift_terms = Vec::new();
    let mut shift_texts = Vec::new();
    for sh in &combat.shifts {
        let name = tx.get(&format!("shifts.{}", sh.id.as_str()));
        if sh.by_count.is_none() && sh.per_count.is_none() {
            let applies = shift_condition(combat, sh);
            shift_terms.push(cond(applies.clone(), int(i64::from(sh.shift)), int(0)));
            let sign = if sh.shift < 0 { "−" } else { "+" };
            let text = tx.fill(
                "ui.report_shift",
                &[
                    ("shift", &name),
                    ("value", &format!("{sign}{}", sh.shift.abs())),
                ],
            );
            shift_texts.push(cond(applies, s(&text), s("")));
            continue;
        }
        // Columns read from a count: the shift applies only when the count gives some.
        let columns = shift_columns(sh, &reading);
        let applies = and(
            shift_condition(combat, sh),
            bin(Op::Ne, columns.clone(), int(0)),
        );
        shift_terms.push(cond(applies.clone(), columns.clone(), int(0)));
        let value = cond(
            bin(Op::Lt, columns.clone(), int(0)),
            concat(vec![s("−"), bin(Op::Sub, int(0), columns.clone())]),
            concat(vec![s("+"), columns]),
        );
        let text = template(
            tx,
            "ui.report_shift",
            &[("shift", s(&name)), ("value", value)],
        );
        shift_texts.push(cond(applies, text, s("")));
    }
    let shift = shift_terms.into_iter().reduce(add).unwrap_or(int(0));
    (shift, shift_texts)
}

/// The columns of a shift that reads a count (the same reading as `shifts::columns`): the highest
/// `by_count` step the count reaches (0 below the first), or `per_count` columns per point.
fn shift_columns(sh: &crate::concept::game::ColumnShift, reading: &dyn Fn(&str) -> Expr) -> Expr {
    if let Some(by) = &sh.by_count {
        let count = reading(&by.count);
        let mut steps: Vec<_> = by.steps.iter().collect();
        steps.sort_by_key(|st| st.at_least.value);
        return steps.into_iter().fold(int(0), |below, st| {
            cond(
                bin(Op::Ge, count.clone(), int(i64::from(st.at_least.value))),
                int(i64::from(st.shift.value)),
                below,
            )
        });
    }
    if let Some(per) = &sh.per_count {
        return bin(
            Op::Mul,
            reading(&per.count),
            int(i64::from(per.shift.value)),
        );
    }
    int(i64::from(sh.shift))
}

/// The CRT lookup: one branch per roll, one per column (or, when the table is unknown, per cell the
/// sources give); below the first column, the table's note.
fn crt_result(combat: &crate::concept::game::Combat, tx: &Texts) -> Expr {
    let fin = prop(steps::FINAL);
    let mut lookup = s("?");
    if !combat.table_known {
        lookup = known_cells(combat, &tx.get("ui.unknown_cell"));
    }
    for (roll, row) in combat.table.iter().rev() {
        let Ok(r) = roll.parse::<i64>() else { continue };
        let mut by_column = s("?");
        for (i, code) in row.iter().enumerate().rev() {
            by_column = cond(eq(fin.clone(), int(i as i64 + 1)), s(code), by_column);
        }
        lookup = cond(eq(table_roll(combat), int(r)), by_column, lookup);
    }
    // A kind of attack whose CRT rows the sources lack: every cell is unknown (odds.rs, `lookup_in`).
    let rows_missing: Vec<_> = combat
        .attack_kinds
        .iter()
        .filter(|k| !k.rows_known)
        .map(|k| k.id.clone())
        .collect();
    if !rows_missing.is_empty() {
        lookup = cond(
            kind_is(&rows_missing),
            s(&tx.get("ui.unknown_cell")),
            lookup,
        );
    }
    // Shifted past the last column the sources give: the cell is unknown.
    // (A column of `beyond_columns` keeps the cells the sources give of it.)
    let named_beyond = if combat.table_known {
        0
    } else {
        combat.beyond_columns.len()
    };
    let known = cond(
        bin(
            Op::Gt,
            fin.clone(),
            int((combat.columns.len() + named_beyond) as i64),
        ),
        s(&tx.get("ui.unknown_cell")),
        lookup,
    );
    let by_odds = cond(
        bin(Op::Lt, fin, int(1)),
        s(&tx.get("combat.below_table")),
        known,
    );
    // An attack on a defence of 0 with its own automatic result (odds.rs: the same rule).
    match combat.automatic.iter().find(|a| a.on_zero_defence()) {
        Some(a) => cond(
            and(
                known_zero_defence(combat),
                bin(Op::Gt, prop(steps::ATTACK), int(0)),
            ),
            s(&a.result),
            by_odds,
        ),
        None => by_odds,
    }
}

/// The 0-based index of a column on the module's ladder: a printed column, or one of
/// `beyond_columns` past the last.
fn column_index(combat: &crate::concept::game::Combat, column: &str) -> Option<usize> {
    combat
        .columns
        .iter()
        .chain(&combat.beyond_columns)
        .position(|c| c.as_str() == column && column != "?")
}

/// The cells the sources give of an unknown table, by final column and roll; `unknown` elsewhere.
fn known_cells(combat: &crate::concept::game::Combat, unknown: &str) -> Expr {
    combat
        .known_cells
        .iter()
        .rev()
        .fold(s(unknown), |rest, cell| {
            let Some(index) = column_index(combat, &cell.column) else {
                return rest;
            };
            cond(
                and(
                    eq(prop(steps::FINAL), int(index as i64 + 1)),
                    eq(table_roll(combat), int(i64::from(cell.roll.value))),
                ),
                s(&cell.result),
                rest,
            )
        })
}

/// A strength in 1/scale units (a step property) as the report prints it: whole, or with its
/// decimals when scaled (9.75, 3.5).
fn strength_text(step: &str, scale: i64) -> Expr {
    let scale = u32::try_from(scale).unwrap_or(1);
    add(s(""), decimal_text(prop(step), scale))
}

/// The defence as the report prints it: in the defender's mode, or `?` when the sources do not give
/// it.
fn defence_text(combat: &crate::concept::game::Combat, scale: i64) -> Expr {
    let printed = prop(&value_property(combat.defence_value()));
    cond(
        eq(printed, s("?")),
        s("?"),
        strength_text(steps::DEFENCE, scale),
    )
}

/// The chat line of a resolved battle, from the step properties.
fn combat_report(
    combat: &crate::concept::game::Combat,
    tx: &Texts,
    scale: i64,
    cap_index: i64,
    shift_texts: Vec<Expr>,
) -> Expr {
    let below = tx.fill(
        "ui.below_column",
        &[("column", combat.columns.first().map_or("", |c| c.as_str()))],
    );
    let beyond = tx.fill(
        "ui.beyond_column",
        &[("column", combat.columns.last().map_or("", |c| c.as_str()))],
    );
    let label = |index: Expr| {
        let n = combat.columns.len() as i64;
        let mut e = cond(bin(Op::Gt, index.clone(), int(n)), s(&beyond), s(&below));
        let named = combat.columns.iter().chain(&combat.beyond_columns);
        let named: Vec<_> = named
            .enumerate()
            .filter(|(_, c)| c.as_str() != "?")
            .collect();
        for (i, c) in named.into_iter().rev() {
            e = cond(eq(index.clone(), int(i as i64 + 1)), s(c), e);
        }
        e
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
    template(
        tx,
        "ui.report_combat",
        &[
            ("attackers", prop(props::ATTACKER_NAMES)),
            ("defender", prop("BasicName")),
            ("attack", strength_text(steps::ATTACK, scale)),
            ("defence", defence_text(combat, scale)),
            ("odds", label(capped(cap_index))),
            ("capped", capped_note),
            (
                "shifts",
                concat(std::iter::once(s("")).chain(shift_texts).collect()),
            ),
            ("final", label(prop(steps::FINAL))),
            ("roll", roll_text(combat)),
            ("result", prop(steps::RESULT)),
            ("rule", s(combat.rule.as_deref().map_or("", |r| r.as_str()))),
        ],
    )
}

/// `by_odds`, unless an attack meets a defence of 0 with its own automatic result: then the report
/// says the result came without odds or a roll.
fn automatic_report(
    combat: &crate::concept::game::Combat,
    tx: &Texts,
    scale: i64,
    by_odds: Expr,
) -> Expr {
    let Some(a) = combat.automatic.iter().find(|a| a.on_zero_defence()) else {
        return by_odds;
    };
    let rule = a.rule.as_deref().or(combat.rule.as_deref());
    let automatic = template(
        tx,
        "ui.report_combat_automatic",
        &[
            ("attackers", prop(props::ATTACKER_NAMES)),
            ("defender", prop("BasicName")),
            ("attack", strength_text(steps::ATTACK, scale)),
            ("result", prop(steps::RESULT)),
            ("rule", s(rule.map_or("", |r| r.as_str()))),
        ],
    );
    cond(
        and(
            known_zero_defence(combat),
            bin(Op::Gt, prop(steps::ATTACK), int(0)),
        ),
        automatic,
        by_odds,
    )
}

/// The condition of a column shift, evaluated on the defender. Every condition the data gives must
/// hold (the same reading as `concept::combat::shifts::applies`).
fn shift_condition(
    combat: &crate::concept::game::Combat,
    sh: &crate::concept::game::ColumnShift,
) -> Expr {
    let mut terms = Vec::new();
    if !sh.attack_kinds.is_empty() {
        terms.push(kind_is(&sh.attack_kinds));
    }
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
    for d in &sh.declared {
        terms.push(declared(combat, d));
    }
    for d in &sh.not_declared {
        terms.push(not_declared(combat, d));
    }
    if let Some(f) = &sh.all_attackers_across {
        // Some attacker, and no attacker that is not across the feature.
        let attackers = Expr::Count(Box::new(is_attacker()));
        let not_across = attackers_where(eq(prop(&across_property(f)), int(0)));
        terms.push(and(bin(Op::Gt, attackers, int(0)), eq(not_across, int(0))));
    }
    terms.into_iter().reduce(and).unwrap_or(eq(int(1), int(1)))
}

/// Whether declaration `id` is declared and counts in the kind of attack being resolved
/// (`shifts::declared_in`).
fn declared(combat: &crate::concept::game::Combat, id: &str) -> Expr {
    let made = eq(prop(&declared_property(id)), int(1));
    match combat.declarations.iter().find(|d| d.id.as_str() == id) {
        Some(d) if !d.attack_kinds.is_empty() => and(made, kind_is(&d.attack_kinds)),
        _ => made,
    }
}

/// Whether declaration `id` is not made for this combat (`declared`, negated).
fn not_declared(combat: &crate::concept::game::Combat, id: &str) -> Expr {
    match declared(combat, id) {
        Expr::Bin(Op::Eq, l, r) => Expr::Bin(Op::Ne, l, r),
        limited => Expr::Not(Box::new(limited)),
    }
}

/// Global properties of the declared battle: the attackers' names and the defender's hex; and one per
/// count and declaration the column shifts read, with the toolbar buttons that set it.
pub fn globals(game: &Game, plan: &Plan) -> Vec<Global> {
    let tx = &plan.tx;
    let combat = &game.rules.combat;
    let mut out = battle_globals();
    for c in &combat.counts {
        // A count read from the board needs no buttons (concept `morale`: the damage track).
        if crate::concept::morale::module::board_count(game, tx, &c.id).is_some() {
            continue;
        }
        let name = tx.get(&format!("counts.{}", c.id.as_str()));
        let tooltip = tx.fill("ui.count_tooltip", &[("name", &name)]);
        let changer = |key: &str, increment: i64| Changer {
            text: tx.fill(key, &[("name", &name)]),
            tooltip: tooltip.clone(),
            increment,
            set_to: None,
            report: tx.fill("ui.report_count", &[("name", &name)]),
        };
        out.push(Global {
            name: count_property(&c.id),
            initial: c.min().to_string(),
            description: c.name.clone(),
            numeric: Some(NumericRange {
                min: i64::from(c.min()),
                // VASSAL needs a maximum: a count the rules leave open stops at 999.
                max: c.max().map_or(999, i64::from),
                wrap: false,
            }),
            changers: vec![changer("ui.count_up", 1), changer("ui.count_down", -1)],
        });
    }
    out.extend(attack_kind_global(combat, tx));
    for d in &combat.declarations {
        let name = tx.get(&format!("declarations.{}", d.id.as_str()));
        let tooltip = tx.fill("ui.declaration_tooltip", &[("name", &name)]);
        let changer = |key: &str, report: &str, increment: i64| Changer {
            text: tx.fill(key, &[("name", &name)]),
            tooltip: tooltip.clone(),
            increment,
            set_to: None,
            report: tx.fill(report, &[("name", &name)]),
        };
        out.push(Global {
            name: declared_property(&d.id),
            initial: "0".into(),
            description: d.name.clone(),
            numeric: Some(NumericRange {
                min: 0,
                max: 1,
                wrap: false,
            }),
            changers: vec![
                changer("ui.declare", "ui.report_declared", 1),
                changer("ui.cancel_declaration", "ui.report_cancelled", -1),
            ],
        });
    }
    out
}

/// The kind of attack the next combat is resolved as, with a toolbar button per kind that sets it;
/// none in a game with one kind.
fn attack_kind_global(combat: &crate::concept::game::Combat, tx: &Texts) -> Option<Global> {
    let first = combat.attack_kinds.first()?;
    let changers = combat
        .attack_kinds
        .iter()
        .map(|k| {
            let name = tx.get(&format!("attack_kinds.{}", k.id.as_str()));
            Changer {
                text: name.clone(),
                tooltip: tx.fill("ui.attack_kind_tooltip", &[("name", &name)]),
                increment: 0,
                set_to: Some(k.id.to_string()),
                report: tx.fill("ui.report_attack_kind", &[("name", &name)]),
            }
        })
        .collect();
    Some(Global {
        name: props::ATTACK_KIND.into(),
        initial: first.id.to_string(),
        description: "Kind of attack of the next combat".into(),
        numeric: None,
        changers,
    })
}

/// The attackers' names and the defender's hex.
fn battle_globals() -> Vec<Global> {
    vec![
        Global {
            name: props::ATTACKER_NAMES.into(),
            initial: String::new(),
            description: "Units marked to attack".into(),
            numeric: None,
            changers: Vec::new(),
        },
        Global {
            name: props::DEFENDER_HEX.into(),
            initial: String::new(),
            description: "Hex of the unit marked to defend".into(),
            numeric: None,
            changers: Vec::new(),
        },
    ]
}

/// Traits of every unit that declare and resolve a battle: resolution on the defender, fired by the
/// module's Resolve button, and the marks of which units attack and which one defends.
pub fn resolution_traits(game: &Game, plan: &Plan) -> Vec<Trait> {
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
    // The AR units are marks of the combat too, and the defender's may stand beside the defender.
    let mut marked = bin(Op::Ne, prop(props::COMBAT_ROLE), s(""));
    if game.rules.combat.action_rating.is_some() {
        marked = bin(Op::Or, marked, eq(prop(ar_command::AR_UNIT), int(1)));
    }
    out.push(pieces::global_key(
        named(keys::CLEAR_ALL),
        named(keys::CLEAR_COMBAT),
        &marked.to_beanshell(),
        "Clear every combat mark",
    ));
    for ((name, e), key) in combat.steps.iter().zip(&step_keys) {
        out.push(pieces::dynamic_property(
            name,
            &[("", named(key), &e.to_beanshell())],
            "Combat step",
        ));
    }
    if let Some(surprise) = &combat.surprise {
        out.extend(surprise_traits(surprise));
    }
    out.extend(mark_traits(tx));
    if let Some(first) = game.rules.combat.attack_kinds.first() {
        // After a combat, the next one is a regular one again.
        out.push(pieces::set_global_property(
            props::ATTACK_KIND,
            &[("", named(keys::CLEAR_COMBAT), first.id.as_str())],
            "Kind of attack of the next combat",
        ));
    }
    out
}

/// The surprise check on the defender, fired by the module's Surprise button: roll, modify, report;
/// the roll is kept for the combat report until the marks are cleared.
fn surprise_traits(surprise: &SurpriseExprs) -> Vec<Trait> {
    let step_keys: Vec<String> = surprise
        .steps
        .iter()
        .map(|(p, _)| format!("Set{p}"))
        .collect();
    let mut actions: Vec<Key<'_>> = step_keys.iter().map(|k| named(k)).collect();
    actions.push(named(keys::REPORT_SURPRISE));
    let mut out = vec![
        pieces::trigger(
            "Surprise check",
            &eq(prop(props::COMBAT_ROLE), s("defender")).to_beanshell(),
            &[named(keys::SURPRISE_CHECK)],
            &actions,
        ),
        pieces::report_with(
            &[named(keys::REPORT_SURPRISE)],
            &surprise.report.to_beanshell(),
            "Surprise check",
            true,
        ),
    ];
    for ((name, e), key) in surprise.steps.iter().zip(&step_keys) {
        out.push(pieces::dynamic_property(
            name,
            &[
                ("", named(key), &e.to_beanshell()),
                ("", named(keys::CLEAR_COMBAT), ""),
            ],
            "Surprise step",
        ));
    }
    out
}

/// The marks of a declared battle: which units attack, which one defends.
fn mark_traits(tx: &Texts) -> Vec<Trait> {
    vec![
        pieces::report(
            &[named(keys::MARK_ATTACKER)],
            &tx.fill("ui.report_attacker", &[("piece", "$PieceName$")]),
            "Report attacker",
        ),
        pieces::report(
            &[named(keys::MARK_DEFENDER)],
            &tx.fill(
                "ui.report_defender",
                &[("piece", "$PieceName$"), ("location", "$LocationName$")],
            ),
            "Report defender",
        ),
        pieces::set_global_property(
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
        ),
        pieces::set_global_property(
            props::DEFENDER_HEX,
            &[
                ("", named(keys::MARK_DEFENDER), "$LocationName$"),
                ("", named(keys::CLEAR_COMBAT), ""),
            ],
            "Hex of the defending unit",
        ),
        pieces::dynamic_property(
            props::COMBAT_ROLE,
            &[
                (&tx.get("ui.attack"), named(keys::MARK_ATTACKER), "attacker"),
                (&tx.get("ui.defend"), named(keys::MARK_DEFENDER), "defender"),
                (&tx.get("ui.clear_mark"), named(keys::CLEAR_COMBAT), ""),
            ],
            "Role in the declared battle",
        ),
    ]
}

/// What a unit knows about where it stands in a battle: whether a hexside feature separates it from
/// the defender, and its attack strength now.
pub fn position_traits(game: &Game) -> Vec<Trait> {
    let rules = &game.rules;
    let mut out = Vec::new();
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
    out
}

/// Toolbar buttons: resolve the declared battle, clear the marks; and, in a game with a surprise
/// check, make it.
pub fn buttons(game: &Game, plan: &Plan) -> Vec<El> {
    let surprise = game.rules.combat.surprise.is_some().then(|| {
        module_command(
            &plan.tx.get("ui.surprise_check"),
            &plan.tx.get("ui.surprise_check_tooltip"),
            keys::SURPRISE_CHECK,
            &eq(prop(props::COMBAT_ROLE), s("defender")),
        )
    });
    surprise
        .into_iter()
        .chain([
            module_command(
                &plan.tx.get("ui.resolve"),
                &plan.tx.get("ui.resolve_tooltip"),
                keys::RESOLVE,
                &eq(prop(props::COMBAT_ROLE), s("defender")),
            ),
            module_command(
                &plan.tx.get("ui.clear_combat"),
                &plan.tx.get("ui.clear_combat_tooltip"),
                keys::CLEAR_COMBAT,
                &bin(Op::Ne, prop(props::COMBAT_ROLE), s("")),
            ),
        ])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::strength_text;
    use crate::vassal::expression::{Env, Value};

    /// One piece whose only property is a strength in 1/scale units.
    struct Strength(i64);

    impl Env for Strength {
        fn prop(&self, _: &str) -> Result<Value, String> {
            Ok(Value::Int(self.0))
        }
        fn pieces(&self) -> Vec<&dyn Env> {
            Vec::new()
        }
        fn stack(&self) -> Vec<&dyn Env> {
            Vec::new()
        }
        fn range_from_old(&self) -> i64 {
            0
        }
        fn random(&self, _: i64) -> i64 {
            1
        }
    }

    #[test]
    fn the_report_prints_a_scaled_strength_with_its_decimals() {
        // OCS 4.2: three attackers total 9.75 (39 quarters); a DG defence of 7 is 3.5.
        for (parts, scale, text) in [(39, 4, "9.75"), (14, 4, "3.5"), (40, 4, "10"), (7, 1, "7")] {
            let shown = strength_text("CombatAttack", scale).eval(&Strength(parts));
            assert_eq!(shown, Ok(Value::Str(text.into())), "{parts}/{scale}");
        }
    }
}
