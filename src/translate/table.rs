//! What VASSAL 3.7.26 translates: per component class, its key prefix and translatable attributes;
//! per trait, the fields whose text it translates. Read from `vassal_i18n_3.7.26.txt` (generated from
//! VASSAL's classes, see that file's header).

use std::collections::BTreeMap;

const TABLE: &str = include_str!("vassal_i18n_3.7.26.txt");

/// How a component's own part of the translation key is formed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Prefix {
    /// `SimpleName.` or `SimpleName.<configure name>.` (`AbstractConfigurable.getI18nPrefix`).
    Named,
    /// None of its own (the module, a BoardPicker, the Global Properties container).
    Empty,
    /// A fixed text, no dot added (`GlobalMap`, `HidePieces`).
    Fixed(String),
    /// The texts of its piece, keyed `Piece.<text>` (a piece slot, a prototype).
    Piece,
}

/// A component class's row.
#[derive(Debug, Clone)]
pub struct ComponentRow {
    pub prefix: Prefix,
    /// The attribute holding its configure name, if it has one.
    pub name_attribute: Option<String>,
    pub attributes: Vec<String>,
}

/// How a trait field holds its translatable text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldShape {
    Whole,
    /// A comma list, each element a text.
    List,
    /// A comma list whose elements are colon lists: the first part is the text.
    Heads,
}

/// The table, parsed once per run.
#[derive(Debug, Default)]
pub struct Table {
    components: BTreeMap<String, ComponentRow>,
    traits: BTreeMap<String, Vec<(usize, FieldShape)>>,
}

impl Table {
    pub fn load() -> Table {
        let mut table = Table::default();
        for line in TABLE.lines() {
            let words: Vec<&str> = line.split(' ').collect();
            match words.as_slice() {
                ["component", class, prefix, name, rest @ ..] => {
                    let prefix = match *prefix {
                        "name" => Prefix::Named,
                        "none" => Prefix::Empty,
                        "piece" => Prefix::Piece,
                        fixed => Prefix::Fixed(fixed.trim_start_matches('=').to_string()),
                    };
                    let attributes = rest
                        .first()
                        .map(|a| {
                            a.split(',')
                                .filter(|s| !s.is_empty())
                                .map(str::to_string)
                                .collect()
                        })
                        .unwrap_or_default();
                    table.components.insert(
                        class.to_string(),
                        ComponentRow {
                            prefix,
                            name_attribute: (*name != "-").then(|| name.to_string()),
                            attributes,
                        },
                    );
                }
                ["trait", id, _class, fields] => {
                    let fields = fields
                        .split(',')
                        .filter_map(|f| {
                            let (index, shape) = f.split_once(':')?;
                            let shape = match shape {
                                "whole" => FieldShape::Whole,
                                "list" => FieldShape::List,
                                "heads" => FieldShape::Heads,
                                _ => return None,
                            };
                            Some((index.parse().ok()?, shape))
                        })
                        .collect();
                    table.traits.insert(id.to_string(), fields);
                }
                _ => {}
            }
        }
        table
    }

    pub fn component(&self, simple_name: &str) -> Option<&ComponentRow> {
        self.components.get(simple_name)
    }

    /// The translatable fields of a trait, by the trait's type (its ID and fields). A Can Rotate
    /// with one angle has a "set angle" command where others have "rotate" commands, and its later
    /// fields move up by two (`FreeRotator.mySetType`).
    pub fn trait_fields(&self, id: &str, fields: &[String]) -> Vec<(usize, FieldShape)> {
        if id == "rotate;" && fields.first().map(String::as_str) == Some("1") {
            return vec![
                (2, FieldShape::Whole),
                (4, FieldShape::Whole),
                (8, FieldShape::Whole),
            ];
        }
        self.traits.get(id).cloned().unwrap_or_default()
    }
}
