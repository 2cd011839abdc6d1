//! Every text a game's module uses, gathered from the concepts: each concept lists its own in its
//! folder's `texts.rs` (its keys, their defaults and where they are used); see [`crate::i18n`] for
//! how a language's catalogs translate them.

use crate::concept::game::Game;
use crate::concept::{
    air, barrage, cards, combat, hidden, map, markers, modes, morale, movement, print_texts,
    releases, sequence, setup, stacking, steps, units, victory, weather,
};
use crate::i18n::{extract, Catalog, Entries, Entry, Language, Skeleton, Texts};

/// Every key a game's module uses, with its default text, in the order the module first uses them
/// (a catalog skeleton lists them in this order).
pub fn entries(game: &Game) -> Vec<Entry> {
    let mut out = Entries::default();
    // The game's own name and description belong to no one concept.
    let r = &game.rules;
    out.add("game.title".into(), &r.game.title, "module name, map title");
    out.add(
        "game.description".into(),
        &r.game.description,
        "module description",
    );
    units::texts::entries(game, &mut out);
    markers::texts::entries(game, &mut out);
    hidden::texts::entries(game, &mut out);
    weather::texts::entries(game, &mut out);
    morale::texts::entries(game, &mut out);
    barrage::texts::entries(game, &mut out);
    air::texts::entries(game, &mut out);
    steps::texts::entries(game, &mut out);
    map::texts::entries(game, &mut out);
    sequence::texts::entries(game, &mut out);
    stacking::texts::entries(game, &mut out);
    combat::texts::entries(game, &mut out);
    setup::texts::entries(game, &mut out);
    cards::texts::entries(game, &mut out);
    map::texts::area_entries(game, &mut out);
    victory::texts::entries(game, &mut out);
    modes::texts::entries(game, &mut out);
    movement::texts::entries(game, &mut out);
    print_texts::interface_texts(&mut out);
    releases::texts::entries(game, &mut out);
    out.into_entries()
}

/// Every interface text, whatever the game: the keys of an interface catalog
/// (`i18n/interface/<lang>.toml`), in the order its skeleton lists them.
pub fn interface_entries() -> Vec<Entry> {
    let mut out = Entries::default();
    units::texts::interface_texts(&mut out);
    markers::texts::interface_texts(&mut out);
    hidden::texts::interface_texts(&mut out);
    weather::texts::interface_texts(&mut out);
    morale::texts::interface_texts(&mut out);
    barrage::texts::interface_texts(&mut out);
    air::texts::interface_texts(&mut out);
    steps::texts::interface_texts(&mut out);
    map::texts::interface_texts(&mut out);
    sequence::texts::interface_texts(&mut out);
    stacking::texts::interface_texts(&mut out);
    combat::texts::interface_texts(&mut out);
    setup::texts::interface_texts(&mut out);
    cards::texts::interface_texts(&mut out);
    victory::texts::interface_texts(&mut out);
    modes::texts::interface_texts(&mut out);
    movement::texts::interface_texts(&mut out);
    print_texts::interface_texts(&mut out);
    releases::texts::interface_texts(&mut out);
    out.into_entries()
}

/// The texts of a module built without catalogs: the data's own names and the English interface.
pub fn default_texts(game: &Game) -> Texts {
    Texts::new(&entries(game), Language::default())
}

/// A game catalog skeleton for a new language (`vmodc i18n extract <game> <lang>`): the game's own
/// texts, and the interface texts `base` words its own way; the other interface texts are translated
/// once for every game, in the interface catalog.
pub fn game_catalog_skeleton(game: &Game, lang: &str, base: Option<&Catalog>) -> String {
    let overridden = |key: &str| base.is_some_and(|b| b.texts.contains_key(key));
    let entries: Vec<Entry> = entries(game)
        .into_iter()
        .filter(|e| !e.is_interface() || overridden(&e.key))
        .collect();
    let what = format!("the {} module", game.rules.game.title.as_str());
    let command = format!("vmodc i18n extract {} {lang}", game.id);
    let skeleton = Skeleton {
        what: &what,
        command: &command,
    };
    extract(skeleton, &entries, lang, base)
}

/// An interface catalog skeleton for a new language (`vmodc i18n extract --interface <lang>`):
/// every interface text of every game.
pub fn interface_catalog_skeleton(lang: &str, base: Option<&Catalog>) -> String {
    let command = format!("vmodc i18n extract --interface {lang}");
    let skeleton = Skeleton {
        what: "the interface all modules share",
        command: &command,
    };
    extract(skeleton, &interface_entries(), lang, base)
}
