//! Combat: odds, the CRT, column shifts, attack modifiers, automatic results and the results themselves.

pub mod ar_command;
pub mod battle;
pub(crate) mod check;
pub mod concept;
mod crt_expr;
pub mod fire;
pub mod fire_command;
pub mod grammar;
pub mod modifiers;
pub mod module;
pub mod odds;
mod report_expr;
mod roll_expr;
mod shift_expr;
pub mod shifts;
pub(crate) mod step_terms;
pub mod strength;
mod strength_expr;
mod surprise_expr;
pub(crate) mod texts;

use crate::concept::provenance::cited;
use crate::model::keyword::{keyword, Keyword};
use crate::model::spanned::{yes, Sp};
use serde::Deserialize;
use std::collections::BTreeMap;

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Combat {
        /// `odds`: attack divided by defence, rounded down; `differential`: attack minus defence,
        /// rounded down.
        pub kind: Sp<String>,
        /// CRT columns from worst to best for the attacker: odds written `a:d`; differences written
        /// `-2`, `0`, `+3`, a range `+1..+2`, an open first column `≤-3` (or `-3 or less`) and an
        /// open last column `≥+6` (or `+6 or more`).
        pub columns: Vec<Sp<String>>,
        /// Highest column before shifts; better odds are lowered to it. None when the rules have no
        /// cap (OCS 9.7a, 9.7b: odds are read on the closest column at or below them).
        pub cap: Option<Sp<String>>,
        pub cap_rule: Option<Sp<String>>,
        /// `false` when the rules state no cap: `cap` is then not applied, and the completeness
        /// report lists it.
        #[serde(default = "yes")]
        pub cap_known: bool,
        /// What happens when the final odds fall below the first column.
        pub below_table: Sp<String>,
        /// The printed value units attack with (a `[counters] values` name; `strength` when not given).
        pub attack_value: Option<Sp<String>>,
        /// The printed value units defend with (`strength` when not given).
        pub defence_value: Option<Sp<String>>,
        /// How attack and defence become odds: `defender` (default: fractions dropped in the
        /// defender's favour) or `nearest` (the larger over the smaller, rounded once, a half up;
        /// OCS 4.1, 4.2, 9.7).
        pub rounding: Option<Sp<String>>,
        /// Odds below the first column: `below_table` (default: the `below_table` text applies),
        /// `first_column` (rolled on the first column, before and after shifts; OCS 9.1g) or
        /// `unknown` (the sources do not give the columns below it: the column is unknown).
        pub beyond_first: Option<Sp<String>>,
        /// Odds above the last column: `virtual` (default: whole ratios beyond it for shifts, rolled on
        /// the last column) or `unknown` (the sources stop at the last column: the column is unknown).
        pub beyond_last: Option<Sp<String>>,
        /// With `beyond_last = "unknown"`: the columns past the last one that the sources show by
        /// their results, in order, `?` for one they show exists but do not name (OCS p.16, 9.8:
        /// one column between 5:1 and 9:1). `known_cells` may name them.
        #[serde(default)]
        pub beyond_columns: Vec<Sp<String>>,
        /// Whole ratios the sources show a row lacks, so that odds at them are read on a lower
        /// column (OCS p.16: 「計算上の戦闘比は 6:1 ですが 平地のコラムにその戦闘比がないため 最初の
        /// コラムは 5:1」). They bound where a `?` of `beyond_columns` may lie.
        #[serde(default)]
        pub not_columns: Vec<Sp<String>>,
        /// Result codes the table may use, from best for the defender to best for the attacker
        /// (the order `vmodc check` uses to spot results that improve for the defender as odds rise).
        pub results: Vec<CombatResult>,
        /// Advance after combat (`advance`): who may move into a hex its defenders left.
        pub advance: Option<Advance>,
        /// One row per die roll: `"1" = ["DR", ...]`, one code per column. Empty when `table_known`
        /// is false.
        #[serde(default)]
        pub table: BTreeMap<String, Sp<Vec<Sp<String>>>>,
        /// `false` when the sources do not give the table; `known_cells` then holds what they give.
        #[serde(default = "yes")]
        pub table_known: bool,
        #[serde(default)]
        pub known_cells: Vec<KnownCell>,
        /// Odds that give a result without a die roll.
        #[serde(default)]
        pub automatic: Vec<AutomaticResult>,
        /// How the defender chooses the strength it defends with, in a sentence.
        #[serde(default)]
        pub defence: String,
        /// What happens to the units of both sides after every combat, in a sentence.
        #[serde(default)]
        pub after_combat: String,
        #[serde(default)]
        pub shifts: Vec<ColumnShift>,
        /// Numbers the players keep or choose for a combat (a damage track, air points), which column
        /// shifts may read (`by_count`, `per_count`).
        #[serde(default)]
        pub counts: Vec<Count>,
        /// Things a player declares for a combat (e.g. offensive supply), which column shifts may
        /// require (`declared`) or be cancelled by (`not_declared`).
        #[serde(default)]
        pub declarations: Vec<Declaration>,
        #[serde(default)]
        pub attack_modifiers: Vec<AttackModifier>,
        /// How the attack modifiers of the defender's hex and of the hexside attacked across
        /// combine: `both` (default: multiplied) or `one` (only one of the two applies, the
        /// defender's pick, taken as the one that leaves the attacker weaker; OCS 9.4b).
        pub terrain_effects: Option<Sp<String>>,
        /// Places where the printed table deliberately gets better for the defender as odds rise;
        /// listing one turns its warning into a note.
        #[serde(default)]
        pub reversals: Vec<Reversal>,
        /// Units that fire on a fixed column instead of attacking (`[[combat.fire]]`).
        #[serde(default)]
        pub fire: Vec<FixedFire>,
        /// Counts added to the combat roll before the CRT is read (`[[combat.roll_modifiers]]`).
        #[serde(default)]
        pub roll_modifiers: Vec<RollModifier>,
        /// How a result is spelled when it is built from parts (`[combat.result_grammar]`).
        pub result_grammar: Option<ResultGrammar>,
        /// Kinds of attack (`[[combat.attack_kinds]]`), the first the regular one: an overrun is
        /// resolved like combat but with its own die, shifts or surprise thresholds.
        #[serde(default)]
        pub attack_kinds: Vec<AttackKind>,
        /// The surprise check before the combat roll (`[combat.surprise]`, OCS 9.8).
        pub surprise: Option<Surprise>,
        /// The action rating each side takes from one unit it picks (`[combat.action_rating]`, OCS
        /// 9.2 step 3, 9.6).
        pub action_rating: Option<ActionRating>,
        /// Attack or defence multiplied while a unit's state holds: a marker on its stack, a
        /// declaration (`[[combat.strength_modifiers]]`, The Last Stand at Moscow 6.23-6.25).
        #[serde(default)]
        pub strength_modifiers: Vec<StrengthModifier>,
        /// A flat amount added once to the defence total (`[[combat.defence_bonuses]]`, The Last
        /// Stand at Moscow 6.22).
        #[serde(default)]
        pub defence_bonuses: Vec<DefenceBonus>,
    }
}

