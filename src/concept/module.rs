//! What the concepts' `module.rs` files share: the names of the piece properties and key commands
//! one concept sets and another reads, module-level global properties, catalog texts as
//! expressions, and toolbar buttons.
//!
//! VASSAL cannot veto a drag, so the concepts' checks advise: they write to the chat in red (`~`)
//! and cite the rule. Every expression is built as an [`Expr`] so tests can evaluate exactly what
//! the module computes (vassal-format.md §4).

use crate::i18n::{Segment, Texts};
use crate::vassal::expression::{add, bin, concat, cond, eq, int, s, Expr, Op};
use crate::vassal::traits::{Key, CTRL, MODULE_TARGET};
use crate::vassal::xml::El;

/// Named keys the automation uses (VASSAL allocates a key code per name).
pub mod keys {
    pub const MOVED: &str = "MovedOnMap";
    pub const OVERSTACKED: &str = "Overstacked";
    pub const WEATHER_MOVE: &str = "WeatherMoveLimit";
    pub const MARK_ATTACKER: &str = "MarkAttacker";
    pub const MARK_DEFENDER: &str = "MarkDefender";
    pub const CLEAR_COMBAT: &str = "ClearCombat";
    pub const RESOLVE: &str = "ResolveCombat";
    pub const ROLL: &str = "RollCombatDie";
    pub const REPORT_COMBAT: &str = "ReportCombat";
    pub const CLEAR_ALL: &str = "ClearAllCombat";
    pub const CHECK_VICTORY: &str = "CheckVictory";
    pub const SURPRISE_CHECK: &str = "SurpriseCheck";
    pub const REPORT_SURPRISE: &str = "ReportSurprise";
}

/// Property names shared by the generated traits.
pub mod props {
    pub const STACK_POINTS: &str = "StackPoints";
    /// The data id of a unit; every unit has one and no marker does.
    pub const UNIT_ID: &str = "UnitId";
    pub const COMBAT_ROLE: &str = "CombatRole";
    pub const ATTACKER_NAMES: &str = "AttackerNames";
    pub const DEFENDER_HEX: &str = "DefenderHex";
    /// The names of the units marked to defend, a global like the attackers' names.
    pub const DEFENDER_NAMES: &str = "DefenderNames";
    /// A unit's own defence in scaled units, in its mode and state (a calculated property the
    /// defence step sums over the marked defenders).
    pub const DEFENCE_SCALED: &str = "DefenceScaled";
    /// 1 once a defender has resolved the declared battle, so that the other defenders, which get
    /// the same Resolve key, do not resolve it again; 0 again when the next battle is marked.
    pub const COMBAT_RESOLVED: &str = "CombatResolved";
    /// 1 once a defender has made the surprise check of the declared battle (likewise once).
    pub const SURPRISE_CHECKED: &str = "SurpriseChecked";
    pub const COMBAT_ROLL: &str = "CombatRoll";
    pub const ATTACK_SCALED: &str = "AttackScaled";
    /// The kind of attack the next combat is resolved as (`[[combat.attack_kinds]]` id), a global.
    pub const ATTACK_KIND: &str = "CombatAttackKind";
    /// The surprise check's roll of the dice, on the defender (empty until the check is made).
    pub const SURPRISE_ROLL: &str = "SurpriseRoll";
    pub const TERRAIN: &str = "Terrain";
    pub const CITY: &str = "City";
    pub const WEATHER: &str = "WeatherNow";
    pub const CONTROL_HEX: &str = "ControlHex";
    pub const CONTROL_LEVEL: &str = "Control_Level";
    pub const TURN: &str = "Turn";
    pub const PHASE: &str = "Phase";
    /// The scenario being played (its id), in a game whose scenarios schedule different arrivals.
    pub const SCENARIO: &str = "Scenario";
}

/// A module-level global property.
#[derive(Debug, Clone, PartialEq)]
pub struct Global {
    pub name: String,
    pub initial: String,
    pub description: String,
    /// A whole number from `min` to `max`, wrapping around when `wrap` (VASSAL keeps increments in
    /// range); `None` for text.
    pub numeric: Option<NumericRange>,
    /// Toolbar buttons that change the property (VASSAL's `ChangePropertyButton`).
    pub changers: Vec<Changer>,
}

/// The value a [`Global`] takes when a scenario's saved game starts (the first scenario, the
/// module's own setup, starts with its initial value).
#[derive(Debug, Clone, PartialEq)]
pub struct ScenarioValue {
    pub property: String,
    pub scenario: String,
    pub value: String,
}

/// The range of a numeric [`Global`].
#[derive(Debug, Clone, PartialEq)]
pub struct NumericRange {
    pub min: i64,
    pub max: i64,
    pub wrap: bool,
}

