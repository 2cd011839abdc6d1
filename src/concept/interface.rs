//! The `Concept` interface: what a rule concept gives each stage, as typed values.
//!
//! A concept implements the hooks it has (each has an empty default) in its folder's `concept.rs`,
//! and one line of the registry (`src/concept/mod.rs`) lists it. The stages loop over that list:
//! `check` runs every concept's checks, `emit` places every concept's contributions in the module,
//! and the plan asks every concept for its board, its turn-track boxes and its own fields. A concept that assembles the others'
//! parts (the unit piece gathers each concept's commands and face parts) is handed the list as an
//! argument, so no concept file imports the registry that imports it. No stage names a concept.
//!
//! Where VASSAL reads traits or buttons in order (a piece's traits see a key outermost first), a
//! contribution names its place ([`PrototypeLayer`], [`CommandLayer`], [`ToolbarPlace`]); within a
//! place, contributions keep the registry's order.

use crate::concept::context::Context;
use crate::concept::game::{Game, Loaded, ScenarioFile, Unit};
use crate::concept::gpids::Gpids;
use crate::concept::module::Global;
use crate::concept::plan::{Board, OffMapBox, Plan, PlanNeeds, TrackLayout, TurnBox};
use crate::i18n::{Entries, Texts};
use crate::package::Entry;
use crate::vassal::expression::Expr;
use crate::vassal::traits::{Key, LayerReset, Piece, Trait};
use crate::vassal::xml::El;

/// One rule concept, as the stages see it.
pub trait Concept: Sync {
    /// The concept's name: its folder under `src/concept/`.
    fn name(&self) -> &'static str;

    /// Run its checks (stage 2).
    fn check(&self, _cx: &mut Context<'_>) {}

    /// Its player-visible texts in this game: keys, English defaults, where each is used (its
    /// folder's `texts.rs`).
    fn texts(&self, _game: &Game, _out: &mut Entries) {}

    /// Every interface text it may use, whatever the game: its keys of an interface catalog
    /// (`i18n/interface/<lang>.toml`).
    fn interface_texts(&self, _out: &mut Entries) {}

    /// The main map's board, if it draws the map: its hex layout and its sheets' boards.
    fn board(&self, _game: &Game) -> Option<Board> {
        None
    }

    /// Its lines of a turn box (each of its kind), the box's shading and the pieces starting in it.
    fn turn_box(&self, _game: &Game, _tx: &Texts, _turn: u32, _out: &mut TurnBox) {}

    /// Off-map boxes it needs on the turn-track board, by region name, each in its row.
    fn off_map_boxes(&self, _game: &Game, _tx: &Texts, _out: &mut Vec<OffMapBox>) {}

    /// The off-map boxes, by region name, whose starting units it sets up as a draw pile.
    fn draw_pile_boxes(&self, _game: &Game, _tx: &Texts, _out: &mut Vec<String>) {}

    /// Keys whose piece ids are reserved before any other (the at-start slots').
    fn reserved_gpids(&self, _game: &Game, _out: &mut Vec<String>) {}

    /// Its own fields of the plan (its images' names, its board, its scale).
    fn fill_plan(&self, _game: &Game, _plan: &mut Plan) {}

    /// What it adds to the module as a whole: help pages, toolbar buttons, global properties, the
    /// unit prototype's traits and further prototypes.
    fn module(&self, _game: &Game, _plan: &Plan, _out: &mut ModuleParts) {}

    /// Its commands on one unit's piece (the unit as it starts, not a replacement counter).
    /// `piece_of` builds the piece of another unit (a replacement counter) with its face parts.
    fn unit_commands(
        &self,
        _game: &Game,
        _plan: &Plan,
        _unit: &Unit,
        _piece_of: &dyn Fn(&Unit, &str) -> Option<Piece>,
        _out: &mut Vec<(CommandLayer, Vec<Trait>)>,
    ) {
    }

    /// Its part of every piece of `unit` (`faces`: the unit's faces in layer order).
    fn unit_faces(
        &self,
        _game: &Game,
        _plan: &Plan,
        _unit: &Unit,
        _faces: &[&str],
        _out: &mut FaceParts,
    ) {
    }

    /// The pieces a scenario starts with, where they start.
    fn placements(
        &self,
        _game: &Game,
        _plan: &Plan,
        _concepts: &[&dyn Concept],
        _scenario: &Loaded<ScenarioFile>,
        _gpids: &mut Gpids,
        _out: &mut Vec<Placed>,
    ) {
    }

    /// What it adds to the first scenario's at-start stacks beyond the placements.
    fn at_start(&self, _game: &Game, _plan: &Plan, _gpids: &mut Gpids, _out: &mut AtStartParts) {}

    /// Its piles in the card window (`layout`: the card board's boxes).
    fn card_piles(
        &self,
        _game: &Game,
        _plan: &Plan,
        _layout: &TrackLayout,
        _gpids: &mut Gpids,
        _out: &mut Vec<El>,
    ) {
    }

    /// Names it composes from catalog texts (a city's control marker), in the plan's language: the
    /// module's translations pair them across languages.
    fn composed_names(&self, _game: &Game, _plan: &Plan, _out: &mut Vec<String>) {}

    /// Its lists in the counter palette.
    fn palette(
        &self,
        _game: &Game,
        _plan: &Plan,
        _concepts: &[&dyn Concept],
        _gpids: &mut Gpids,
        _out: &mut Vec<PaletteList>,
    ) {
    }
}

/// The plan asks every concept for what it needs without knowing the `Concept` trait.
impl<T: Concept + ?Sized> PlanNeeds for T {
    fn board(&self, game: &Game) -> Option<Board> {
        Concept::board(self, game)
    }