cited! {
    /// The action rating of a combat taken from one unit per side (`[combat.action_rating]`): each
    /// unit gets a command that marks it as its side's AR unit; when both sides have marked one, the
    /// difference of their ARs in their modes (OCS 9.6a: DG −1, Strat 0) stands in for the two counts
    /// that otherwise hold it, in the combat roll and the surprise roll alike.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct ActionRating {
        /// The printed value that is the action rating (a `[counters] values` name).
        pub value: Sp<String>,
        /// The `[[combat.counts]]` id holding the difference in the attacker's favour.
        pub attacker_count: Sp<String>,
        /// The `[[combat.counts]]` id holding the difference in the defender's favour.
        pub defender_count: Sp<String>,
    }
}

cited! {
    /// A unit's attack and/or defence multiplied by `numerator / denominator` while all its
    /// conditions hold (`[[combat.strength_modifiers]]`). Applied after `[[combat.attack_modifiers]]`
    /// and the mode; the ratios of those that apply multiply into one, rounded once
    /// (`strength::strength_of`; The Last Stand at Moscow 2.21).
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct StrengthModifier {
        pub id: Sp<String>,
        pub name: String,
        /// Which strengths it changes: `attack`, `defence`, or both.
        pub strengths: Vec<Sp<String>>,
        /// Only a unit with this marker (`[[markers]]` id) on its stack (OCS 4.8b: a marker on top of
        /// a stack is on every unit beneath).
        pub marker: Option<Sp<String>>,
        /// With `marker`: only when the marker shows this face, `front` or `back` (The Last Stand at
        /// Moscow 6.24-6.25: Out of Supply on the front, Isolated on the back).
        pub marker_face: Option<Sp<String>>,
        /// Only units of these types (every type when empty).
        #[serde(default)]
        pub unit_types: Vec<Sp<String>>,
        /// Only when all these `[[combat.declarations]]` are declared.
        #[serde(default)]
        pub declared: Vec<Sp<String>>,
        /// Never when one of these `[[combat.declarations]]` is declared.
        #[serde(default)]
        pub not_declared: Vec<Sp<String>>,
        pub numerator: u32,
        pub denominator: u32,
        /// Keep fractions (OCS 4.2) instead of rounding.
        pub keep_fractions: bool,
        /// How a fraction is rounded when it is not kept: `down` (default) or `up`.
        pub rounding: Option<Sp<String>>,
    }
}

