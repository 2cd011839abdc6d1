//! Which `[[combat.shifts]]` apply to a combat: a pure function of the shift conditions and a
//! description of the combat. Every condition a shift gives must hold.

use crate::model::{ColumnShift, Combat};

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
}

/// Whether one shift's conditions hold.
pub fn applies(shift: &ColumnShift, s: &Situation<'_>) -> bool {
    let is = |want: &Option<crate::model::Sp<String>>, have: Option<&str>| {
        want.as_ref().is_none_or(|w| have == Some(w.as_str()))
    };
    is(&shift.defender_terrain, s.defender_terrain)
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
}

/// The shifts of the rules data that apply, in data order.
pub fn applicable<'c>(combat: &'c Combat, s: &Situation<'_>) -> Vec<&'c ColumnShift> {
    combat.shifts.iter().filter(|sh| applies(sh, s)).collect()
}

/// The column shifts that apply, as numbers for [`super::odds::resolve_odds`].
pub fn shift_values(combat: &Combat, s: &Situation<'_>) -> Vec<i32> {
    applicable(combat, s).iter().map(|sh| sh.shift).collect()
}