    fn turn_box(&self, game: &Game, tx: &Texts, turn: u32, out: &mut TurnBox) {
        Concept::turn_box(self, game, tx, turn, out);
    }

    fn off_map_boxes(&self, game: &Game, tx: &Texts, out: &mut Vec<OffMapBox>) {
        Concept::off_map_boxes(self, game, tx, out);
    }

    fn draw_pile_boxes(&self, game: &Game, tx: &Texts, out: &mut Vec<String>) {
        Concept::draw_pile_boxes(self, game, tx, out);
    }

    fn reserved_gpids(&self, game: &Game, out: &mut Vec<String>) {
        Concept::reserved_gpids(self, game, out);
    }

    fn fill_plan(&self, game: &Game, plan: &mut Plan) {
        Concept::fill_plan(self, game, plan);
    }
}

impl std::fmt::Debug for dyn Concept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a toolbar button sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ToolbarPlace {
    /// Beside the turn tracker: the dice.
    Dice,
    /// After the predefined setups: the rule automation (resolve, victory, weather, …).
    Automation,
}

/// The layers of the prototype every unit shares, outermost first: a key reaches the reports before
/// the automation, and the automation before the properties it reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum PrototypeLayer {
    /// Chat reports of a step change and an elimination.
    Reports,
    /// Combat marks and their resolution.
    CombatResolution,
    /// Barrage marks.
    Barrage,
    /// The overstack warning.
    StackCheck,
    /// The weather movement-limit warning.
    MoveCheck,
    /// Where the unit stands, as combat reads it.
    CombatPosition,
    /// The weather the unit reads.
    Weather,
    /// The terrain and city of the unit's hex.
    Terrain,
    /// The side's name the inventory window groups by.
    Inventory,
}

/// The layers of a unit's own commands, after its prototypes, outermost first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum CommandLayer {
    /// Swap for a replacement counter.
    Replace,
    /// Fire on a fixed column.
    Fire,
    /// Change mode.
    Mode,
    /// Fire a barrage.
    Barrage,
    /// Give its side's action rating.
    ActionRating,
}

/// A page of the Help menu: the menu's entry, and the file of the archive it opens (a concept's
/// page comes from its own folder; the build writes the file beside the buildFile).
pub struct HelpPage {
    /// The Help menu's entry (a VASSAL `HelpFile` reading `file` from the archive).
    pub entry: El,
    /// The page itself.
    pub file: Entry,
}

