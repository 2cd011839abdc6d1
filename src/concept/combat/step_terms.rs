//! Step names and small conditions every Resolve combat part reads, shared so none imports another.

use crate::concept::module::{declared_property, props, value_property};
use crate::i18n::Texts;
use crate::vassal::expression::{and, any, cond, eq, int, prop, s, Expr, Op};

pub mod steps {
    pub const ATTACK: &str = "CombatAttack";
    /// The marked defenders' strengths in their modes, summed, in the attack's scaled units.
    pub const DEFENCE: &str = "CombatDefence";
    pub const RAW: &str = "CombatRawColumn";
    pub const SHIFT: &str = "CombatShift";
    pub const FINAL: &str = "CombatFinalColumn";
    pub const RESULT: &str = "CombatResult";
    /// The roll with the roll modifiers added (only in a game that has some).
    pub const MODIFIED_ROLL: &str = "CombatModifiedRoll";
    /// The surprise roll with its modifiers added.
    pub const SURPRISE_MODIFIED: &str = "SurpriseModified";
}

/// A defence the sources give as 0: every marked defender's printed defence is known and their total
/// is 0 (not a defence they do not give: an untried unit is revealed first).
pub(super) fn known_zero_defence(combat: &crate::concept::game::Combat) -> Expr {
    and(
        eq(unknown_defenders(combat), int(0)),
        eq(printed_defence_total(combat), int(0)),
    )
}

/// The units marked to defend: every one counts in the defence (a stack defends together).
pub(super) fn is_defender() -> Expr {
    eq(prop(props::COMBAT_ROLE), s("defender"))
}

/// The marked defenders' printed defences, summed (VASSAL's `Sum` skips the `?` of a value the
/// sources do not give).
pub(super) fn printed_defence_total(combat: &crate::concept::game::Combat) -> Expr {
    let printed = value_property(combat.defence_value());
    Expr::Sum(printed, Box::new(is_defender()))
}

/// How many marked defenders have a printed defence the sources do not give (`?`).
pub(super) fn unknown_defenders(combat: &crate::concept::game::Combat) -> Expr {
    let printed = prop(&value_property(combat.defence_value()));
    Expr::Count(Box::new(and(is_defender(), eq(printed, s("?")))))
}

pub(super) fn is_attacker() -> Expr {
    eq(prop(props::COMBAT_ROLE), s("attacker"))
}

/// Whether the kind of attack being resolved is one of `kinds`.
pub(super) fn kind_is(kinds: &[crate::model::Sp<String>]) -> Expr {
    any(kinds
        .iter()
        .map(|k| eq(prop(props::ATTACK_KIND), s(k)))
        .collect())
}

/// The name of the kind of attack being resolved.
pub(super) fn kind_name(combat: &crate::concept::game::Combat, tx: &Texts) -> Expr {
    combat.attack_kinds.iter().rev().fold(s(""), |rest, k| {
        cond(
            eq(prop(props::ATTACK_KIND), s(&k.id)),
            s(&tx.get(&format!("attack_kinds.{}", k.id.as_str()))),
            rest,
        )
    })
}

/// Whether declaration `id` is declared and counts in the kind of attack being resolved
/// (`shifts::declared_in`).
pub(super) fn declared(combat: &crate::concept::game::Combat, id: &str) -> Expr {
    let made = eq(prop(&declared_property(id)), int(1));
    match combat.declarations.iter().find(|d| d.id.as_str() == id) {
        Some(d) if !d.attack_kinds.is_empty() => and(made, kind_is(&d.attack_kinds)),
        _ => made,
    }
}

/// Whether declaration `id` is not made for this combat (`declared`, negated).
pub(super) fn not_declared(combat: &crate::concept::game::Combat, id: &str) -> Expr {
    match declared(combat, id) {
        Expr::Bin(Op::Eq, l, r) => Expr::Bin(Op::Ne, l, r),
        limited => Expr::Not(Box::new(limited)),
    }
}
