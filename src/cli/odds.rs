//! `vmodc odds`: one battle computed from the rules data, as the module does. The flags are read
//! into a [`Battle`] (concept combat) once the game is loaded, because what a bad flag's message
//! offers (the count ids, a count's range) comes from the game; the battle's own check, its
//! resolution and its report line are the concept's. This file names each part of the battle by its
//! flag.

use super::{exit_for, games_or_all, print_report, Format, USAGE};
use crate::concept::combat::battle::outcome::{Need, Undecided};
use crate::concept::combat::battle::problems::{
    count_range, id_problem, in_game, Fault, Part, Problem,
};
use crate::concept::combat::battle::{Attacker, Battle, Defender};
use crate::concept::combat::MarkerFace;
use crate::concept::game::Game;
use crate::diag::{plural, suggest, Sources};
use std::path::PathBuf;
use std::process::ExitCode;

/// `vmodc odds`'s flags as the command line gives them (clap reads them into this one type): the
/// battle's values still as text, read into a [`Battle`] once the game is loaded.
#[derive(clap::Args, Debug, Clone)]
pub struct OddsFlags {
    /// Game id.
    pub game: String,
    /// An attacking unit: strength, and type or unit id (`9:panzer`, `9:XXIV`). Repeat per unit.
    #[arg(long = "attack", required = true, value_name = "STRENGTH[:TYPE]")]
    pub attackers: Vec<String>,
    /// A defending unit: strength before its modifiers, optionally with its type or its unit's id
    /// (`6:infantry`). Repeat per unit of the defending hex; every one counts.
    #[arg(long = "defence", required = true, value_name = "STRENGTH[:TYPE]")]
    pub defenders: Vec<String>,
    /// Terrain id of the defender's hex.
    #[arg(long)]
    pub terrain: Option<String>,
    /// City kind of the defender's hex.
    #[arg(long)]
    pub city: Option<String>,
    /// Side id of the defender.
    #[arg(long)]
    pub side: Option<String>,
    /// A hexside feature every attacker attacks across (e.g. river).
    #[arg(long)]
    pub across: Vec<String>,
    /// Game turn (for the weather).
    #[arg(long, default_value_t = 1)]
    pub turn: u32,
    /// Weather id, instead of the turn's (e.g. when the turn's weather is rolled or not known).
    #[arg(long)]
    pub weather: Option<String>,
    /// A count of `[[combat.counts]]` and its value (`soviet-damage=14`, `air-attacker=1`). Repeat
    /// per count; a count not given is at its lowest value.
    #[arg(long = "count", value_name = "ID=N")]
    pub counts: Vec<String>,
    /// A `[[combat.declarations]]` id declared for this combat. Repeat per declaration.
    #[arg(long = "declare", value_name = "ID")]
    pub declared: Vec<String>,
    /// A marker on the stack of every attacker (`[[markers]]` id; `ID:back` for its back face), for
    /// `[[combat.strength_modifiers]]`. Repeat per marker.
    #[arg(long = "marker", value_name = "ID[:back]")]
    pub markers: Vec<String>,
    /// A marker on the defender's stack (`ID:back` for its back face). Repeat per marker.
    #[arg(long = "defender-marker", value_name = "ID[:back]")]
    pub defender_markers: Vec<String>,
    /// The type of every `--defence` given without one (strength modifiers may depend on it).
    #[arg(long)]
    pub defender_type: Option<String>,
    /// The type of every `--attack` given without one (modifiers and shifts may depend on it).
    #[arg(long)]
    pub attacker_type: Option<String>,
    /// The ARs of the units each side picked, attacker's first (`5:2`), standing in for AR counts.
    #[arg(long, value_name = "ATTACKER:DEFENDER")]
    pub ar: Option<String>,
    /// Die roll to look up (default: show the whole column).
    #[arg(long)]
    pub roll: Option<u32>,
    /// Kind of attack of `[[combat.attack_kinds]]` (e.g. overrun; default: the first, regular one).
    #[arg(long)]
    pub kind: Option<String>,
    /// The surprise check's roll of the dice (`[combat.surprise]`): shows the modified roll and what
    /// the sources give for it.
    #[arg(long)]
    pub surprise_roll: Option<u32>,
    #[arg(long, default_value = ".")]
    pub root: PathBuf,
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
}

