//! The printed components of a game, as the words that name them: where a missing fact is printed
//! (`[[missing]] found_on`). Diagnostics carry the component (`vmodc check --todo` groups by it), so
//! the word sits below both the diagnostics and the provenance concept.

use crate::model::keyword::keyword;

keyword! {
    /// The component of a game where a missing fact is printed (`[[missing]] found_on`).
    pub enum Component {
        Map = "map",
        CounterSheet = "counter-sheet",
        CrtCard = "crt-card",
        TurnTrack = "turn-track",
        Cards = "cards",
        Rulebook = "rulebook",
    }
}

impl Component {
    /// The heading of its group in `vmodc check GAME --todo`.
    pub fn heading(self) -> &'static str {
        match self {
            Component::Map => "from the map",
            Component::CounterSheet => "from the counter sheet",
            Component::CrtCard => "from the CRT card",
            Component::TurnTrack => "from the turn track",
            Component::Cards => "from the cards",
            Component::Rulebook => "from the rulebook",
        }
    }
}