cited! {
    /// A flat amount added once to the defence total while its declarations are made and the defence
    /// is above 0 (`[[combat.defence_bonuses]]`, The Last Stand at Moscow 6.22: +2 for Soviet units in
    /// an entrenchment, only if some defender has a defence above 0). Added after every multiplier.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct DefenceBonus {
        pub id: Sp<String>,
        pub name: String,
        pub bonus: Sp<u32>,
        /// Only when all these `[[combat.declarations]]` are declared.
        #[serde(default)]
        pub declared: Vec<Sp<String>>,
        /// Only for a defender of this side.
        pub defender_side: Option<Sp<String>>,
    }
}

keyword! {
    /// A strength a `[[combat.strength_modifiers]]` entry changes (`strengths`).
    pub enum StrengthKind {
        Attack = "attack",
        Defence = "defence",
    }
}

keyword! {
    /// A face of a two-faced marker (`marker_face`).
    pub enum MarkerFace {
        Front = "front",
        Back = "back",
    }
}

impl StrengthModifier {
    /// Whether it changes `kind` (unknown words are reported by the checks).
    pub fn changes(&self, kind: StrengthKind) -> bool {
        self.strengths
            .iter()
            .any(|w| StrengthKind::parse(w) == Some(kind))
    }

    /// Its rounding (`down` for a missing or unknown word; the checks report the latter).
    pub fn rounding(&self) -> ModifierRounding {
        self.rounding
            .as_ref()
            .and_then(|r| ModifierRounding::parse(r))
            .unwrap_or(ModifierRounding::Down)
    }

    /// The marker face it needs, `None` for any face.
    pub fn face(&self) -> Option<MarkerFace> {
        self.marker_face.as_ref().and_then(|f| MarkerFace::parse(f))
    }
}

