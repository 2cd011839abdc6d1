//! What the weather adds to the module: the weather of the current turn as a property of every unit,
//! and the weather marker that shows it.

use crate::concept::game::Game;
use crate::concept::module::{module_command, named, props, template};
use crate::concept::plan::{LineKind, Plan, TrackLine, TurnBox, WEATHER_MARKER_SIZE};
use crate::slug::slug;
use crate::concept::weather::VariableWeather;
use crate::i18n::Texts;
use crate::vassal::expression::{and, any, bin, cond, eq, int, prop, s, Expr, Op};
use crate::vassal::traits::{self as pieces, Key, Piece, Trait};
use crate::vassal::xml::El;

/// The weather id of the current turn (global property `Turn`).
pub fn weather_expr(game: &Game) -> Expr {
    let rules = &game.rules;
    let default = rules
        .weather
        .iter()
        .find(|w| w.default)
        .map_or("", |w| w.id.as_str());
    let mut e = s(default);
    for w in rules.weather.iter().filter(|w| !w.default).rev() {
        let turns: Vec<Expr> = w
            .turns
            .iter()
            .map(|t| eq(prop(props::TURN), int(i64::from(t.value))))
            .collect();
        e = cond(any(turns), s(&w.id), e);
    }
    e
}

/// Calculated property of every unit: the weather of the current turn.
pub fn unit_traits(game: &Game) -> Vec<Trait> {
    vec![pieces::calculated(
        props::WEATHER,
        &weather_expr(game).to_beanshell(),
        "Weather of the current turn",
    )]
}

/// The weather marker: shows the current turn's weather (its layer follows the turn).
pub fn weather_marker(game: &Game, plan: &Plan, gpid: &str) -> Piece {
    let weather = &game.rules.weather;
    let mut level = int(1);
    for (i, w) in weather.iter().enumerate().rev() {
        level = cond(eq(weather_expr(game), s(&w.id)), int(i as i64 + 1), level);
    }
    Piece {
        traits: vec![
            pieces::layer(&pieces::Layer {
                name: "Weather",
                description: "Weather of the current turn",
                step_command: "",
                step_key: Key::None,
                images: weather
                    .iter()
                    .map(|w| {
                        plan.weather_images
                            .get(w.id.as_str())
                            .cloned()
                            .unwrap_or_default()
                    })
                    .collect(),
                level_names: weather
                    .iter()
                    .map(|w| format!("+ ({})", plan.tx.get(&format!("weather.{}", w.id.as_str()))))
                    .collect(),
                level: 1,
                follow: Some("WeatherLevel"),
                reset: None,
                down_key: Key::None,
            }),
            pieces::calculated(
                "WeatherLevel",
                &level.to_beanshell(),
                "Layer level of the current weather",
            ),
            pieces::does_not_stack(false),
        ]
        .into_iter()
        .chain(variable_weather_traits(game, plan))
        .chain([pieces::basic_piece(&plan.tx.get("ui.weather"), "", gpid)])
        .collect(),
    }
}

/// The key the Variable weather button sends to the weather marker.
const ROLL_WEATHER: &str = "RollWeather";
const SET_ROLL: &str = "SetWeatherRoll";
const REPORT_ROLL: &str = "ReportWeatherRoll";
/// The weather marker's property that holds the last variable weather roll.
pub const WEATHER_ROLL: &str = "WeatherRoll";

/// The weather the table gives for the roll in [`WEATHER_ROLL`] on the current turn, as the
/// catalog names it ("" for a turn the table does not cover).
pub fn rolled_weather_expr(table: &VariableWeather, tx: &Texts) -> Expr {
    let mut e = s("");
    for row in table.rows.iter().rev() {
        let [from, to] = row.rolls.value;
        let in_row = and(
            bin(Op::Ge, prop(WEATHER_ROLL), int(i64::from(from))),
            bin(Op::Le, prop(WEATHER_ROLL), int(i64::from(to))),
        );
        for (i, w) in row.turns.iter().enumerate().rev() {
            let on_turn = eq(prop(props::TURN), int(i as i64 + 1));
            e = cond(
                and(in_row.clone(), on_turn),
                s(&tx.get(&format!("weather.{}", w.as_str()))),
                e,
            );
        }
    }
    e
}

/// On the weather marker, for a game with a variable weather table: roll the game's die into
/// [`WEATHER_ROLL`], then report the weather the table gives for the current turn.
fn variable_weather_traits(game: &Game, plan: &Plan) -> Vec<Trait> {
    let Some(table) = &game.rules.variable_weather else {
        return Vec::new();
    };
    let dice = &game.rules.dice;
    let roll = (0..dice.count.max(1))
        .map(|_| Expr::Random(i64::from(dice.faces)))
        .reduce(crate::vassal::expression::add)
        .unwrap_or(int(0));
    let report = template(
        &plan.tx,
        "ui.report_weather_roll",
        &[
            ("turn", prop(props::TURN)),
            ("roll", prop(WEATHER_ROLL)),
            ("weather", rolled_weather_expr(table, &plan.tx)),
            ("rule", s(table.rule.as_deref().map_or("", |r| r.as_str()))),
        ],
    );
    vec![
        pieces::trigger(
            "Variable weather",
            "",
            &[named(ROLL_WEATHER)],
            &[named(SET_ROLL), named(REPORT_ROLL)],
        ),
        pieces::report_with(
            &[named(REPORT_ROLL)],
            &report.to_beanshell(),
            "Variable weather",
            true,
        ),
        pieces::dynamic_property(
            WEATHER_ROLL,
            &[("", named(SET_ROLL), &roll.to_beanshell())],
            "Variable weather roll",
        ),
    ]
}

