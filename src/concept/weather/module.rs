//! What the weather adds to the module: the weather of the current turn as a property of every unit,
//! and the weather marker that shows it.

use crate::concept::module::props;
use crate::emit::plan::Plan;
use crate::model::Game;
use crate::vassal::expression::{any, cond, eq, int, prop, s, Expr};
use crate::vassal::traits::{self as pieces, Key, Piece, Trait};

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
            pieces::basic_piece(&plan.tx.get("ui.weather"), "", gpid),
        ],
    }
}