cited! {
    /// A kind of attack (`[[combat.attack_kinds]]`): regular combat, an overrun (The Last Stand at
    /// Moscow 5.37; OCS 8.0). Shifts, attack modifiers, declarations and surprise thresholds may be
    /// limited to some kinds (`attack_kinds = ["overrun"]`).
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct AttackKind {
        pub id: Sp<String>,
        pub name: String,
        /// An `[[other_dice]]` id the kind rolls instead of the combat die of `[dice]` (The Last
        /// Stand at Moscow 5.37: overruns roll the d10).
        pub die: Option<Sp<String>>,
        /// `false` when the sources lack the CRT rows this kind reads (its die's rows): every cell is
        /// then unknown, whatever `known_cells` gives for the other kinds.
        #[serde(default = "yes")]
        pub rows_known: bool,
    }
}

cited! {
    /// The surprise check (`[combat.surprise]`, OCS 9.8): the combat dice plus `modifiers`, read on
    /// a Surprise table the sources may lack; `known` holds the outcomes they give.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Surprise {
        /// Counts added to the surprise roll (a count may be capped: `at_most = 1` for "−1 in any
        /// hedgehog").
        #[serde(default)]
        pub modifiers: Vec<RollModifier>,
        #[serde(default)]
        pub known: Vec<SurprisePoint>,
    }
}

cited! {
    /// One outcome of the Surprise table the sources give (`[[combat.surprise.known]]`): a modified
    /// roll in one kind of attack, and who is surprised in favour of whom.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct SurprisePoint {
        /// An `[[combat.attack_kinds]]` id.
        pub attack_kind: Sp<String>,
        /// The modified surprise roll.
        pub roll: Sp<i32>,
        /// `attacker` (attacker surprise: columns right), `defender` (columns left) or `none`.
        pub outcome: Sp<String>,
    }
}

keyword! {
    /// Who gains by a surprise (`outcome` of `[[combat.surprise.known]]`).
    pub enum SurpriseOutcome {
        Attacker = "attacker",
        Defender = "defender",
        None = "none",
    }
}

cited! {
    /// A count added to the combat roll (`[[combat.roll_modifiers]]`): `per_point` times the value
    /// of `count` (OCS 9.6, 9.9: the action-rating difference, less the hedgehog level).
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct RollModifier {
        /// A `[[combat.counts]]` id.
        pub count: Sp<String>,
        /// Added to the roll per point of the count (`1`, `-1`).
        pub per_point: Sp<i32>,
        /// Points of the count beyond this are not added (OCS 9.8: a hedgehog of any level is −1 to
        /// the surprise roll).
        pub at_most: Option<Sp<u32>>,
    }
}

impl Combat {
    /// The sum of the roll modifiers for the counts' values (a count not given is at its lowest).
    pub fn roll_modifier(&self, counts: &std::collections::BTreeMap<&str, u32>) -> i64 {
        self.modifier_sum(&self.roll_modifiers, counts)
    }

    /// The sum of `modifiers` for the counts' values (a count not given is at its lowest; a count
    /// above a modifier's `at_most` adds as if at it).
    pub fn modifier_sum(
        &self,
        modifiers: &[RollModifier],
        counts: &std::collections::BTreeMap<&str, u32>,
    ) -> i64 {
        modifiers
            .iter()
            .map(|m| {
                let lowest = self
                    .counts
                    .iter()
                    .find(|c| c.id.as_str() == m.count.as_str())
                    .map_or(0, |c| c.min());
                let value = counts.get(m.count.as_str()).copied().unwrap_or(lowest);
                let value = m.at_most.as_ref().map_or(value, |cap| value.min(cap.value));
                i64::from(value) * i64::from(m.per_point.value)
            })
            .sum()
    }
}

cited! {
    /// The spelling of results built from parts (OCS 9.10-9.13: `AL1o1, Do1`): per side a prefix,
    /// then letters with a number and whole words; `vmodc check` parses every result code with it
    /// and the reports explain a result part by part.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct ResultGrammar {
        /// Between the sides' parts (`", "`).
        pub separator: String,
        pub sides: Vec<ResultSide>,
        pub parts: Vec<ResultPart>,
    }
}

/// A side's part of a result: its prefix (`A`) and whom it names (`attacker`).
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultSide {
    pub prefix: String,
    pub name: String,
}