/// The Variable weather toolbar button, in a game with a variable weather table.
pub fn buttons(game: &Game, plan: &Plan) -> Vec<El> {
    if game.rules.variable_weather.is_none() || game.rules.weather.is_empty() {
        return Vec::new();
    }
    vec![module_command(
        &plan.tx.get("ui.variable_weather"),
        &plan.tx.get("ui.variable_weather_tooltip"),
        ROLL_WEATHER,
        &eq(prop("BasicName"), s(&plan.tx.get("ui.weather"))),
    )]
}

/// A turn box's weather line, and its shading when the turn's weather is not the default.
pub fn turn_box(game: &Game, tx: &Texts, turn: u32, out: &mut TurnBox) {
    if let Some(w) = super::turn::weather_of_turn(&game.rules, turn) {
        out.lines.push(TrackLine::new(
            LineKind::Weather,
            tx.get(&format!("weather.{}", w.id.as_str())),
        ));
        out.shaded |= !w.default;
    }
}

/// The weather's part of the plan: each weather's marker image, and where the marker sits on the
/// main board (the top-right margin).
pub fn fill_plan(game: &Game, plan: &mut Plan) {
    plan.weather_images = game
        .rules
        .weather
        .iter()
        .map(|w| (w.id.value.clone(), format!("weather-{}.png", slug(&w.id))))
        .collect();
    if !plan.weather_images.is_empty() && marker_covers_a_hex(game, plan) {
        // The board widens by the marker's room at its right: no hex moves, so saves still hold.
        plan.layout.width += WEATHER_MARKER_SIZE + 8;
    }
    let half = (WEATHER_MARKER_SIZE / 2) as i32;
    plan.weather_point = (plan.layout.width as i32 - half - 4, half + 4);
}

/// Whether the marker in the top-right corner of the board would lie over a hex the board draws
/// (and its number). A board of several sheets keeps its width: its sheets sit side by side.
fn marker_covers_a_hex(game: &Game, plan: &Plan) -> bool {
    let grid = &game.map.grid;
    if !grid.sheets.is_empty() || grid.is_areas() {
        return false;
    }
    let layout = &plan.layout;
    let (above, beside) = layout.reach();
    let left = f64::from(layout.width) - f64::from(WEATHER_MARKER_SIZE) - 4.0;
    let bottom = f64::from(WEATHER_MARKER_SIZE) + 4.0;
    grid.drawn_hexes().into_iter().any(|h| {
        let (x, y) = layout.centre(h);
        x + beside > left && y - above < bottom
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::concept::weather::turn::rolled_weather;
    use crate::concept::weather::WeatherRow;
    use crate::model::Sp;
    use crate::vassal::expression::{Env, Value};

    /// A weather marker on `turn` whose last roll was `roll`.
    struct Marker {
        turn: i64,
        roll: i64,
    }

    impl Env for Marker {
        fn prop(&self, name: &str) -> Result<Value, crate::vassal::expression::EvalError> {
            match name {
                props::TURN => Ok(Value::Int(self.turn)),
                WEATHER_ROLL => Ok(Value::Int(self.roll)),
                _ => Err(crate::vassal::expression::EvalError::NoProperty(name.to_string())),
            }
        }
        fn random(&self, _: i64) -> i64 {
            self.roll
        }
    }

    fn row(from: u32, to: u32, turns: &[&str]) -> WeatherRow {
        WeatherRow {
            rolls: Sp::synthetic([from, to]),
            turns: turns.iter().map(|t| Sp::synthetic(t.to_string())).collect(),
        }
    }

    /// The module's expression gives, for every turn and roll, the weather the Rust table lookup
    /// gives (here The Last Stand at Moscow's 13.2 table), by its catalog name.
    #[test]
    fn the_module_rolls_the_weather_the_table_gives() {
        let table = VariableWeather {
            optional: true,
            when: String::new(),
            rows: vec![
                row(
                    1,
                    1,
                    &[
                        "clear", "clear", "rain", "rain", "frost", "frost", "frost", "snow",
                        "snow", "snow",
                    ],
                ),
                row(
                    2,
                    5,
                    &[
                        "clear", "rain", "rain", "frost", "frost", "frost", "snow", "snow", "snow",
                        "snow",
                    ],
                ),
                row(
                    6,
                    6,
                    &[
                        "clear", "rain", "rain", "frost", "frost", "snow", "snow", "snow", "snow",
                        "frost",
                    ],
                ),
            ],
            rule: None,
            source: None,
        };
        let tx = Texts::for_test(&[
            ("weather.clear", "Clear"),
            ("weather.rain", "Rain"),
            ("weather.frost", "Frost"),
            ("weather.snow", "Snow"),
        ]);
        let expr = rolled_weather_expr(&table, &tx);
        for turn in 1..=10u32 {
            for roll in 1..=6u32 {
                let want = rolled_weather(&table, turn, roll).expect("covered");
                let got = expr
                    .eval(&Marker {
                        turn: i64::from(turn),
                        roll: i64::from(roll),
                    })
                    .expect("evaluates");
                assert_eq!(
                    got,
                    Value::Str(tx.get(&format!("weather.{want}"))),
                    "turn {turn}, roll {roll}"
                );
            }
        }
        // 13.2: turn 7 is Frost on a 1 and Snow otherwise; turn 10 is Frost only on a 6.
        assert_eq!(rolled_weather(&table, 7, 1), Some("frost"));
        assert_eq!(rolled_weather(&table, 7, 4), Some("snow"));
        assert_eq!(rolled_weather(&table, 10, 6), Some("frost"));
        assert_eq!(rolled_weather(&table, 11, 1), None);
    }
}
