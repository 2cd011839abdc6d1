//! Strength from a unit's state (`[[combat.strength_modifiers]]`, `[[combat.defence_bonuses]]`) and
//! the action rating from the units each side picks (`[combat.action_rating]`). The module's attack
//! and defence steps (`attack_scaled_expr`, `defence_scaled_expr` in strength_expr.rs) and its
//! AR properties compute the same.

use super::{MarkerFace, ModifierRounding, StrengthKind};
use crate::concept::game::{Combat, DefenceBonus, StrengthModifier};

/// One unit as the strength modifiers see it.
#[derive(Debug, Clone, Copy, Default)]
pub struct UnitState<'a> {
    pub unit_type: Option<&'a str>,
    pub side: Option<&'a str>,
    /// The markers on its stack, each with the face it shows.
    pub markers: &'a [(&'a str, MarkerFace)],
    /// The `[[combat.declarations]]` declared for this combat (`shifts::declared_in` filters them
    /// by kind).
    pub declared: &'a [&'a str],
}

/// Whether `m` changes `kind` of `unit`.
pub fn applies(m: &StrengthModifier, kind: StrengthKind, unit: &UnitState<'_>) -> bool {
    let marker_ok = m.marker.as_ref().is_none_or(|id| {
        unit.markers
            .iter()
            .any(|(on, face)| *on == id.as_str() && m.face().is_none_or(|f| f == *face))
    });
    let type_ok = m.unit_types.is_empty()
        || unit
            .unit_type
            .is_some_and(|t| m.unit_types.iter().any(|x| x.as_str() == t));
    let declared_ok = m
        .declared
        .iter()
        .all(|d| unit.declared.contains(&d.as_str()))
        && !m
            .not_declared
            .iter()
            .any(|d| unit.declared.contains(&d.as_str()));
    m.changes(kind) && marker_ok && type_ok && declared_ok
}

/// `strength` (after the attack modifiers and the mode) after the strength modifiers that change
/// `kind` of `unit`: their ratios multiplied into one and the product rounded once (The Last Stand at
/// Moscow 2.21: every modifier first, then round up once per unit); kept when every one that applies
/// keeps fractions, else up when one of those that do not keep them rounds up, else down.
pub fn strength_of(
    combat: &Combat,
    kind: StrengthKind,
    unit: &UnitState<'_>,
    strength: f64,
) -> f64 {
    let applying: Vec<&StrengthModifier> = combat
        .strength_modifiers
        .iter()
        .filter(|m| applies(m, kind, unit))
        .collect();
    let (numerator, denominator) = applying.iter().fold((1.0, 1.0), |(n, d), m| {
        (
            n * f64::from(m.numerator),
            d * f64::from(m.denominator.max(1)),
        )
    });
    let x = strength * numerator / denominator;
    let rounding: Vec<ModifierRounding> = applying
        .iter()
        .filter(|m| !m.keep_fractions)
        .map(|m| m.rounding())
        .collect();
    if rounding.is_empty() {
        x
    } else if rounding.contains(&ModifierRounding::Up) {
        x.ceil()
    } else {
        x.floor()
    }
}

/// Whether a defence bonus is added for `defender`: its declarations are made and its side is the
/// one named.
pub fn bonus_applies(b: &DefenceBonus, defender: &UnitState<'_>) -> bool {
    b.declared
        .iter()
        .all(|d| defender.declared.contains(&d.as_str()))
        && b.defender_side
            .as_ref()
            .is_none_or(|s| defender.side == Some(s.as_str()))
}

/// The defence total of one defender: `defence` after the strength modifiers, plus every bonus that
/// applies (`hex_defence` of a hex it holds alone).
pub fn defence_total(combat: &Combat, defender: &UnitState<'_>, defence: f64) -> f64 {
    hex_defence(combat, &[(*defender, defence)])
}

/// The defence of a hex: every defender's strength after the strength modifiers of its own state,
/// summed (all units marked to defend count), plus every bonus that applies to the first, added once
/// and only when the printed total is above 0 (The Last Stand at Moscow 6.22: not for a hex of units
/// that defend with 0). The module's defence step sums the same (`defence_scaled_expr`).
pub fn hex_defence(combat: &Combat, defenders: &[(UnitState<'_>, f64)]) -> f64 {
    let modified: f64 = defenders
        .iter()
        .map(|(unit, d)| strength_of(combat, StrengthKind::Defence, unit, *d))
        .sum();
    let printed: f64 = defenders.iter().map(|(_, d)| d).sum();
    match defenders.first() {
        Some((first, _)) if printed > 0.0 => modified + defence_bonus(combat, first),
        _ => modified,
    }
}

/// The defence bonuses that apply to `defender`, summed.
pub fn defence_bonus(combat: &Combat, defender: &UnitState<'_>) -> f64 {
    let bonus: u32 = combat
        .defence_bonuses
        .iter()
        .filter(|b| bonus_applies(b, defender))
        .map(|b| b.bonus.value)
        .sum();
    f64::from(bonus)
}

/// Where a combat's action-rating difference came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArSource {
    /// The two units the sides picked: attacker's AR less the defender's, in their modes.
    Units { attacker: i64, defender: i64 },
    /// A side picked no unit: the counts of `[combat.action_rating]` as the players set them.
    Counts,
}

/// The source of the AR difference: the picked units when each side picked exactly one whose AR is
/// known, else the counts.
pub fn ar_source(attacker: &[Option<i64>], defender: &[Option<i64>]) -> ArSource {
    match (attacker, defender) {
        ([Some(a)], [Some(d)]) => ArSource::Units {
            attacker: *a,
            defender: *d,
        },
        _ => ArSource::Counts,
    }
}

/// The values of the two AR counts that the picked units stand in for: the difference in the
/// attacker's favour and in the defender's, each 0 or more; `None` when the counts stand as set.
pub fn ar_counts(source: ArSource) -> Option<(u32, u32)> {
    match source {
        ArSource::Units { attacker, defender } => {
            let diff = attacker - defender;
            let clamp = |x: i64| u32::try_from(x.max(0)).unwrap_or(u32::MAX);
            Some((clamp(diff), clamp(-diff)))
        }
        ArSource::Counts => None,
    }
}