/// A toolbar button that adds `increment` to a numeric [`Global`] and reports the new value in the
/// chat (`report` may use VASSAL's `$newValue$`).
#[derive(Debug, Clone, PartialEq)]
pub struct Changer {
    pub text: String,
    pub tooltip: String,
    pub increment: i64,
    /// Set the property to this text instead of adding `increment` (VASSAL's plain setter).
    pub set_to: Option<String>,
    pub report: String,
}

/// A catalog text as an expression: literal parts as strings, `{name}` placeholders as the given
/// expressions (an unknown placeholder stays as written).
pub fn template(tx: &Texts, key: &str, vars: &[(&str, Expr)]) -> Expr {
    concat(
        std::iter::once(s(""))
            .chain(tx.segments(key).into_iter().map(|seg| {
                match seg {
                    Segment::Text(t) => s(&t),
                    Segment::Var(v) => vars
                        .iter()
                        .find(|(k, _)| *k == v)
                        .map_or_else(|| s(&format!("{{{v}}}")), |(_, e)| e.clone()),
                }
            }))
            .collect(),
    )
}

pub fn named(name: &str) -> Key<'_> {
    Key::Named(name)
}

/// `message` (a map's report format, or `$message$`: the text of a piece's Report Action as the
/// map's `changeFormat` receives it from `ReportState.myKeyEvent`) followed by who made the change
/// (concept `reports`, text `ui.report_by`). VASSAL resolves `$PlayerName$` and `$playerSide$`
/// from the module's global options when neither the piece nor the map has such a property
/// (`GlobalOptions.PLAYER_NAME`, `PLAYER_SIDE_ALT`).
pub fn reported_by(tx: &Texts, message: &str) -> String {
    tx.fill(
        "ui.report_by",
        &[
            ("message", message),
            ("player", "$PlayerName$"),
            ("side", "$playerSide$"),
        ],
    )
}

/// A module-level global key command shown as a toolbar button.
pub fn module_command(name: &str, tooltip: &str, key: &str, filter: &Expr) -> El {
    El::new("VASSAL.build.module.GlobalKeyCommand")
        .attr("buttonHotkey", "")
        .attr("buttonText", name)
        .attr("deckCount", "-1")
        .attr("filter", filter.to_beanshell())
        .attr("hotkey", Key::Named(key).encode())
        .attr("icon", "")
        .attr("name", name)
        .attr("reportFormat", "")
        .attr("reportSingle", "true")
        .attr("singleMap", "false")
        .attr("target", MODULE_TARGET)
        .attr("tooltip", tooltip)
}

/// `parts` of `1/scale` as a decimal, with the digits `stacking::limits::Points` shows: whole
/// numbers, or hundredths cut to two digits and a trailing zero dropped (9 parts at scale 4: `2.25`).
pub fn decimal_text(parts: Expr, scale: u32) -> Expr {
    if scale == 1 {
        return parts;
    }
    let scale = int(i64::from(scale));
    let whole = bin(Op::Div, parts.clone(), scale.clone());
    let hundredths = bin(
        Op::Div,
        bin(Op::Mul, bin(Op::Rem, parts, scale.clone()), int(100)),
        scale,
    );
    let digits = cond(
        eq(bin(Op::Rem, hundredths.clone(), int(10)), int(0)),
        add(s(""), bin(Op::Div, hundredths.clone(), int(10))),
        cond(
            bin(Op::Lt, hundredths.clone(), int(10)),
            add(s("0"), hundredths.clone()),
            add(s(""), hundredths.clone()),
        ),
    );
    cond(
        eq(hundredths, int(0)),
        whole.clone(),
        add(add(whole, s(".")), digits),
    )
}

