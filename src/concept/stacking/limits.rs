//! Stacking limits (`[stacking]` of the rules): the limit of a side, and whether a stack keeps it.
//! Off-grid areas marked `no_stacking_limit` hold any number of units. Units count the stacking
//! points of their type (`stack_points`, 1 when not given); the module sums the same points.

use crate::concept::game::{Game, StackLimit, Stacking, Unit};
use crate::concept::map::place::Location;
use std::collections::BTreeMap;

/// The limit that applies to one side's units in one hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub max_units: u32,
    pub max_per_branch: Option<u32>,
}

/// A way a stack breaks its side's limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Violation {
    TooMany {
        count: Points,
        max: Points,
    },
    TooManyOfBranch {
        branch: String,
        count: Points,
        max: Points,
    },
}

/// A number of stacking points, held as a whole number of `1/scale` parts so that the module, whose
/// expressions sum only integers, counts exactly what the rules count (a quarter of a regiment
/// equivalent is 1 at scale 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Points {
    pub parts: u32,
    pub scale: u32,
}

impl Points {
    pub fn whole(n: u32, scale: u32) -> Self {
        Points {
            parts: n.saturating_mul(scale),
            scale,
        }
    }
}

impl std::fmt::Display for Points {
    /// Whole points, or with the hundredths cut (not rounded) to two digits and a trailing zero
    /// dropped: `2.25`, `0.5`, `0.33`. The module's report writes the same digits (module.rs).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let whole = self.parts / self.scale;
        let hundredths = self.parts % self.scale * 100 / self.scale;
        match hundredths {
            0 => write!(f, "{whole}"),
            h if h % 10 == 0 => write!(f, "{whole}.{}", h / 10),
            h => write!(f, "{whole}.{h:02}"),
        }
    }
}

/// Stacking points of a unit that gives none (the printed rule of most games: a unit is a unit).
pub const DEFAULT_POINTS: f64 = 1.0;

/// Largest denominator a stacking value may have (1/100: hundredths).
const MAX_DENOMINATOR: u32 = 100;

/// The smallest `d` with `value * d` a whole number, `None` for a negative value or one that needs
/// more than hundredths.
pub fn denominator(value: f64) -> Option<u32> {
    if !(0.0..=f64::from(u32::MAX / MAX_DENOMINATOR)).contains(&value) {
        return None;
    }
    (1..=MAX_DENOMINATOR).find(|d| {
        let scaled = value * f64::from(*d);
        (scaled - scaled.round()).abs() < 1e-9
    })
}

/// The scale every stacking value of the game is counted in: the least common multiple of their
/// denominators (1 when every value is whole).
pub fn scale(game: &Game) -> u32 {
    let types = game.counters.types.iter().map(|t| &t.stack_points);
    let units = game.counters.units.iter().map(|u| &u.stack_points);
    types
        .chain(units)
        .flatten()
        .filter_map(|v| denominator(v.value))
        .fold(1, lcm)
}

fn lcm(a: u32, b: u32) -> u32 {
    let gcd = |mut x: u32, mut y: u32| {
        while y != 0 {
            (x, y) = (y, x % y);
        }
        x
    };
    (a / gcd(a, b)).saturating_mul(b)
}

/// The stacking value of `unit` as the data gives it: its own, else its type's, else 1.
pub fn unit_value(game: &Game, unit: &Unit) -> f64 {
    unit.stack_points
        .as_ref()
        .or_else(|| {
            game.counters
                .unit_type(&unit.unit_type)
                .and_then(|t| t.stack_points.as_ref())
        })
        .map_or(DEFAULT_POINTS, |v| v.value)
}

/// The stacking points of `unit` at the game's scale.
pub fn unit_points(game: &Game, unit: &Unit, scale: u32) -> Points {
    let parts = (unit_value(game, unit) * f64::from(scale)).round();
    Points {
        parts: parts.clamp(0.0, f64::from(u32::MAX)) as u32,
        scale,
    }
}

