//! Attack and defence in scaled units, modifiers applied: the strengths the odds columns start at.

use crate::concept::combat::step_terms::{
    declared, is_defender, kind_is, not_declared, printed_defence_total,
};
use crate::concept::combat::{MarkerFace, ModifierRounding, StrengthKind, TerrainEffects, TerrainOf};
use crate::concept::game::Game;
use crate::concept::game::{AttackModifier, StrengthModifier};
use crate::concept::module::{across_property, props, strength_modifier_property, value_property};
use crate::vassal::expression::{add, and, any, bin, cond, eq, int, prop, s, Expr, Op};

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

/// A unit's attack strength in scaled units, with the attack modifiers that apply now
/// (modifiers.rs `attack_in` computes the same).
pub fn attack_scaled_expr(game: &Game) -> Expr {
    let scale = attack_scale(game);
    let combat = &game.rules.combat;
    let strength = prop(&value_property(combat.attack_value()));
    let start = in_mode(game, strength.clone(), scale);
    let all = modifier_chain(game, start.clone(), scale, None);
    // OCS 9.4b: the hex's and the hexside's modifiers do not multiply; where both apply, the
    // defender's pick, taken as the one that leaves the unit weaker.
    let mut e = if combat.terrain_effects() == TerrainEffects::One {
        let applying = |of: TerrainOf| {
            any(combat
                .attack_modifiers
                .iter()
                .filter(|m| m.terrain_of() == Some(of))
                .map(|m| modifier_applies(game, m))
                .collect())
        };
        let (hex, hexside) = (applying(TerrainOf::Hex), applying(TerrainOf::Hexside));
        let without_hexside = modifier_chain(game, start.clone(), scale, Some(TerrainOf::Hexside));
        let without_hex = modifier_chain(game, start, scale, Some(TerrainOf::Hex));
        cond(
            and(hex, hexside),
            Expr::Min(Box::new(without_hexside), Box::new(without_hex)),
            all,
        )
    } else {
        all
    };
    e = with_strength_modifiers(game, StrengthKind::Attack, e, scale);
    // A strength the sources do not give ("?") attacks with 0 rather than failing the expression.
    cond(eq(strength, s("?")), int(0), e)
}

/// `e` after each attack modifier in data order, on the strength so far, leaving out those of the
/// terrain `without`. `e` appears once in the result: each modifier multiplies and divides by a
/// factor that is 1 when it does not apply, rather than branching on a copy of the strength so far
/// (a branch per modifier doubled the expression each time: OCS's attack strength was 17 kB of
/// parentheses 21 deep, which VASSAL's BeanShell parser never finished reading).
fn modifier_chain(game: &Game, mut e: Expr, scale: i64, without: Option<TerrainOf>) -> Expr {
    for m in &game.rules.combat.attack_modifiers {
        if without.is_some() && m.terrain_of() == without {
            continue;
        }
        let ratio = Ratio {
            numerator: m.numerator,
            denominator: m.denominator,
            keep_fractions: m.keep_fractions,
            rounding: m.rounding(),
        };
        e = ratio.applied_when(modifier_applies(game, m), e, scale);
    }
    e
}

/// Whether an attack modifier applies to the evaluating unit now (modifiers.rs `applies`).
fn modifier_applies(game: &Game, m: &AttackModifier) -> Expr {
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
    conditions
        .into_iter()
        .reduce(and)
        .unwrap_or(eq(int(1), int(1)))
}

/// A multiplier and how it rounds (an attack modifier's or a strength modifier's).
struct Ratio {
    numerator: u32,
    denominator: u32,
    keep_fractions: bool,
    rounding: ModifierRounding,
}