pub fn run_odds(flags: &OddsFlags) -> ExitCode {
    let mut sources = Sources::default();
    if let Err(code) = games_or_all(
        vec![flags.game.clone()],
        &flags.root,
        &sources,
        flags.format,
    ) {
        return code;
    }
    let game = match crate::load::load_game(&flags.root, &flags.game, &mut sources) {
        Ok(g) => g,
        Err(report) => {
            print_report(&report, &sources, flags.format);
            return exit_for(&report, false);
        }
    };
    let battle = match battle_of(&game, flags) {
        Ok(battle) => battle,
        Err(problems) => return usage_errors(problems),
    };
    match battle.resolve(&game) {
        Ok(outcome) => {
            match flags.format {
                Format::Human => outln!("{}", outcome.line()),
                Format::Json => outln!(
                    "{}",
                    serde_json::to_string_pretty(&outcome.json()).unwrap_or_else(|_| "{}".into())
                ),
            }
            ExitCode::SUCCESS
        }
        Err(open) => {
            let mut problems: Vec<String> = open.iter().map(undecided).collect();
            problems.dedup();
            usage_errors(problems)
        }
    }
}

/// Print each problem as an error; exit code 2.
fn usage_errors(problems: Vec<String>) -> ExitCode {
    for p in problems {
        errln!("error: {p}");
    }
    ExitCode::from(USAGE)
}

/// Where a problem is reported among the others: the part of the battle, then the position of the
/// flag among its repetitions.
type Place = (Part, usize);

/// The battle of the flags, or every problem with them, not only the first: the values that do not
/// parse and the battle's own problems against the game, in the order of the parts.
fn battle_of(game: &Game, flags: &OddsFlags) -> Result<Battle, Vec<String>> {
    let mut unparsed: Vec<(Place, String)> = Vec::new();
    // A flag whose value does not parse leaves nothing in the battle: these map the battle's
    // attackers, defenders and counts back to their flags.
    let (attackers, attacker_flags) =
        units(game, flags, &flags.attackers, Part::Attacker, &mut unparsed);
    let (defenders, defender_flags) =
        units(game, flags, &flags.defenders, Part::Defence, &mut unparsed);
    let defenders = defenders
        .into_iter()
        .map(|(strength, unit_type)| Defender {
            strength,
            unit_type: type_of(game, unit_type.or_else(|| flags.defender_type.clone())),
        })
        .collect();
    let attackers = attackers
        .into_iter()
        .map(|(strength, unit_type)| Attacker {
            strength,
            unit_type: type_of(game, unit_type.or_else(|| flags.attacker_type.clone())),
        })
        .collect();
    let mut battle = Battle::against(attackers, defenders);
    battle.defender_side = flags.side.clone();
    battle.terrain = flags.terrain.clone();
    battle.city = flags.city.clone();
    battle.across = flags.across.clone();
    battle.attacker_markers = flags.markers.iter().map(|m| marker(m)).collect();
    battle.defender_markers = flags.defender_markers.iter().map(|m| marker(m)).collect();
    battle.declared = flags.declared.clone();
    battle.kind = flags.kind.clone();
    battle.turn = flags.turn;
    battle.weather = flags.weather.clone();
    battle.roll = flags.roll;
    battle.surprise_roll = flags.surprise_roll;
    read_action_ratings(game, flags, &mut battle, &mut unparsed);
    let count_flags = read_counts(game, flags, &mut battle, &mut unparsed);
    let flag_of = FlagIndex {
        attackers: &attacker_flags,
        defenders: &defender_flags,
        counts: &count_flags,
    };
    let checked = checked_problems(game, flags, &battle, &flag_of);
    let problems = merged(checked, unparsed);
    if problems.is_empty() {
        Ok(battle)
    } else {
        Err(problems)
    }
}

/// The flag each of the battle's attackers, defenders and counts came from.
struct FlagIndex<'a> {
    attackers: &'a [usize],
    defenders: &'a [usize],
    counts: &'a [usize],
}

