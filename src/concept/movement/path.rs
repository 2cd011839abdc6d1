//! The cheapest path between two hexes, in movement points, from the map data: each hex entered
//! costs its terrain's `move_cost`, or a line feature's (a road) when the move follows the line;
//! hexsides whose feature `blocks = ["movement"]` cannot be crossed; a hex whose terrain stops a
//! unit's branch (`stops`) ends its move. VASSAL records only where a move began and ended, so the
//! audit asks whether any path the data allows fits the unit's allowance.

use crate::concept::game::{Game, HexId};
use crate::concept::map::place::{known_neighbours, terrain_at};
use crate::concept::map::Blocked;
use crate::concept::movement::quarter_points;
use crate::model::keyword::Keyword;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap};

/// What the data says about entering each hex and crossing each hexside, built once per game.
#[derive(Debug, Clone)]
pub struct MoveMap {
    /// Quarters of a movement point to enter each hex; `None` where the terrain is unknown or its
    /// cost unusable.
    entry: BTreeMap<HexId, Option<i64>>,
    /// Branches that must stop on entering each hex.
    stops: BTreeMap<HexId, Vec<String>>,
    /// Hexsides no unit may cross, both ways.
    blocked: BTreeSet<(HexId, HexId)>,
    /// The cheapest line feature's cost between consecutive hexes of a line, both ways.
    along: BTreeMap<(HexId, HexId), i64>,
    /// Each line feature's links: consecutive hexes of its lines, both ways, by feature id.
    links: BTreeMap<String, BTreeMap<HexId, Vec<HexId>>>,
    neighbours: BTreeMap<HexId, Vec<HexId>>,
}

/// One move to price: its two ends, the unit's branch, and the hexes that end a move.
struct Route<'a> {
    from: HexId,
    to: HexId,
    branch: Option<&'a str>,
    ends_move: &'a BTreeSet<HexId>,
    /// A unit that starts in a hex of `ends_move` may not step straight into another one (BtM2
    /// 9.4: not from one enemy-ZOC hex directly to another).
    no_zoc_to_zoc: bool,
}

/// Whether a move fits, as far as the data can tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// The cheapest path costs this many quarters of a movement point.
    Costs(i64),
    /// No path the data allows joins the two hexes (blocked hexsides, stopping terrain).
    NoPath,
    /// Only paths through hexes whose cost the data does not give; the cheapest known path (if
    /// any) costs this much, and paths through the unknown hexes would cost at least the bound.
    Unknown { known: Option<i64>, bound: i64 },
}

impl MoveMap {
    pub fn new(game: &Game) -> MoveMap {
        let grid = &game.map.grid;
        let hexes = grid.hexes();
        let mut entry = BTreeMap::new();
        let mut stops = BTreeMap::new();
        let mut neighbours = BTreeMap::new();
        for &hex in &hexes {
            let id = terrain_at(game, hex);
            let terrain = game.rules.terrain.iter().find(|t| t.id.as_str() == id);
            let cost = terrain
                .filter(|t| !t.unknown)
                .and_then(|t| quarter_points(t.move_cost.value));
            entry.insert(hex, cost);
            if let Some(t) = terrain.filter(|t| !t.stops.is_empty()) {
                stops.insert(hex, t.stops.iter().map(|b| b.value.clone()).collect());
            }
            neighbours.insert(hex, known_neighbours(game, hex));
        }
        MoveMap {
            entry,
            stops,
            blocked: blocked_hexsides(game),
            along: line_costs(game),
            links: line_links(game),
            neighbours,
        }
    }

    /// The cheapest path from `from` to `to` for a unit of `branch`; a hex of `ends_move` (an
    /// enemy zone of control, where the rules end a move) may be entered only as the last.
    pub fn cheapest(
        &self,
        from: HexId,
        to: HexId,
        branch: Option<&str>,
        ends_move: &BTreeSet<HexId>,
    ) -> Reach {
        self.cheapest_leaving_zoc(from, to, branch, ends_move, false)
    }