impl Ratio {
    /// `e` (in 1/scale units) times the ratio where `applies` holds, kept or rounded to whole
    /// points; `e` unchanged where it does not. Each factor of the product is `applies ? k : 1`
    /// (or 0 for the rounding term), so the unchanged case is `e * 1 / 1 * 1`.
    fn applied_when(&self, applies: Expr, e: Expr, scale: i64) -> Expr {
        let (num, den) = (
            i64::from(self.numerator),
            i64::from(self.denominator.max(1)),
        );
        let when = |k: i64, otherwise: i64| cond(applies.clone(), int(k), int(otherwise));
        let times = bin(Op::Mul, e, when(num, 1));
        if self.keep_fractions {
            return bin(Op::Div, times, when(den, 1));
        }
        // Whole points: round e·num/den (in 1/scale units) down or up to a multiple of scale.
        let whole = den * scale;
        let dividend = match self.rounding {
            ModifierRounding::Down => times,
            ModifierRounding::Up => add(times, when(whole - 1, 0)),
        };
        bin(
            Op::Mul,
            bin(Op::Div, dividend, when(whole, 1)),
            when(scale, 1),
        )
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
    // Each modifier's condition is read from its own calculated property (`modifier_flags`): the
    // factors below name it four times, and a condition repeated would nest and grow with each.
    let applies = |m: &StrengthModifier| eq(prop(&strength_modifier_property(&m.id)), int(1));
    let factor = |part: &dyn Fn(&StrengthModifier) -> i64| {
        changing
            .iter()
            .map(|m| cond(applies(m), int(part(m)), int(1)))
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
            .map(|m| cond(applies(m), int(1), int(0)))
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

/// Every strength modifier's calculated property of a unit: 1 when it applies to the unit, else 0
/// (`strength_condition`).
pub fn modifier_flags(game: &Game) -> Vec<(String, Expr)> {
    let combat = &game.rules.combat;
    combat
        .strength_modifiers
        .iter()
        .map(|m| {
            let applies = cond(strength_condition(combat, m), int(1), int(0));
            (strength_modifier_property(&m.id), applies)
        })
        .collect()
}

/// Whether a strength modifier's conditions hold on the evaluating unit (`strength::applies`): the
/// marker on its stack (showing the face asked for), its type, the declarations.
pub fn strength_condition(combat: &crate::concept::game::Combat, m: &StrengthModifier) -> Expr {
    condition_with_types(combat, m, |types| types)
}

/// Whether a strength modifier applies to one of the marked defenders at least (for the report's
/// note): the markers lie on the stack every defender shares and the declarations are the battle's,
/// but the type is each unit's own, so it is asked of the defenders.
pub(super) fn applies_to_a_defender(
    combat: &crate::concept::game::Combat,
    m: &StrengthModifier,
) -> Expr {
    condition_with_types(combat, m, |types| {
        let some = Expr::Count(Box::new(and(is_defender(), types)));
        bin(Op::Gt, some, int(0))
    })
}

/// `strength_condition`, its unit-type term passed through `types`.
fn condition_with_types(
    combat: &crate::concept::game::Combat,
    m: &StrengthModifier,
    types: impl Fn(Expr) -> Expr,
) -> Expr {
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
        terms.push(types(any(m
            .unit_types
            .iter()
            .map(|t| eq(prop("Type"), s(t)))
            .collect())));
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
pub(super) fn bonus_condition(
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

/// One defending unit's strength in 1/scale units, in its mode and after the strength modifiers of
/// its own type and stack (`strength::strength_of`); 0 when the sources do not give it (`?`): the
/// steps' arithmetic must not meet a text (an untried unit not yet revealed, a counter value the
/// sources lack). Every unit carries it as a calculated property, which the defence step sums over
/// the units marked to defend.
pub fn unit_defence_scaled_expr(game: &Game) -> Expr {
    let scale = attack_scale(game);
    let defence = prop(&value_property(game.rules.combat.defence_value()));
    let modified = with_strength_modifiers(
        game,
        StrengthKind::Defence,
        in_mode(game, defence.clone(), scale),
        scale,
    );
    cond(eq(defence, s("?")), int(0), modified)
}

/// The defence total in 1/scale units (`strength::defence_total`): every marked defender's own
/// scaled defence, summed, plus the defence bonuses, added once for the hex and only when its printed
/// defence total is above 0 (The Last Stand at Moscow 6.22).
pub(super) fn defence_scaled_expr(game: &Game, scale: i64) -> Expr {
    let sum = Expr::Sum(props::DEFENCE_SCALED.into(), Box::new(is_defender()));
    match defence_bonus(game, scale) {
        Some(bonus) => add(
            sum,
            cond(
                bin(Op::Gt, printed_defence_total(&game.rules.combat), int(0)),
                bonus,
                int(0),
            ),
        ),
        None => sum,
    }
}
