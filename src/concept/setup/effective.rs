//! A scenario as it plays: `based_on` followed, each part taken from the nearest scenario in the
//! chain that defines it.

use crate::concept::game::{
    City, Control, Game, Loaded, OffMap, Placement, Reinforcement, Replacements, ScenarioFile,
    Victory,
};
use crate::model::FileId;

/// What a scenario holds once `based_on` is followed: each part comes from the nearest scenario in
/// the chain that defines it, with that scenario's file for diagnostics.
#[derive(Debug, Clone, Copy)]
pub struct Effective<'g> {
    pub scenario: &'g Loaded<ScenarioFile>,
    pub setup: (FileId, &'g [Placement]),
    pub off_map: (FileId, &'g [OffMap]),
    pub reinforcements: (FileId, &'g [Reinforcement]),
    pub replacements: (FileId, &'g [Replacements]),
    pub control: (FileId, &'g [Control]),
    pub victory: Option<(FileId, &'g Victory)>,
    pub start_turn: Option<u32>,
    pub start_phase: Option<&'g str>,
}

impl Game {
    pub fn scenario(&self, id: &str) -> Option<&Loaded<ScenarioFile>> {
        self.scenarios.iter().find(|s| s.scenario.id.as_str() == id)
    }

    /// The scenario followed by its bases (stops at a missing base or a cycle).
    pub fn scenario_chain<'g>(
        &'g self,
        s: &'g Loaded<ScenarioFile>,
    ) -> Vec<&'g Loaded<ScenarioFile>> {
        let mut chain = vec![s];
        let mut current = s;
        while let Some(base) = &current.scenario.based_on {
            match self.scenario(base) {
                Some(b) if !chain.iter().any(|c| c.file == b.file) => {
                    chain.push(b);
                    current = b;
                }
                _ => break,
            }
        }
        chain
    }

    /// The side that controls `city` when the scenario starts: the scenario's `[[control]]` (or its
    /// base's), else the city's own `control` on the map.
    pub fn control_at_start<'g>(&'g self, s: &'g Loaded<ScenarioFile>, city: &'g City) -> &'g str {
        self.effective(s)
            .control
            .1
            .iter()
            .find(|c| c.city.as_str() == city.hex.as_str())
            .map_or(city.control.as_str(), |c| c.side.as_str())
    }

    /// The victory conditions a scenario plays by, with the id of the scenario that writes them (its
    /// own, or its base's): their texts are keyed by that id (`victory.<id>-1`).
    pub fn victory_of<'g>(&'g self, s: &'g Loaded<ScenarioFile>) -> Option<(&'g str, &'g Victory)> {
        self.scenario_chain(s)
            .into_iter()
            .find_map(|c| c.victory.as_ref().map(|v| (c.scenario.id.as_str(), v)))
    }

    /// Whether the scenarios play by different victory conditions: then the Victory button judges
    /// by the conditions of the scenario played (`Scenario`).
    pub fn victories_differ(&self) -> bool {
        let mut owners = self.scenarios.iter().map(|s| self.victory_of(s).map(|(id, _)| id));
        let first = owners.next();
        owners.any(|other| Some(other) != first)
    }

    /// Whether the module needs to know which scenario is played (the `Scenario` property): the
    /// scenarios schedule different arrivals or play by different victory conditions.
    pub fn scenarios_differ(&self) -> bool {
        self.schedules_differ() || self.victories_differ()
    }

    /// Whether the scenarios schedule different replacements or reinforcements: then the module
    /// knows which scenario is played (`Scenario`) and announces that scenario's arrivals only.
    pub fn schedules_differ(&self) -> bool {
        type Schedule<'g> = (Vec<(u32, &'g str, &'g str)>, Vec<(u32, Vec<(&'g str, u32)>)>);
        fn schedule<'g>(game: &'g Game, s: &'g Loaded<ScenarioFile>) -> Schedule<'g> {
            let e = game.effective(s);
            let arrivals: Vec<(u32, &str, &str)> = e
                .reinforcements
                .1
                .iter()
                .map(|r| (r.turn.value, r.unit.as_str(), r.face.as_str()))
                .collect();
            let steps: Vec<(u32, Vec<(&str, u32)>)> = e
                .replacements
                .1
                .iter()
                .map(|r| {
                    let by_side = r.steps.iter().map(|(k, v)| (k.as_str(), v.value)).collect();
                    (r.turn.value, by_side)
                })
                .collect();
            (arrivals, steps)
        }
        let mut all = self.scenarios.iter().map(|s| schedule(self, s));
        let first = all.next();
        all.any(|other| Some(other) != first)
    }

    /// The turn a scenario starts on: its `start_turn` (or its base's), else 1.
    pub fn start_turn_of(&self, s: &Loaded<ScenarioFile>) -> u32 {
        self.effective(s).start_turn.unwrap_or(1)
    }

    /// The phase a scenario starts in, as an index into `[[phases]]`: its `start_phase` (or its
    /// base's), else the first (an unknown phase, which the check refuses, counts as the first).
    pub fn start_phase_of(&self, s: &Loaded<ScenarioFile>) -> usize {
        let start = self.effective(s).start_phase;
        self.rules
            .phases
            .iter()
            .position(|p| Some(p.id.as_str()) == start)
            .unwrap_or(0)
    }

    /// The turn a new game starts on: the first scenario's, which is the module's own setup (File >
    /// New Game). Every other scenario's saved game sets the turn tracker to its own start.
    pub fn start_turn(&self) -> u32 {
        self.scenarios.first().map_or(1, |s| self.start_turn_of(s))
    }

    /// The phase a new game starts in, as an index into `[[phases]]`: the first scenario's.
    pub fn start_phase_index(&self) -> usize {
        self.scenarios.first().map_or(0, |s| self.start_phase_of(s))
    }

    pub fn effective<'g>(&'g self, s: &'g Loaded<ScenarioFile>) -> Effective<'g> {
        let chain = self.scenario_chain(s);
        fn pick<'g, T>(
            chain: &[&'g Loaded<ScenarioFile>],
            get: impl Fn(&'g ScenarioFile) -> &'g [T],
        ) -> (FileId, &'g [T]) {
            chain
                .iter()
                .map(|c| (c.file, get(&c.data)))
                .find(|(_, items)| !items.is_empty())
                .unwrap_or((chain[0].file, &[]))
        }
        Effective {
            scenario: s,
            setup: pick(&chain, |f| &f.setup),
            off_map: pick(&chain, |f| &f.off_map),
            reinforcements: pick(&chain, |f| &f.reinforcements),
            replacements: pick(&chain, |f| &f.replacements),
            control: pick(&chain, |f| &f.control),
            victory: chain
                .iter()
                .find_map(|c| c.victory.as_ref().map(|v| (c.file, v))),
            start_turn: chain
                .iter()
                .find_map(|c| c.scenario.start_turn.as_ref().map(|t| t.value)),
            start_phase: chain
                .iter()
                .find_map(|c| c.scenario.start_phase.as_ref().map(|p| p.as_str())),
        }
    }
}
