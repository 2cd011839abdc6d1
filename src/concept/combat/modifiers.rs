//! Attack modifiers (`[[combat.attack_modifiers]]`): which apply to an attacking unit, and its
//! strength after them, applied in data order, each rounding as it says. The module's attack step
//! (`attack_scaled_expr` in strength_expr.rs) computes the same.

use super::{ModifierRounding, TerrainEffects, TerrainOf};
use crate::concept::game::{AttackModifier, Combat};

/// One attacking unit as the modifiers see it.
#[derive(Debug, Clone, Copy)]
pub struct Attacker<'a> {
    pub strength: f64,
    /// Its unit type, when known.
    pub unit_type: Option<&'a str>,
    /// Hexside features it attacks across.
    pub across: &'a [&'a str],
    /// The kind of attack it takes part in (`Combat::attack_kind`), `None` in a game without kinds.
    pub attack_kind: Option<&'a str>,
    /// The `[[combat.declarations]]` declared for this combat (`shifts::declared_in` filters them
    /// by kind).
    pub declared: &'a [&'a str],
}

/// Whether `m` applies to `a` in `weather`: `None` when that depends on the unit's type and the type
/// is not known.
pub fn applies(m: &AttackModifier, a: &Attacker<'_>, weather: Option<&str>) -> Option<bool> {
    let weather_ok = m
        .weather
        .as_ref()
        .is_none_or(|w| Some(w.as_str()) == weather)
        && !m.not_weather.iter().any(|w| Some(w.as_str()) == weather);
    let across_ok = m
        .across
        .as_ref()
        .is_none_or(|f| a.across.contains(&f.as_str()));
    let declarations_ok = m.declared.iter().all(|d| a.declared.contains(&d.as_str()))
        && !m
            .not_declared
            .iter()
            .any(|d| a.declared.contains(&d.as_str()));
    if !weather_ok
        || !across_ok
        || !declarations_ok
        || !super::kind_admits(&m.attack_kinds, a.attack_kind)
    {
        return Some(false);
    }
    if m.unit_types.is_empty() {
        return Some(true);
    }
    let unit_type = a.unit_type?;
    Some(m.unit_types.iter().any(|t| t.as_str() == unit_type))
}

/// `strength` after one modifier: multiplied, then kept or rounded as the modifier says.
pub fn modified(m: &AttackModifier, strength: f64) -> f64 {
    let x = strength * f64::from(m.numerator) / f64::from(m.denominator.max(1));
    if m.keep_fractions {
        return x;
    }
    match m.rounding() {
        ModifierRounding::Down => x.floor(),
        ModifierRounding::Up => x.ceil(),
    }
}

/// The attack strength of `a` after every modifier that applies, in data order; `Err` names the
/// modifiers that depend on a unit type the attacker does not give.
pub fn attack_of<'m>(
    modifiers: &'m [AttackModifier],
    a: &Attacker<'_>,
    weather: Option<&str>,
) -> Result<f64, Vec<&'m AttackModifier>> {
    chain(modifiers, a, weather, None)
}

/// The attack strength of `a` under the combat's rules: every modifier that applies, in data
/// order, except that with `terrain_effects = "one"` the hex's and the hexside's do not multiply
/// (OCS 9.4b: 「ヘクスかヘクスサイドのどちらかだけが適用可能であり 両方が累積して適用されることは
/// ありません」). The defender picks which one applies to each attacking stack; vmodc takes the pick
/// that leaves this unit weaker. (9.4b has the defender pick per stack: the two agree whenever one
/// choice is the weaker for every unit of a stack, as with the multipliers ≥ 1 of a hex and the
/// halving of a river.)
pub fn attack_in<'m>(
    combat: &'m Combat,
    a: &Attacker<'_>,
    weather: Option<&str>,
) -> Result<f64, Vec<&'m AttackModifier>> {
    let modifiers = &combat.attack_modifiers;
    let all = chain(modifiers, a, weather, None)?;
    if combat.terrain_effects() == TerrainEffects::Both {
        return Ok(all);
    }
    let applying = |of: TerrainOf| {
        modifiers
            .iter()
            .any(|m| m.terrain_of() == Some(of) && applies(m, a, weather) == Some(true))
    };
    if !(applying(TerrainOf::Hex) && applying(TerrainOf::Hexside)) {
        return Ok(all);
    }
    let hex = chain(modifiers, a, weather, Some(TerrainOf::Hexside))?;
    let hexside = chain(modifiers, a, weather, Some(TerrainOf::Hex))?;
    Ok(hex.min(hexside))
}