/// The limit of `side`: its `[[stacking.limits]]` entry, else `[stacking] max_units`.
pub fn limit_for(stacking: &Stacking, side: &str) -> Limit {
    stacking
        .limits
        .iter()
        .find(|l| l.side.as_str() == side)
        .map_or(general_limit(stacking), side_limit)
}

/// The limits the data sets, in its order: one per `[[stacking.limits]]` entry, or, without any,
/// `[stacking] max_units` for every side (`None`).
pub fn declared_limits(stacking: &Stacking) -> Vec<(Option<&StackLimit>, Limit)> {
    if stacking.limits.is_empty() {
        return vec![(None, general_limit(stacking))];
    }
    stacking
        .limits
        .iter()
        .map(|l| (Some(l), side_limit(l)))
        .collect()
}

fn general_limit(stacking: &Stacking) -> Limit {
    Limit {
        max_units: stacking.max_units.value,
        max_per_branch: None,
    }
}

fn side_limit(l: &StackLimit) -> Limit {
    Limit {
        max_units: l.max_units.value,
        max_per_branch: l.max_per_branch.as_ref().map(|m| m.value),
    }
}

/// Check one side's units in one hex, given each unit's points and branch (`None` for a type
/// without one). Limits count whole units; the points carry the scale.
pub fn check_stack(limit: Limit, units: &[(Points, Option<&str>)], scale: u32) -> Vec<Violation> {
    let mut out = Vec::new();
    let count = units.iter().map(|(p, _)| p.parts).sum();
    let max = Points::whole(limit.max_units, scale);
    if count > max.parts {
        out.push(Violation::TooMany {
            count: Points {
                parts: count,
                scale,
            },
            max,
        });
    }
    if let Some(per_branch) = limit.max_per_branch {
        let max = Points::whole(per_branch, scale);
        let mut per: BTreeMap<&str, u32> = BTreeMap::new();
        for (p, b) in units {
            if let Some(b) = b {
                *per.entry(b).or_default() += p.parts;
            }
        }
        for (branch, parts) in per {
            if parts > max.parts {
                out.push(Violation::TooManyOfBranch {
                    branch: branch.to_string(),
                    count: Points { parts, scale },
                    max,
                });
            }
        }
    }
    out
}

/// Check units (by id) of `side` standing together at `at`. Units of other sides, and unknown ids,
/// are ignored; an area without a stacking limit never breaks it.
pub fn check_units(game: &Game, side: &str, units: &[&str], at: Location<'_>) -> Vec<Violation> {
    let units: Vec<&Unit> = units
        .iter()
        .filter_map(|id| game.counters.units.iter().find(|u| u.id.as_str() == *id))
        .collect();
    check_stack_of(game, side, &units, at)
}

/// [`check_units`] for units already looked up: the setup check has every unit by id, and finding
/// each of a scenario's units in the list one by one took 30 ms of a 4,000-unit game's check.
pub fn check_stack_of(
    game: &Game,
    side: &str,
    units: &[&Unit],
    at: Location<'_>,
) -> Vec<Violation> {
    if let Location::Area(id) = at {
        let exempt = game
            .map
            .areas
            .iter()
            .any(|a| a.id.as_str() == id && a.no_stacking_limit);
        if exempt {
            return Vec::new();
        }
    }
    let counters = &game.counters;
    let scale = scale(game);
    let stack: Vec<(Points, Option<&str>)> = units
        .iter()
        .filter(|u| u.side.as_str() == side)
        .map(|u| {
            let branch = counters
                .unit_type(&u.unit_type)
                .and_then(|t| t.branch.as_ref())
                .map(|b| b.as_str());
            (unit_points(game, u, scale), branch)
        })
        .collect();
    check_stack(limit_for(&game.rules.stacking, side), &stack, scale)
}
