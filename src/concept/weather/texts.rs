//! The interface texts of the weather: the weather marker, and the Variable weather button and its
//! report in games with a variable weather table. (The weather names are the turn's: see
//! `sequence::texts`.)

use crate::concept::game::Game;
use crate::i18n::{Entries, InterfaceText};

const MARKER: &[InterfaceText] = &[("ui.weather", "Weather", "weather marker")];

const VARIABLE_WEATHER: &[InterfaceText] = &[
    ("ui.variable_weather", "Variable weather", "toolbar button"),
    (
        "ui.variable_weather_tooltip",
        "Roll this turn's weather on the variable weather table",
        "toolbar button",
    ),
    (
        "ui.report_weather_roll",
        "Variable weather (rule {rule}), turn {turn}: roll {roll} → {weather}",
        "chat: variable weather roll",
    ),
];

/// Every interface text of the weather.
pub(crate) fn interface_texts(out: &mut Entries) {
    out.add_interface(VARIABLE_WEATHER);
    out.add_interface(MARKER);
}

/// The Variable weather button and its report (in games with a variable weather table), and the
/// weather marker.
pub(crate) fn entries(game: &Game, out: &mut Entries) {
    if game.rules.variable_weather.is_some() {
        out.add_interface(VARIABLE_WEATHER);
    }
    out.add_interface(MARKER);
}
