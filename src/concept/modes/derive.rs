//! A unit's mode and the values it derives (the module's Mode command reports the same).

use crate::concept::game::{Game, Mode};

/// `"1/4"` → (1, 4), `"2"` → (2, 1), `"0"` → (0, 1); `None` for anything else.
pub fn ratio(text: &str) -> Option<(u32, u32)> {
    let (n, d) = text.split_once('/').unwrap_or((text, "1"));
    let (n, d): (u32, u32) = (n.trim().parse().ok()?, d.trim().parse().ok()?);
    (d > 0).then_some((n, d))
}

/// The mode a unit is in: the first mode (in data order) whose marker is on its stack, else the
/// mode its face up shows.
pub fn mode_of<'g>(game: &'g Game, face: &str, markers_on_stack: &[&str]) -> Option<&'g Mode> {
    let modes = &game.rules.modes;
    modes
        .iter()
        .find(|m| {
            m.marker
                .as_ref()
                .is_some_and(|k| markers_on_stack.contains(&k.as_str()))
        })
        .or_else(|| {
            modes
                .iter()
                .find(|m| m.face.as_ref().is_some_and(|f| f.as_str() == face))
        })
}

/// `value` times the mode's ratio for it (none: unchanged).
pub fn scaled(value: f64, by: Option<&str>) -> f64 {
    match by.and_then(ratio) {
        Some((n, d)) => value * f64::from(n) / f64::from(d),
        None => value,
    }
}

/// The action rating in the mode: set, changed, or as printed.
pub fn action_rating(mode: &Mode, printed: i64) -> i64 {
    match (&mode.action_rating, &mode.action_rating_change) {
        (Some(set), _) => i64::from(set.value),
        (None, Some(change)) => printed + i64::from(change.value),
        (None, None) => printed,
    }
}