/// `--ar`: the two action ratings into the battle, or why not into `unparsed`.
fn read_action_ratings(
    game: &Game,
    flags: &OddsFlags,
    battle: &mut Battle,
    unparsed: &mut Vec<(Place, String)>,
) {
    let Some(text) = &flags.ar else {
        return;
    };
    match action_ratings(text) {
        Some(ar) => battle.action_ratings = Some(ar),
        // Without AR units the flag is wrong whatever it says.
        None if !in_game(game, Part::ActionRatings) => {
            let p = Problem {
                part: Part::ActionRatings,
                index: 0,
                fault: Fault::NotInGame,
            };
            unparsed.push(((Part::ActionRatings, 0), describe(&p, flags, game)));
        }
        None => unparsed.push((
            (Part::ActionRatings, 0),
            format!("--ar {text}: write the two ARs, attacker's first, e.g. --ar 5:2"),
        )),
    }
}

/// `--count ID=N`: each count into the battle, or why not into `unparsed`; the flag of each count.
fn read_counts(
    game: &Game,
    flags: &OddsFlags,
    battle: &mut Battle,
    unparsed: &mut Vec<(Place, String)>,
) -> Vec<usize> {
    let mut count_flags = Vec::new();
    let counts = &game.rules.combat.counts;
    for (i, c) in flags.counts.iter().enumerate() {
        let Some((id, n)) = c.split_once('=') else {
            let example = counts.first().map_or("damage", |c| c.id.as_str());
            let why = format!("--count {c}: write ID=N (e.g. --count {example}=1)");
            unparsed.push(((Part::Count, i), why));
            continue;
        };
        let id = id.trim();
        if let Ok(value) = n.trim().parse::<u32>() {
            battle.counts.push((id.to_string(), value));
            count_flags.push(i);
            continue;
        }
        // A value that is not a number is read against its count, which must exist first.
        let Some(count) = counts.iter().find(|x| x.id.as_str() == id) else {
            let p = id_problem(game, Part::Count, i, id);
            unparsed.extend(p.map(|p| ((Part::Count, i), describe(&p, flags, game))));
            continue;
        };
        let why = format!(
            "--count {c}: `{}` is not a whole number (the count ranges {})",
            n.trim(),
            count_range(count)
        );
        unparsed.push(((Part::Count, i), why));
        // The count was still given: it stands at its lowest value, which its range accepts, so
        // that the battle's check sees it given twice if it is. The battle is not resolved.
        battle.counts.push((id.to_string(), count.min()));
        count_flags.push(i);
    }
    count_flags
}

/// The battle's own problems against the game, each at the flag it came from.
fn checked_problems(
    game: &Game,
    flags: &OddsFlags,
    battle: &Battle,
    flag_of: &FlagIndex,
) -> Vec<(Place, String)> {
    let (attacker_flags, defender_flags, count_flags) =
        (flag_of.attackers, flag_of.defenders, flag_of.counts);
    battle
        .problems(game)
        .into_iter()
        .map(|p| {
            let index = match p.part {
                Part::Attacker => attacker_flags[p.index],
                Part::Defence => defender_flags[p.index],
                // A defender's own type is checked where its --defence flag is; one from
                // --defender-type is that flag's.
                Part::DefenderType => defender_flags[p.index],
                Part::Count => count_flags[p.index],
                _ => p.index,
            };
            let problem = Problem { index, ..p };
            let own_type = problem.part == Part::DefenderType
                && flags
                    .defenders
                    .get(index)
                    .is_some_and(|text| unit_of(text).1.is_some());
            // An attacker's type that is not its --attack flag's came from --attacker-type.
            let shared_attacker_type = problem.part == Part::Attacker
                && matches!(problem.fault, Fault::Unknown { .. })
                && flags
                    .attackers
                    .get(index)
                    .is_some_and(|text| unit_of(text).1.is_none());
            let named = if own_type {
                "--defence"
            } else if shared_attacker_type {
                "--attacker-type"
            } else {
                flag(problem.part)
            };
            (
                (problem.part, index),
                describe_as(&problem, named, flags, game),
            )
        })
        .collect()
}

/// The flags' problems merged in the order of the parts, each said once.
fn merged(checked: Vec<(Place, String)>, unparsed: Vec<(Place, String)>) -> Vec<String> {
    // Both lists are in the order of the parts: merged, a flag's problems stay together, what the
    // battle's check says of a flag before that its value does not parse.
    let mut unparsed = unparsed.into_iter().peekable();
    let mut problems = Vec::new();
    for (place, text) in checked {
        while let Some((_, earlier)) = unparsed.next_if(|(p, _)| *p < place) {
            problems.push(earlier);
        }
        problems.push(text);
    }
    problems.extend(unparsed.map(|(_, text)| text));
    // A shared type (--attacker-type, --defender-type) is wrong once, not once per unit.
    let mut seen = std::collections::BTreeSet::new();
    problems.retain(|p| seen.insert(p.clone()));
    problems
}

