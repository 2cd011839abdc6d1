//! Which `[[combat.shifts]]` apply to a combat, and by how many columns: a pure function of the
//! shift conditions and a description of the combat. Every condition a shift gives must hold, and a
//! shift whose columns come from a count (`by_count`, `per_count`) applies only when the count gives
//! it some.

use crate::concept::game::{ColumnShift, Combat};
use std::collections::BTreeMap;

/// What a combat looks like to the shift conditions.
#[derive(Debug, Clone, Default)]
pub struct Situation<'a> {
    /// Terrain id of the target hex.
    pub defender_terrain: Option<&'a str>,
    /// City kind in the target hex, if any.
    pub defender_city: Option<&'a str>,
    pub defender_side: Option<&'a str>,
    pub attacker_side: Option<&'a str>,
    /// Unit type of every attacking unit.
    pub attacker_types: Vec<&'a str>,
    /// Hexside features that every attacker attacks across.
    pub all_across: Vec<&'a str>,
    /// Weather id of the turn.
    pub weather: Option<&'a str>,
    /// The values of `[[combat.counts]]` by id (a count not given is 0).
    pub counts: BTreeMap<&'a str, u32>,
    /// The `[[combat.declarations]]` declared for this combat (as [`declared_in`] filters them).
    pub declared: Vec<&'a str>,
    /// The kind of attack (`Combat::attack_kind`: the regular one unless another is asked for);
    /// `None` in a game without kinds.
    pub attack_kind: Option<&'a str>,
}

/// The declarations among `declared` that count in this kind of attack: one limited to other kinds
/// counts as not declared.
pub fn declared_in<'a>(combat: &Combat, declared: &[&'a str], kind: Option<&str>) -> Vec<&'a str> {
    declared
        .iter()
        .copied()
        .filter(|d| {
            combat
                .declarations
                .iter()
                .find(|x| x.id.as_str() == *d)
                .is_none_or(|x| super::kind_admits(&x.attack_kinds, kind))
        })
        .collect()
}

/// The columns a shift moves in this situation, before its other conditions: `shift`, the
/// `by_count` step the count reaches (0 below the first), or `per_count` times the count.
pub fn columns(shift: &ColumnShift, s: &Situation<'_>) -> i32 {
    let count = |id: &str| s.counts.get(id).copied().unwrap_or(0);
    if let Some(by) = &shift.by_count {
        let n = count(&by.count);
        return by
            .steps
            .iter()
            .filter(|st| n >= st.at_least.value)
            .max_by_key(|st| st.at_least.value)
            .map_or(0, |st| st.shift.value);
    }
    if let Some(per) = &shift.per_count {
        let n = i64::from(count(&per.count));
        let total = n.saturating_mul(i64::from(per.shift.value));
        return total.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
    }
    shift.shift
}

/// Every value the columns of a shift can take other than 0, lowest and highest (for charts); `None`
/// when it never moves a column.
pub fn column_range(shift: &ColumnShift, combat: &Combat) -> Option<(i32, i32)> {
    let values: Vec<i32> = if let Some(by) = &shift.by_count {
        by.steps.iter().map(|st| st.shift.value).collect()
    } else if let Some(per) = &shift.per_count {
        let max = combat
            .counts
            .iter()
            .find(|c| c.id.as_str() == per.count.as_str())
            .and_then(|c| c.max());
        let min = combat
            .counts
            .iter()
            .find(|c| c.id.as_str() == per.count.as_str())
            .map_or(0, |c| c.min());
        let lo = i64::from(min.max(1)) * i64::from(per.shift.value);
        match max {
            Some(m) => vec![
                lo as i32,
                (i64::from(m) * i64::from(per.shift.value)) as i32,
            ],
            None => vec![lo as i32],
        }
    } else {
        vec![shift.shift]
    };
    let values: Vec<i32> = values.into_iter().filter(|v| *v != 0).collect();
    Some((*values.iter().min()?, *values.iter().max()?))
}

/// Whether one shift's conditions hold.
pub fn applies(shift: &ColumnShift, s: &Situation<'_>) -> bool {
    let is = |want: &Option<crate::model::Sp<String>>, have: Option<&str>| {
        want.as_ref().is_none_or(|w| have == Some(w.as_str()))
    };
    is(&shift.defender_terrain, s.defender_terrain)
        && super::kind_admits(&shift.attack_kinds, s.attack_kind)
        && is(&shift.defender_city, s.defender_city)
        && is(&shift.defender_side, s.defender_side)
        && is(&shift.attacker_side, s.attacker_side)
        && shift
            .all_attackers_across
            .as_ref()
            .is_none_or(|f| s.all_across.contains(&f.as_str()))
        && (shift.attacker_types.is_empty()
            || s.attacker_types
                .iter()
                .any(|t| shift.attacker_types.iter().any(|w| w.as_str() == *t)))
        && (shift.weather.is_empty()
            || s.weather
                .is_some_and(|w| shift.weather.iter().any(|x| x.as_str() == w)))
        && !s
            .weather
            .is_some_and(|w| shift.not_weather.iter().any(|x| x.as_str() == w))
        && shift
            .declared
            .iter()
            .all(|d| s.declared.contains(&d.as_str()))
        && !shift
            .not_declared
            .iter()
            .any(|d| s.declared.contains(&d.as_str()))
        && columns(shift, s) != 0
}

/// The shifts of the rules data that apply, in data order (in the regular kind of attack when the
/// situation names none).
pub fn applicable<'c>(combat: &'c Combat, s: &Situation<'_>) -> Vec<&'c ColumnShift> {
    let mut s = s.clone();
    s.attack_kind = combat.attack_kind(s.attack_kind);
    combat.shifts.iter().filter(|sh| applies(sh, &s)).collect()
}

/// The column shifts that apply, as numbers for `odds::resolve_odds`.
pub fn shift_values(combat: &Combat, s: &Situation<'_>) -> Vec<i32> {
    applicable(combat, s)
        .iter()
        .map(|sh| columns(sh, s))
        .collect()
}