/// The modifiers that apply, in data order, leaving out those of the terrain `without`.
fn chain<'m>(
    modifiers: &'m [AttackModifier],
    a: &Attacker<'_>,
    weather: Option<&str>,
    without: Option<TerrainOf>,
) -> Result<f64, Vec<&'m AttackModifier>> {
    let mut strength = a.strength;
    let mut undecided = Vec::new();
    for m in modifiers {
        if without.is_some() && m.terrain_of() == without {
            continue;
        }
        match applies(m, a, weather) {
            Some(true) => strength = modified(m, strength),
            Some(false) => {}
            None => undecided.push(m),
        }
    }
    if undecided.is_empty() {
        Ok(strength)
    } else {
        Err(undecided)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Armour ×2 in Open (a hex effect) and ×1/2 across a river (a hexside effect), with the
    /// combat's `terrain_effects`.
    fn combat(terrain_effects: &str) -> Combat {
        toml::from_str(&format!(
            "kind = \"odds\"\ncolumns = [\"1:1\"]\nbelow_table = \"x\"\nterrain_effects = \"{terrain_effects}\"\n\
             results = [{{ code = \"DE\", name = \"x\", effect = \"x\" }}]\n\
             [[attack_modifiers]]\nid = \"open\"\nname = \"x\"\nunit_types = [\"armor\"]\nterrain = \"hex\"\n\
             numerator = 2\ndenominator = 1\nkeep_fractions = true\n\
             [[attack_modifiers]]\nid = \"river\"\nname = \"x\"\nacross = \"river\"\n\
             numerator = 1\ndenominator = 2\nkeep_fractions = true\n\
             [[attack_modifiers]]\nid = \"any\"\nname = \"x\"\nunit_types = [\"armor\"]\n\
             numerator = 3\ndenominator = 1\nkeep_fractions = true\n"
        ))
        .expect("test combat")
    }

    fn armour(across: &'static [&'static str]) -> Attacker<'static> {
        Attacker {
            strength: 9.0,
            unit_type: Some("armor"),
            across,
            attack_kind: None,
            declared: &[],
        }
    }

    /// OCS 9.4b: the hex's and the hexside's effects do not multiply; the defender's pick (the one
    /// that leaves the attacker weaker) applies, and a modifier that is no terrain's still does.
    #[test]
    fn hex_or_hexside_not_both() {
        let one = combat("one");
        let both = combat("both");
        // Armour 9 across a river into Open: ×2 × 1/2 (× 3) would be 27; only the river: 13.5.
        assert_eq!(attack_of(&both.attack_modifiers, &armour(&["river"]), None).ok(), Some(27.0));
        assert_eq!(attack_in(&both, &armour(&["river"]), None).ok(), Some(27.0));
        assert_eq!(attack_in(&one, &armour(&["river"]), None).ok(), Some(13.5));
        // Only one of them applies: nothing to pick.
        assert_eq!(attack_in(&one, &armour(&[]), None).ok(), Some(54.0));
        let infantry = Attacker {
            unit_type: Some("infantry"),
            ..armour(&["river"])
        };
        assert_eq!(attack_in(&one, &infantry, None).ok(), Some(4.5));
    }
}
