//! The two air rolls as the text states them: flak (14.4e) and the air combat roll (14.3e).

/// A flak roll: the dice plus the AA points affecting the mission, and whether it hits (the
/// mission loses a step) at `hit_at` or more.
pub fn flak(roll: u32, aa_points: u32, hit_at: u32) -> (u32, bool) {
    let modified = roll + aa_points;
    (modified, modified >= hit_at)
}

/// The air combat roll: the dice plus the attacker's air strength minus the defender's. It may
/// fall below the dice's lowest roll.
pub fn air_combat(roll: u32, attacker: u32, defender: u32) -> i64 {
    i64::from(roll) + i64::from(attacker) - i64::from(defender)
}