cited! {
    /// One part of a side's result: a `letter` followed by a number (`L2`), or a whole `word`
    /// (`DG`); `means` explains it, with `{n}` for the number.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct ResultPart {
        pub letter: Option<String>,
        pub word: Option<String>,
        pub means: String,
    }
}

cited! {
    /// Fire on a fixed column (`[[combat.fire]]`): a unit of one of `unit_types` rolls `die` on
    /// `column`, whatever the strengths, terrain and shifts, and is removed after firing when
    /// `removed` (The Last Stand at Moscow 8.14: a Katyusha fires on the clear-terrain 4:1 column
    /// with a d10 and is removed whatever the result).
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct FixedFire {
        pub id: Sp<String>,
        pub name: String,
        pub unit_types: Vec<Sp<String>>,
        /// A column of `[combat] columns`.
        pub column: Sp<String>,
        /// An `[[other_dice]]` id; none = the combat die of `[dice]`.
        pub die: Option<Sp<String>>,
        #[serde(default)]
        pub removed: bool,
    }
}

cited! {
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct CombatResult {
        pub code: Sp<String>,
        pub name: String,
        pub effect: String,
        /// What the result does to the units, as `vmodc audit` checks the players applied it
        /// (`[combat.results.applies]`); the `effect` sentence says it for the players.
        pub applies: Option<ResultEffect>,
    }
}

cited! {
    /// Advance after combat (`[combat] advance`): when every defender of a combat has left its
    /// hex (eliminated or retreated), up to `units` of the units that attacked it may move into
    /// that hex; in a phase with combats, no other unit of the attacking side moves (Battle for
    /// Moscow 9.0 step 6).
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Advance {
        /// How many of the attackers may advance.
        pub units: u32,
    }
}

/// What a combat result does to the units (`[combat.results.applies]`): the least the players
/// must do by the end of the phase. Left out, a result is not checked.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ResultEffect {
    /// Steps each defending unit loses; a unit with fewer steps left is eliminated.
    #[serde(default)]
    pub defender_steps: u32,
    /// Every defending unit is eliminated.
    #[serde(default)]
    pub defender_eliminated: bool,
    /// Hexes each surviving defender retreats: it ends at least this far from its hex.
    #[serde(default)]
    pub defender_retreat: u32,
    /// In a hex of these city kinds (`[[city_kinds]]` ids) the defender may lose one more step
    /// and stay instead of retreating (Battle for Moscow 9.3: a DR in a major city).
    #[serde(default)]
    pub step_instead_of_retreat_in: Vec<Sp<String>>,
    /// Steps the attacking units lose between them.
    #[serde(default)]
    pub attacker_steps: u32,
    /// A retreating defender may not end its retreat in a hex of an enemy zone of control (as the
    /// units stood when it retreated); one that does is eliminated (Battle for Moscow 7.2).
    #[serde(default)]
    pub retreat_ends_outside_zoc: bool,
}

cited! {
    /// An acknowledged reversal in the CRT: at `roll`, column `column` is better for the defender than the
    /// column before it.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Reversal {
        pub roll: Sp<String>,
        pub column: Sp<String>,
        pub reason: String,
    }
}

