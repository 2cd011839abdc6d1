//! Every text a game's module uses, gathered from the concepts: each concept lists its own in its
//! folder's `texts.rs` (its keys, their defaults and where they are used); see [`crate::i18n`] for
//! how a language's catalogs translate them.

use crate::concept::game::Game;
use crate::concept::{print_texts, CONCEPTS};
use crate::i18n::skeleton::{extract, Skeleton};
use crate::i18n::{Catalog, Entries, Entry, Language, Texts};

/// Every key a game's module uses, with its default text, concept by concept in the registry's order
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
    for concept in CONCEPTS {
        concept.texts(game, &mut out);
    }
    // The print-and-play kit's texts belong to the print stage, not to a concept.
    print_texts::interface_texts(&mut out);
    out.into_entries()
}

/// Every interface text, whatever the game: the keys of an interface catalog
/// (`i18n/interface/<lang>.toml`), in the order its skeleton lists them.
pub fn interface_entries() -> Vec<Entry> {
    let mut out = Entries::default();
    for concept in CONCEPTS {
        concept.interface_texts(&mut out);
    }
    print_texts::interface_texts(&mut out);
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
    // Quoted, so a title that starts with an article ("The Last Stand at Moscow") reads right.
    let what = format!("the module \"{}\"", game.rules.game.title.as_str());
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
