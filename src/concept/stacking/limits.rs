//! Stacking limits (`[stacking]` of the rules): the limit of a side, and whether a stack keeps it.
//! Off-grid areas marked `no_stacking_limit` hold any number of units.

use crate::concept::map::place::Location;
use crate::model::{Game, StackLimit, Stacking};
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
        count: u32,
        max: u32,
    },
    TooManyOfBranch {
        branch: String,
        count: u32,
        max: u32,
    },
}

/// Stacking points of one unit: every unit counts one toward its side's limit (the module's
/// `StackPoints` property of every unit).
pub const POINTS_PER_UNIT: u32 = 1;

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

/// Check one side's units in one hex, given the branch of each unit (`None` for a type without one).
pub fn check_stack(limit: Limit, branches: &[Option<&str>]) -> Vec<Violation> {
    let mut out = Vec::new();
    let count = branches.len() as u32 * POINTS_PER_UNIT;
    if count > limit.max_units {
        out.push(Violation::TooMany {
            count,
            max: limit.max_units,
        });
    }
    if let Some(max) = limit.max_per_branch {
        let mut per: BTreeMap<&str, u32> = BTreeMap::new();
        for b in branches.iter().flatten() {
            *per.entry(b).or_default() += POINTS_PER_UNIT;
        }
        for (branch, n) in per {
            if n > max {
                out.push(Violation::TooManyOfBranch {
                    branch: branch.to_string(),
                    count: n,
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
    let branches: Vec<Option<&str>> = units
        .iter()
        .filter_map(|id| counters.units.iter().find(|u| u.id.as_str() == *id))
        .filter(|u| u.side.as_str() == side)
        .map(|u| {
            counters
                .unit_type(&u.unit_type)
                .and_then(|t| t.branch.as_ref())
                .map(|b| b.as_str())
        })
        .collect();
    check_stack(limit_for(&game.rules.stacking, side), &branches)
}