cited! {
    /// A column shift and the condition that triggers it. All conditions given must hold.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct ColumnShift {
        pub id: Sp<String>,
        pub name: String,
        /// Columns to move: negative favours the defender. Left out (0) when `by_count` or
        /// `per_count` gives the columns.
        #[serde(default)]
        pub shift: i32,
        /// The columns depend on a count, in ranges: the step with the highest `at_least` the count
        /// reaches gives the shift; below the first step the shift does not apply.
        pub by_count: Option<ByCount>,
        /// `shift` columns per point of a count (0 points: the shift does not apply).
        pub per_count: Option<PerCount>,
        /// Only when all these `[[combat.declarations]]` are declared.
        #[serde(default)]
        pub declared: Vec<Sp<String>>,
        /// Never when one of these `[[combat.declarations]]` is declared.
        #[serde(default)]
        pub not_declared: Vec<Sp<String>>,
        pub defender_terrain: Option<Sp<String>>,
        pub defender_city: Option<Sp<String>>,
        pub defender_side: Option<Sp<String>>,
        /// A hexside feature that every attacker must be across.
        pub all_attackers_across: Option<Sp<String>>,
        /// At least one attacker must be of one of these unit types.
        #[serde(default)]
        pub attacker_types: Vec<Sp<String>>,
        pub attacker_side: Option<Sp<String>>,
        /// Only in these weathers.
        #[serde(default)]
        pub weather: Vec<Sp<String>>,
        /// Never in these weathers.
        #[serde(default)]
        pub not_weather: Vec<Sp<String>>,
        /// Only in these kinds of attack (`[[combat.attack_kinds]]` ids); every kind when empty.
        #[serde(default)]
        pub attack_kinds: Vec<Sp<String>>,
    }
}

cited! {
    /// A number the players keep or choose for a combat (`[[combat.counts]]`): a damage track, the
    /// air points a side commits.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Count {
        pub id: Sp<String>,
        pub name: String,
        /// The side whose count it is, if it belongs to one.
        pub side: Option<Sp<String>>,
        /// Lowest value, 0 when left out (the value when nobody sets it).
        pub min: Option<Sp<u32>>,
        /// Highest value; `None` when the rules set no limit.
        pub max: Option<Sp<u32>>,
    }
}

cited! {
    /// Something a player declares for a combat (`[[combat.declarations]]`), e.g. offensive supply.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Declaration {
        pub id: Sp<String>,
        pub name: String,
        /// The side that may declare it, if only one may.
        pub side: Option<Sp<String>>,
        /// Only these kinds of attack may declare it (every kind when empty): declared for another
        /// kind, it counts as not declared (The Last Stand at Moscow 6.33: no offensive supply for
        /// overruns).
        #[serde(default)]
        pub attack_kinds: Vec<Sp<String>>,
    }
}

/// `by_count = { count = "…", steps = [{ at_least = 10, shift = 1 }, …] }` of a column shift.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ByCount {
    /// A `[[combat.counts]]` id.
    pub count: Sp<String>,
    /// In ascending `at_least` order.
    pub steps: Vec<CountStep>,
}

/// One range of a `by_count` shift: from `at_least` up to the next step.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CountStep {
    pub at_least: Sp<u32>,
    pub shift: Sp<i32>,
}

/// `per_count = { count = "…", shift = 2 }` of a column shift: `shift` columns per point.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PerCount {
    /// A `[[combat.counts]]` id.
    pub count: Sp<String>,
    pub shift: Sp<i32>,
}

cited! {
    /// A change to attack strength, e.g. panzers halved in mud.
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct AttackModifier {
        pub id: Sp<String>,
        pub name: String,
        pub weather: Option<Sp<String>>,
        #[serde(default)]
        pub unit_types: Vec<Sp<String>>,
        /// Only a unit attacking across this hexside feature (`[[hexside_features]]` id).
        pub across: Option<Sp<String>>,
        /// Whose terrain effect it is: `hex` (the defender's hex) or `hexside` (the hexside attacked
        /// across; implied by `across`). With `[combat] terrain_effects = "one"` the two do not
        /// multiply (OCS 9.4b).
        pub terrain: Option<Sp<String>>,
        /// Not in these weathers (`[[weather]]` ids): no rivers in Frost or Snow.
        #[serde(default)]
        pub not_weather: Vec<Sp<String>>,
        /// Only in these kinds of attack (`[[combat.attack_kinds]]` ids); every kind when empty.
        #[serde(default)]
        pub attack_kinds: Vec<Sp<String>>,
        /// Only when all these `[[combat.declarations]]` are declared (OCS 9.4e: the defending hex
        /// has heavy AT).
        #[serde(default)]
        pub declared: Vec<Sp<String>>,
        /// Never when one of these `[[combat.declarations]]` is declared.
        #[serde(default)]
        pub not_declared: Vec<Sp<String>>,
        /// Strength is multiplied by `numerator / denominator`.
        pub numerator: u32,
        pub denominator: u32,
        /// Keep fractions (12.2: "9 halved is 4.5") instead of rounding.
        pub keep_fractions: bool,
        /// How a fraction is rounded when it is not kept: `down` (default) or `up` (The Last Stand at
        /// Moscow 2.21).
        pub rounding: Option<Sp<String>>,
    }
}