impl HelpPage {
    /// The Help menu's entry for an HTML page of the archive at `name`, titled `title`.
    pub fn html(name: &str, title: String, html: String) -> HelpPage {
        HelpPage {
            entry: El::new("VASSAL.build.module.documentation.HelpFile")
                .attr("fileName", name)
                .attr("fileType", "archive")
                .attr("title", title)
                .attr("vassalDoc", "user"),
            file: Entry {
                name: name.to_string(),
                data: html.into_bytes(),
            },
        }
    }
}

/// The parent a raw component is written into, after the children vmodc writes there itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RawPlace {
    /// The module itself (`GameModule`): toolbar buttons, further maps, windows.
    Module,
    /// The main map (the map of `maps/<game>.toml`): its own toolbar buttons and helpers.
    MainMap,
    /// The prototypes (`PrototypesContainer`): prototypes the raw traits name.
    Prototypes,
    /// The module's global properties (`GlobalProperties`).
    GlobalProperties,
    /// The Help menu (`Documentation`).
    Documentation,
}

/// A component every module has one of, which vmodc writes and VASSAL adds itself when a module
/// lacks it (`GameModule.build`, `ensureComponent`: a component of the class or of a subclass).
/// A module made by hand that has its own subclass instead (a custom Chatter) keeps it raw, and
/// vmodc leaves the stock one to VASSAL: two would make VASSAL warn "No more than one [Chatter]".
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Deserialize, schemars::JsonSchema,
)]
pub enum StockComponent {
    BasicCommandEncoder,
    Chatter,
    KeyNamer,
    GlobalTranslatableMessages,
}

impl StockComponent {
    pub const ALL: [StockComponent; 4] = [
        StockComponent::BasicCommandEncoder,
        StockComponent::Chatter,
        StockComponent::KeyNamer,
        StockComponent::GlobalTranslatableMessages,
    ];

    /// VASSAL's class of the component.
    pub fn class(self) -> &'static str {
        match self {
            StockComponent::BasicCommandEncoder => "VASSAL.build.module.BasicCommandEncoder",
            StockComponent::Chatter => "VASSAL.build.module.Chatter",
            StockComponent::KeyNamer => "VASSAL.build.module.KeyNamer",
            StockComponent::GlobalTranslatableMessages => {
                "VASSAL.build.module.properties.GlobalTranslatableMessages"
            }
        }
    }
}

/// What concepts add to the module as a whole, gathered over the registry.
#[derive(Default)]
pub struct ModuleParts {
    /// Pages of the Help menu, each with the file it opens.
    pub help: Vec<HelpPage>,
    /// Toolbar buttons, each at its place.
    pub toolbar: Vec<(ToolbarPlace, El)>,
    /// Module-level global properties, with the buttons that change them.
    pub globals: Vec<Global>,
    /// Global properties a scenario's saved game sets to a value of its own.
    pub scenario_values: Vec<crate::concept::module::ScenarioValue>,
    /// Traits of the prototype every unit shares, each in its layer.
    pub unit_prototype: Vec<(PrototypeLayer, Vec<Trait>)>,
    /// Further prototypes (one per side), after the unit prototype.
    pub prototypes: Vec<(String, Piece)>,
    /// The turn tracker's report of a new turn or phase.
    pub turn_report: Option<Expr>,
    /// Components of an imported module kept verbatim, each at its place, in order.
    pub raw: Vec<(RawPlace, El)>,
    /// Stock components vmodc does not write: the module's own stand in for them, or VASSAL adds
    /// them.
    pub left_to_vassal: std::collections::BTreeSet<StockComponent>,
}

impl ModuleParts {
    /// Every concept's parts, in the registry's order.
    pub fn of(game: &Game, plan: &Plan, concepts: &[&dyn Concept]) -> ModuleParts {
        let mut parts = ModuleParts::default();
        for concept in concepts {
            concept.module(game, plan, &mut parts);
        }
        parts
    }