    /// [`Self::cheapest`], where with `no_zoc_to_zoc` a unit that starts in a hex of `ends_move`
    /// may not step from it straight into another (`[movement.allowance] no_zoc_to_zoc`).
    pub fn cheapest_leaving_zoc(
        &self,
        from: HexId,
        to: HexId,
        branch: Option<&str>,
        ends_move: &BTreeSet<HexId>,
        no_zoc_to_zoc: bool,
    ) -> Reach {
        let bound = self.cheapest_step();
        let route = Route {
            from,
            to,
            branch,
            ends_move,
            no_zoc_to_zoc: no_zoc_to_zoc && ends_move.contains(&from),
        };
        let known = self.search(&route, None);
        let optimistic = self.search(&route, Some(bound));
        match (known, optimistic) {
            (Some(k), Some(o)) if k == o => Reach::Costs(k),
            (known, Some(o)) => Reach::Unknown { known, bound: o },
            (_, None) => Reach::NoPath,
        }
    }

    /// The cheapest path from `from` to `to` along the hexes line feature `line` joins, `per_hex`
    /// quarters of a point a hex whatever the terrain (a rail movement phase); a hex of `ends_move`
    /// may be entered only as the last. `None` when `from` is on no line of the feature.
    pub fn along_line(
        &self,
        line: &str,
        (from, to): (HexId, HexId),
        per_hex: i64,
        ends_move: &BTreeSet<HexId>,
    ) -> Option<Reach> {
        let links = self.links.get(line).filter(|l| l.contains_key(&from))?;
        let mut seen = BTreeSet::from([from]);
        let mut frontier = vec![from];
        let mut hexes = 0;
        while !frontier.is_empty() {
            if frontier.contains(&to) {
                return Some(Reach::Costs(hexes * per_hex));
            }
            hexes += 1;
            let mut next = Vec::new();
            for hex in frontier {
                if hex != from && ends_move.contains(&hex) {
                    continue;
                }
                for &n in links.get(&hex).into_iter().flatten() {
                    if !self.blocked.contains(&(hex, n)) && seen.insert(n) {
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        Some(Reach::NoPath)
    }

    /// The fewest hexes between `from` and `to` over the hexsides the data lets a unit cross (what
    /// a weather limit of "one hex per phase" counts).
    pub fn hexes_between(&self, from: HexId, to: HexId) -> Option<u32> {
        let mut seen = BTreeSet::from([from]);
        let mut frontier = vec![from];
        let mut steps = 0;
        while !frontier.is_empty() {
            if frontier.contains(&to) {
                return Some(steps);
            }
            steps += 1;
            let mut next = Vec::new();
            for hex in frontier {
                for &n in self.neighbours.get(&hex).into_iter().flatten() {
                    if !self.blocked.contains(&(hex, n)) && seen.insert(n) {
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        None
    }

    /// The cheapest cost of entering any hex (the bound for hexes whose cost is unknown).
    fn cheapest_step(&self) -> i64 {
        let terrain = self.entry.values().flatten();
        let lines = self.along.values();
        terrain.chain(lines).copied().min().unwrap_or(0)
    }

    /// Dijkstra over the hexes; `unknown_cost` prices hexes of unknown cost (`None`: they cannot be
    /// entered).
    fn search(&self, route: &Route, unknown_cost: Option<i64>) -> Option<i64> {
        let (from, to, branch) = (route.from, route.to, route.branch);
        let mut best: BTreeMap<HexId, i64> = BTreeMap::from([(from, 0)]);
        let mut queue = BinaryHeap::from([Reverse((0i64, from))]);
        while let Some(Reverse((cost, hex))) = queue.pop() {
            if hex == to {
                return Some(cost);
            }
            let stops = self.stops_at(hex, branch) || route.ends_move.contains(&hex);
            if best.get(&hex).is_some_and(|b| *b < cost) || (hex != from && stops) {
                continue;
            }
            for &n in self.neighbours.get(&hex).into_iter().flatten() {
                if route.no_zoc_to_zoc && hex == from && route.ends_move.contains(&n) {
                    continue;
                }
                let Some(step) = self.step_cost(hex, n, unknown_cost) else {
                    continue;
                };
                let total = cost + step;
                if best.get(&n).is_none_or(|b| total < *b) {
                    best.insert(n, total);
                    queue.push(Reverse((total, n)));
                }
            }
        }
        None
    }

    fn stops_at(&self, hex: HexId, branch: Option<&str>) -> bool {
        let Some(branch) = branch else {
            return false;
        };
        self.stops
            .get(&hex)
            .is_some_and(|b| b.iter().any(|s| s == branch))
    }

    /// Quarters to step from `a` into `b`: along a line when one joins them, else `b`'s terrain.
    fn step_cost(&self, a: HexId, b: HexId, unknown_cost: Option<i64>) -> Option<i64> {
        if self.blocked.contains(&(a, b)) {
            return None;
        }
        let terrain = self.entry.get(&b).copied().flatten().or(unknown_cost);
        let line = self.along.get(&(a, b)).copied();
        match (terrain, line) {
            (Some(t), Some(l)) => Some(t.min(l)),
            (t, l) => t.or(l),
        }
    }
}

/// Every hexside whose feature blocks movement, as ordered pairs both ways.
fn blocked_hexsides(game: &Game) -> BTreeSet<(HexId, HexId)> {
    let grid = &game.map.grid;
    let blocking: Vec<&str> = game
        .rules
        .hexside_features
        .iter()
        .filter(|f| f.blocks.iter().any(|b| Blocked::parse(b) == Some(Blocked::Movement)))
        .map(|f| f.id.as_str())
        .collect();
    let mut out = BTreeSet::new();
    for set in game.map.hexsides.iter().filter(|s| blocking.contains(&s.feature.as_str())) {
        for pair in &set.pairs {
            let [a, b] = &pair.value;
            if let (Some(a), Some(b)) = (grid.parse(a), grid.parse(b)) {
                out.insert((a, b));
                out.insert((b, a));
            }
        }
    }
    out
}

/// The cost of moving between consecutive hexes of every line whose feature has a cost of its own.
fn line_costs(game: &Game) -> BTreeMap<(HexId, HexId), i64> {
    let grid = &game.map.grid;
    let mut out: BTreeMap<(HexId, HexId), i64> = BTreeMap::new();
    for line in &game.map.lines {
        let feature = game
            .rules
            .line_features
            .iter()
            .find(|f| f.id.as_str() == line.feature.as_str());
        let Some(cost) = feature
            .and_then(|f| f.move_cost.as_ref())
            .and_then(|c| quarter_points(c.value))
        else {
            continue;
        };
        let hexes: Vec<HexId> = line.path.iter().filter_map(|h| grid.parse(h)).collect();
        for pair in hexes.windows(2) {
            for key in [(pair[0], pair[1]), (pair[1], pair[0])] {
                let entry = out.entry(key).or_insert(cost);
                *entry = (*entry).min(cost);
            }
        }
    }
    out
}

/// The hexes each line feature joins: consecutive hexes of its lines, both ways.
fn line_links(game: &Game) -> BTreeMap<String, BTreeMap<HexId, Vec<HexId>>> {
    let grid = &game.map.grid;
    let mut out: BTreeMap<String, BTreeMap<HexId, Vec<HexId>>> = BTreeMap::new();
    for line in &game.map.lines {
        let hexes: Vec<HexId> = line.path.iter().filter_map(|h| grid.parse(h)).collect();
        let links = out.entry(line.feature.as_str().to_string()).or_default();
        for pair in hexes.windows(2) {
            for (a, b) in [(pair[0], pair[1]), (pair[1], pair[0])] {
                let next = links.entry(a).or_default();
                if !next.contains(&b) {
                    next.push(b);
                }
            }
        }
    }
    out
}