keyword! {
    /// How hex and hexside attack modifiers combine (`[combat] terrain_effects`).
    pub enum TerrainEffects {
        Both = "both",
        One = "one",
    }
}

keyword! {
    /// Whose terrain effect an attack modifier is (`terrain`).
    pub enum TerrainOf {
        Hex = "hex",
        Hexside = "hexside",
    }
}

keyword! {
    /// How an attack modifier rounds a fraction it does not keep (`rounding`).
    pub enum ModifierRounding {
        Down = "down",
        Up = "up",
    }
}

impl AttackModifier {
    /// Whose terrain effect it is: its `terrain`, else `hexside` when it needs a hexside feature;
    /// `None` for a modifier that is no terrain's (or an unknown word, which the checks report).
    pub fn terrain_of(&self) -> Option<TerrainOf> {
        match &self.terrain {
            Some(t) => TerrainOf::parse(t),
            None => self.across.as_ref().map(|_| TerrainOf::Hexside),
        }
    }

    /// Its rounding (`down` for a missing or unknown word; the checks report the latter).
    pub fn rounding(&self) -> ModifierRounding {
        self.rounding
            .as_ref()
            .and_then(|r| ModifierRounding::parse(r))
            .unwrap_or(ModifierRounding::Down)
    }
}

cited! {
    /// A CRT cell recovered from the rulebook text while the table itself is unknown
    /// (`[[combat.known_cells]]`).
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct KnownCell {
        pub column: Sp<String>,
        pub roll: Sp<u32>,
        pub result: Sp<String>,
    }
}

cited! {
    /// A result without a die roll (`[[combat.automatic]]`): when the final odds reach `at_least`,
    /// or, with `zero_defence`, when an attack meets a defence total of 0 (The Last Stand at Moscow
    /// 6.18: a hex of stepless units only).
    #[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct AutomaticResult {
        /// Odds written `a:d`.
        pub at_least: Option<Sp<String>>,
        pub zero_defence: Option<Sp<bool>>,
        /// A result code of `[[combat.results]]`, or a cell `attacker/defender` of two codes (`-/E`).
        pub result: Sp<String>,
    }
}

keyword! {
    /// How attack and defence become odds (`[combat] rounding`).
    pub enum Rounding {
        Defender = "defender",
        Nearest = "nearest",
    }
}

keyword! {
    /// What odds below the first column give (`[combat] beyond_first`).
    pub enum BeyondFirst {
        BelowTable = "below_table",
        FirstColumn = "first_column",
        /// The sources do not say whether the first column is the leftmost: odds below it, before
        /// or after the shifts, are on a column they do not give (OCS: the Open row's 1:4).
        Unknown = "unknown",
    }
}

keyword! {
    /// What odds above the last column give (`[combat] beyond_last`).
    pub enum BeyondLast {
        Virtual = "virtual",
        Unknown = "unknown",
    }
}

keyword! {
    /// How a combat is resolved (`[combat] kind`).
    pub enum CombatKind {
        /// Attack divided by defence, rounded in the defender's favour, on an odds CRT.
        Odds = "odds",
        /// Attack minus defence, rounded in the defender's favour, on a differential CRT.
        Differential = "differential",
    }
}