    /// The files the concepts add to the archive (their help pages).
    pub fn files(&self) -> impl Iterator<Item = &Entry> {
        self.help.iter().map(|page| &page.file)
    }

    /// Put `buttons` on the toolbar at `place`, after the ones already there.
    pub fn add_buttons(&mut self, place: ToolbarPlace, buttons: impl IntoIterator<Item = El>) {
        self.toolbar
            .extend(buttons.into_iter().map(|button| (place, button)));
    }

    /// The toolbar buttons at `place`, in registry order.
    pub fn toolbar_at(&self, place: ToolbarPlace) -> impl Iterator<Item = &El> {
        self.toolbar
            .iter()
            .filter(move |(p, _)| *p == place)
            .map(|(_, el)| el)
    }

    /// The stock component, unless it is left to VASSAL.
    pub fn stock(&self, component: StockComponent) -> Option<El> {
        (!self.left_to_vassal.contains(&component)).then(|| El::new(component.class()))
    }

    /// The raw components to write at `place`, in order.
    pub fn raw_at(&self, place: RawPlace) -> impl Iterator<Item = El> + '_ {
        self.raw
            .iter()
            .filter(move |(p, _)| *p == place)
            .map(|(_, el)| el.clone())
    }

    /// The unit prototype's traits, layer by layer.
    pub fn unit_prototype_traits(&self) -> Vec<Trait> {
        self.layers_from(PrototypeLayer::Reports)
    }

    /// The unit prototype's rule automation: every layer after the reports.
    pub fn automation_traits(&self) -> Vec<Trait> {
        self.layers_from(PrototypeLayer::CombatResolution)
    }

    fn layers_from(&self, first: PrototypeLayer) -> Vec<Trait> {
        let mut layers: Vec<&(PrototypeLayer, Vec<Trait>)> = self
            .unit_prototype
            .iter()
            .filter(|(layer, _)| *layer >= first)
            .collect();
        layers.sort_by_key(|(layer, _)| *layer);
        layers.into_iter().flat_map(|(_, t)| t.clone()).collect()
    }
}

/// A concept's part of every piece of a unit, around the layer of its faces.
#[derive(Default)]
pub struct FaceParts {
    /// Restrictions, outermost: they must stop a key before the prototypes' reports see it.
    pub restrict: Vec<Trait>,
    /// Traits just outside the faces' layer.
    pub above_faces: Vec<Trait>,
    /// A command that sets the faces' layer to a level once (and replaces the flip).
    pub reveal: Option<LayerReset<'static>>,
    /// The key that steps the faces' layer back.
    pub down_key: Option<Key<'static>>,
    /// Properties after the printed values (the unit's stacking points).
    pub after_values: Vec<Trait>,
}

/// A piece placed when a scenario starts.
pub struct Placed {
    pub map: String,
    pub board: String,
    /// Where the board starts in map coordinates (saved games place pieces in map coordinates).
    pub origin: (i32, i32),
    /// Grid location or region name.
    pub location: String,
    /// Board coordinates (also the fallback when the location does not resolve).
    pub point: (i32, i32),
    pub name: String,
    pub gpid: String,
    pub size: u32,
    pub piece: Piece,
}

/// A stack of pieces on the turn track when the game starts: its region, where it stands, and its
/// pieces (name, piece id, piece), all of one size.
pub struct TrackStack {
    pub region: String,
    pub point: (i32, i32),
    pub size: u32,
    pub pieces: Vec<(String, String, Piece)>,
}

/// What concepts add to the first scenario's at-start stacks beyond the placements.
#[derive(Default)]
pub struct AtStartParts {
    /// Turn-track regions that are draw piles (cups): units placed there go into a face-down pile
    /// instead of a stack.
    pub draw_piles: Vec<String>,
    /// Stacks of their own on the turn track.
    pub track_stacks: Vec<TrackStack>,
}

/// One list of the counter palette: its name and its pieces (name, piece id, size, piece).
pub struct PaletteList {
    pub name: String,
    pub pieces: Vec<(String, String, u32, Piece)>,
}
