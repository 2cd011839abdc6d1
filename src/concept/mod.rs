//! The rule concepts a game's data can express, one home each, and the registry that lists them.
//!
//! A concept's folder holds everything about it side by side: its data types (`mod.rs`, deserialized
//! from the game's TOML files), its checks (`check.rs`), its rule logic as pure functions (used by
//! the checks, `vmodc odds` and the tests), its player texts (`texts.rs`), what it adds to the VASSAL
//! module (`module.rs`: traits, global properties, buttons), and its hooks of the [`Concept`]
//! interface (`concept.rs`). The stages loop over [`CONCEPTS`] and name no concept; see
//! docs/architecture.md.
//!
//! Beside the concepts, what they share: the game they compose ([`game`]), the check context
//! ([`context`]), the module's plan ([`plan`]), piece ids ([`gpids`]), the interface ([`interface`]),
//! the names one concept sets and another reads ([`module`]), every concept's texts gathered
//! ([`texts`]) and the print-and-play PDF's texts, which no concept owns (`print_texts.rs`).
//!
//! [`Concept`]: interface::Concept

pub mod context;
pub mod game;
pub mod gpids;
pub mod interface;
pub mod module;
pub mod plan;
pub(crate) mod print_texts;
pub mod texts;

/// Declares each concept's folder as a module and registers it: one line per concept.
macro_rules! registry {
    ($($folder:ident => $concept:ident,)*) => {
        $(pub mod $folder;)*

        /// Every concept, in contribution order: within a place (the global properties, the
        /// automation buttons, the at-start piece ids, a scenario's placements before the morale
        /// chits), contributions come in this order.
        pub static CONCEPTS: &[&dyn interface::Concept] = &[$(&$folder::concept::$concept,)*];
    };
}

registry! {
    series => SeriesConcept,
    units => UnitsConcept,
    markers => MarkersConcept,
    modes => ModesConcept,
    hidden => HiddenConcept,
    steps => StepsConcept,
    sequence => SequenceConcept,
    map => MapConcept,
    art => ArtConcept,
    movement => MovementConcept,
    stacking => StackingConcept,
    combat => CombatConcept,
    cards => CardsConcept,
    setup => SetupConcept,
    morale => MoraleConcept,
    barrage => BarrageConcept,
    air => AirConcept,
    victory => VictoryConcept,
    weather => WeatherConcept,
    provenance => ProvenanceConcept,
    special_rules => SpecialRulesConcept,
    releases => ReleasesConcept,
    supply => SupplyConcept,
    reports => ReportsConcept,
    inventory => InventoryConcept,
    raw => RawConcept,
}