/// A unit's type as the flags name it: a `[[types]]` id as given, a unit's id as that unit's type
/// (the type is the unit's, so the player need not look it up), or, in a game of one unit type,
/// that type when none is given: the type the rules read is never in doubt then.
fn type_of(game: &Game, given: Option<String>) -> Option<String> {
    let types = &game.counters.types;
    let Some(given) = given else {
        return match types.as_slice() {
            [only] => Some(only.id.to_string()),
            _ => None,
        };
    };
    if types.iter().any(|t| t.id.as_str() == given) {
        return Some(given);
    }
    let unit = game.counters.units.iter().find(|u| u.id.as_str() == given);
    Some(unit.map_or(given, |u| u.unit_type.to_string()))
}

/// `STRENGTH[:TYPE]`: the strength as given and the type, if any.
fn unit_of(text: &str) -> (&str, Option<String>) {
    match text.split_once(':') {
        Some((s, k)) if !k.trim().is_empty() => (s, Some(k.trim().to_string())),
        Some((s, _)) => (s, None),
        None => (text, None),
    }
}

/// The units of the `--attack` or `--defence` flags, `STRENGTH[:TYPE]` each, with the position of
/// the flag each came from; a strength that does not parse is a problem (its type is checked all
/// the same).
fn units(
    game: &Game,
    flags: &OddsFlags,
    given: &[String],
    part: Part,
    unparsed: &mut Vec<(Place, String)>,
) -> (Vec<(f64, Option<String>)>, Vec<usize>) {
    let (mut units, mut positions) = (Vec::new(), Vec::new());
    let type_part = match part {
        Part::Defence => Part::DefenderType,
        _ => part,
    };
    for (i, text) in given.iter().enumerate() {
        let (strength, unit_type) = unit_of(text);
        match strength.trim().parse::<f64>() {
            Ok(strength) => {
                units.push((strength, unit_type));
                positions.push(i);
            }
            Err(_) => {
                let (flag, example) = match part {
                    Part::Defence => ("--defence", "6, 4.5 or 6:infantry"),
                    _ => ("--attack", "9, 4.5 or 9:panzer"),
                };
                let why = format!("{flag} {strength}: not a strength (write e.g. {example})");
                unparsed.push(((part, i), why));
                if let Some(p) = unit_type.and_then(|t| id_problem(game, type_part, i, &t)) {
                    unparsed.push(((part, i), describe_as(&p, flag, flags, game)));
                }
            }
        }
    }
    (units, positions)
}

/// A marker flag, `ID` or `ID:back`: its id and face.
fn marker(text: &str) -> (String, MarkerFace) {
    let (id, face) = match text.rsplit_once(':') {
        Some((id, "back")) => (id, MarkerFace::Back),
        Some((id, "front")) => (id, MarkerFace::Front),
        _ => (text, MarkerFace::Front),
    };
    (id.to_string(), face)
}

/// The ARs of `--ar ATTACKER:DEFENDER`.
fn action_ratings(text: &str) -> Option<(i64, i64)> {
    let (a, d) = text.split_once(':')?;
    Some((a.trim().parse().ok()?, d.trim().parse().ok()?))
}

/// The flag that gives each part of a battle.
fn flag(part: Part) -> &'static str {
    match part {
        Part::Attacker => "--attack",
        Part::Defence => "--defence",
        Part::AttackerMarker => "--marker",
        Part::DefenderMarker => "--defender-marker",
        Part::DefenderType => "--defender-type",
        Part::ActionRatings => "--ar",
        Part::Terrain => "--terrain",
        Part::City => "--city",
        Part::DefenderSide => "--side",
        Part::Across => "--across",
        Part::Weather => "--weather",
        Part::Count => "--count",
        Part::Declaration => "--declare",
        Part::Kind => "--kind",
        Part::Turn => "--turn",
        Part::Roll => "--roll",
        Part::SurpriseRoll => "--surprise-roll",
    }
}