/// Whether a list of `attack_kinds` admits `kind` (an empty list admits every kind; a game without
/// kinds, `None`, meets only empty lists).
pub fn kind_admits(kinds: &[Sp<String>], kind: Option<&str>) -> bool {
    kinds.is_empty() || kind.is_some_and(|k| kinds.iter().any(|x| x.as_str() == k))
}

impl Count {
    /// The lowest value (0 unless `min` says otherwise).
    pub fn min(&self) -> u32 {
        self.min.as_ref().map_or(0, |m| m.value)
    }

    /// The highest value, `None` when unlimited.
    pub fn max(&self) -> Option<u32> {
        self.max.as_ref().map(|m| m.value)
    }
}

impl AutomaticResult {
    /// Whether it is given by a defence total of 0 rather than by odds.
    pub fn on_zero_defence(&self) -> bool {
        self.zero_defence.as_ref().is_some_and(|z| z.value)
    }
}

impl Combat {
    /// The printed value units attack with.
    pub fn attack_value(&self) -> &str {
        self.attack_value
            .as_ref()
            .map_or("strength", |v| v.as_str())
    }

    /// The printed value units defend with.
    pub fn defence_value(&self) -> &str {
        self.defence_value
            .as_ref()
            .map_or("strength", |v| v.as_str())
    }

    /// The odds rounding (the default for a missing or unknown word; the checks report the latter).
    pub fn rounding(&self) -> Rounding {
        self.rounding
            .as_ref()
            .and_then(|r| Rounding::parse(r))
            .unwrap_or(Rounding::Defender)
    }

    /// How hex and hexside attack modifiers combine (`both` for a missing or unknown word).
    pub fn terrain_effects(&self) -> TerrainEffects {
        self.terrain_effects
            .as_ref()
            .and_then(|r| TerrainEffects::parse(r))
            .unwrap_or(TerrainEffects::Both)
    }

    pub fn beyond_first(&self) -> BeyondFirst {
        self.beyond_first
            .as_ref()
            .and_then(|r| BeyondFirst::parse(r))
            .unwrap_or(BeyondFirst::BelowTable)
    }

    pub fn beyond_last(&self) -> BeyondLast {
        self.beyond_last
            .as_ref()
            .and_then(|r| BeyondLast::parse(r))
            .unwrap_or(BeyondLast::Virtual)
    }

    /// The kind of attack `asked` for (an `[[combat.attack_kinds]]` id), or the first, regular one
    /// when none is asked for; `None` in a game without kinds.
    pub fn attack_kind<'c>(&'c self, asked: Option<&'c str>) -> Option<&'c str> {
        asked.or_else(|| self.attack_kinds.first().map(|k| k.id.as_str()))
    }

    /// The column `beyond` columns past the last printed one, when the sources name it
    /// (`beyond_columns`).
    pub fn column_beyond(&self, beyond: usize) -> Option<&str> {
        let label = self.beyond_columns.get(beyond.checked_sub(1)?)?;
        (label.as_str() != "?").then_some(label.as_str())
    }

    /// The kind of attack by id.
    pub fn attack_kind_named(&self, id: &str) -> Option<&AttackKind> {
        self.attack_kinds.iter().find(|k| k.id.as_str() == id)
    }

    /// The known surprise outcome of a modified roll in a kind of attack, `None` when the sources
    /// do not give it.
    pub fn surprise_outcome(&self, kind: &str, roll: i64) -> Option<SurpriseOutcome> {
        self.surprise
            .as_ref()?
            .known
            .iter()
            .find(|p| p.attack_kind.as_str() == kind && i64::from(p.roll.value) == roll)
            .and_then(|p| SurpriseOutcome::parse(&p.outcome))
    }

    /// The kind of resolution, `None` for a word vmodc does not know (reported by the checks).
    pub fn kind(&self) -> Option<CombatKind> {
        CombatKind::parse(&self.kind)
    }
}