/// Property name of a printed value (`strength` → `Strength`).
pub fn value_property(name: &str) -> String {
    let mut c = name.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// The global property that holds a `[[combat.counts]]` value.
pub fn count_property(id: &str) -> String {
    format!("CombatCount_{}", identifier(id))
}

/// The global property that holds whether a `[[combat.declarations]]` is declared (1) or not (0).
pub fn declared_property(id: &str) -> String {
    format!("CombatDeclared_{}", identifier(id))
}

/// The property, 1 or 0, of whether strength modifier `id` applies to the unit (its marker on the
/// unit's stack, its type, the declarations): a calculated property of every unit, which the
/// strength expressions multiply by instead of repeating the condition in each factor.
pub fn strength_modifier_property(id: &str) -> String {
    format!("StrengthModifier_{}", identifier(id))
}

/// An id as a part of a BeanShell identifier.
fn identifier(id: &str) -> String {
    id.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

/// The name of the prototype every unit shares: the unit concept's pieces refer to it, and the
/// emitter defines it from every concept's layers.
pub const UNIT_PROTOTYPE: &str = "Unit";

/// Ctrl+F: a unit's step loss or recovery, a two-faced marker's flip; hidden units and control
/// markers answer it too.
pub const FLIP_KEY: Key<'static> = Key::Stroke(70, CTRL);
/// Ctrl+E: a unit to its side's eliminated box; fire that eliminates the firer sends it too.
pub const ELIMINATE_KEY: Key<'static> = Key::Stroke(69, CTRL);

/// The property every marker piece has: its `[[markers]]` id (markers set it; modes, morale,
/// barrage and combat read it).
pub const MARKER_ID: &str = "MarkerId";
/// A property worth 1 on every marker piece, for summing over a stack.
pub const MARKER_COUNT: &str = "MarkerCount";
/// A unit's strength factor in its mode, in 1/`strength_denominator` units (OCS DG: 1/2 of 4 = 2).
/// Modes set it; combat and barrage multiply the printed strength by it.
pub const MODE_STRENGTH: &str = "ModeStrength";

/// The global property listing the hexsides of a line feature (map sets it; combat reads it).
pub fn hexsides_property(feature: &str) -> String {
    format!("Hexsides_{feature}")
}

/// How the module writes locations into a global property so that an expression finds one with
/// `contains` (map writes the lists; map and combat search them): a hex map lists `,0203,0204,` and
/// the pairs of a hexside feature as `,0203-0204,`; an area map, whose names may hold commas and
/// hyphens, lists `|Old Mill|Ford|` and pairs as `||Old Mill|Ford||` (an area name holds no `|`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LocationLists {
    /// Before, between and after the items of a list.
    pub item: &'static str,
    /// Between the two locations of a pair.
    pub pair: &'static str,
    /// Before, between and after the pairs of a list.
    pub pairs: &'static str,
}

pub const HEX_LISTS: LocationLists = LocationLists {
    item: ",",
    pair: "-",
    pairs: ",",
};
pub const AREA_LISTS: LocationLists = LocationLists {
    item: "|",
    pair: "|",
    pairs: "||",
};

impl LocationLists {
    /// `,a,b,` (`,` alone for none).
    pub fn list(self, items: impl IntoIterator<Item = String>) -> String {
        let mut out = String::from(self.item);
        for i in items {
            out.push_str(&i);
            out.push_str(self.item);
        }
        out
    }

    /// Every pair in both directions: `,a-b,b-a,`.
    pub fn pair_list(self, pairs: impl IntoIterator<Item = (String, String)>) -> String {
        let mut out = String::from(self.pairs);
        for (a, b) in pairs {
            for (x, y) in [(&a, &b), (&b, &a)] {
                out.push_str(x);
                out.push_str(self.pair);
                out.push_str(y);
                out.push_str(self.pairs);
            }
        }
        out
    }

    /// `","+location+","`: what `contains` looks for in a list.
    pub fn item_key(self, location: Expr) -> Expr {
        concat(vec![s(self.item), location, s(self.item)])
    }

    /// `","+a+"-"+b+","`: what `contains` looks for in a list of pairs.
    pub fn pair_key(self, a: Expr, b: Expr) -> Expr {
        concat(vec![s(self.pairs), a, s(self.pair), b, s(self.pairs)])
    }
}

/// The piece property saying whether a unit attacks across a feature (map sets it; combat reads it).
pub fn across_property(feature: &str) -> String {
    format!("Across_{feature}")
}

#[cfg(test)]
mod location_list_tests {
    use super::*;

    #[test]
    fn hex_lists_keep_their_commas_and_area_lists_find_names_with_commas_exactly() {
        let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(HEX_LISTS.list(names(&["0202", "0303"])), ",0202,0303,");
        assert_eq!(HEX_LISTS.list(names(&[])), ",");
        let pairs = vec![("0201".to_string(), "0301".to_string())];
        assert_eq!(HEX_LISTS.pair_list(pairs), ",0201-0301,0301-0201,");
        // Area names hold commas and hyphens: "Ridge, East" is no list of "Ridge" and "East".
        let woods = AREA_LISTS.list(names(&["Ridge, East", "Mill-Pond"]));
        assert_eq!(woods, "|Ridge, East|Mill-Pond|");
        assert!(woods.contains("|Ridge, East|") && !woods.contains("|East|"));
        assert!(!woods.contains("|Mill|"));
        let river = AREA_LISTS.pair_list(vec![("A-B".to_string(), "C".to_string())]);
        assert_eq!(river, "||A-B|C||C|A-B||");
        // The key of attacker A, defender B-C is not the pair (A-B, C).
        assert!(river.contains("||A-B|C||") && !river.contains("||A|B-C||"));
        // No key spans two pairs.
        assert!(!river.contains("||C|C||"));
    }
}