/// A battle's problem in the flags' words. `problem.index` is the position of the flag among its
/// repetitions, so that a value can be quoted as it was given.
fn describe(problem: &Problem, flags: &OddsFlags, game: &Game) -> String {
    describe_as(problem, flag(problem.part), flags, game)
}

/// `describe`, naming the flag `flag` (a defender's type given with its `--defence`).
fn describe_as(problem: &Problem, flag: &str, flags: &OddsFlags, game: &Game) -> String {
    let part = problem.part;
    let given = |values: &[String]| values.get(problem.index).cloned().unwrap_or_default();
    match &problem.fault {
        Fault::Unknown { given, valid } => {
            let mut text = format!(
                "unknown {} `{given}` ({flag})\n  = valid: {}",
                part.noun(),
                valid.join(", ")
            );
            if let Some(s) = suggest(given, valid.iter().map(String::as_str)) {
                text.push_str(&format!("\n  = help: did you mean `{s}`?"));
            }
            text
        }
        Fault::NotInGame => match part {
            Part::Count => format!(
                "--count {}: the game keeps no count for a combat (no [[combat.counts]])",
                given(&flags.counts)
            ),
            Part::Declaration => format!(
                "--declare {}: the game declares nothing for a combat (no [[combat.declarations]])",
                given(&flags.declared)
            ),
            Part::Kind => format!(
                "--kind {}: the game has one kind of attack (no [[combat.attack_kinds]])",
                flags.kind.as_deref().unwrap_or_default()
            ),
            Part::ActionRatings => format!(
                "--ar {}: {} has no [combat.action_rating] (no AR units): drop --ar",
                flags.ar.as_deref().unwrap_or_default(),
                game.rules.game.id.as_str()
            ),
            Part::SurpriseRoll => {
                "--surprise-roll: the game has no surprise check ([combat.surprise])".into()
            }
            _ => format!("{flag}: the game has nothing of the kind"),
        },
        Fault::Strength(value) if part == Part::Defence => {
            format!("{flag} {value}: a defence total must be a finite number, 0 or more")
        }
        Fault::Strength(value) => {
            format!("{flag} {value}: a strength must be a finite number above 0")
        }
        Fault::Repeated { id } => format!("{flag} {id}: given twice"),
        Fault::CountRange {
            id,
            value,
            range,
            name,
        } => format!("{flag} {id}={value}: out of range {range} ({name})"),
        Fault::Turn { turn, turns } => format!(
            "{flag} {turn}: turn out of range 1..{turns} (the game has {})",
            plural(*turns as usize, "turn")
        ),
        Fault::Roll { roll, count, faces } => format!(
            "{flag} {roll}: roll out of range {count}..{} (the game rolls {count}d{faces})",
            count.saturating_mul(*faces)
        ),
    }
}

/// What a battle leaves open, and which flag would decide it.
fn undecided(open: &Undecided) -> String {
    match open {
        Undecided::AttackerType { modifier, strength } => {
            let types: Vec<&str> = modifier.unit_types.iter().map(|t| t.as_str()).collect();
            format!(
                "the {} modifier applies to {} attackers: give each attacker's type or unit id (e.g. --attack {}:{}), or --attacker-type {} when every attacker is of that type",
                modifier.id.as_str(),
                types.join(" or "),
                strength,
                types.first().copied().unwrap_or(""),
                types.first().copied().unwrap_or("")
            )
        }
        Undecided::Shift { shift, needs } => {
            let conditions: Vec<String> = needs.iter().map(Need::condition).collect();
            let mut hints: Vec<String> = needs
                .iter()
                .map(|need| match need {
                    Need::DefenderSide(_) => "pass --side".to_string(),
                    Need::AttackerSide {
                        from_defender: true,
                        ..
                    } => "pass --side (the defender's side; the attacker is the other)".to_string(),
                    Need::AttackerSide { .. } => {
                        "vmodc odds cannot tell the attacker's side in a game of more than two sides"
                            .to_string()
                    }
                    Need::AttackerType(types) => format!(
                        "give each attacker's type or unit id (e.g. --attack 9:{0}), or --attacker-type {0} when every attacker is of that type",
                        types.first().copied().unwrap_or("")
                    ),
                })
                .collect();
            hints.dedup();
            format!(
                "{} shift applies to {}: {}",
                shift.id.as_str(),
                conditions.join(" and "),
                hints.join("; ")
            )
        }
    }
}
