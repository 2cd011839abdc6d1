//! Check 11 of `vmodc check FILE.vmod`: no expression that VASSAL's BeanShell parser reads slowly,
//! in a component's attributes (a Global Key Command's filter, a report format, a map's calculated
//! names) or in a piece's traits (pieces.rs calls [`check_trait`]).

use super::xml::Node;
use crate::diag::Diagnostic;
use crate::vassal::parse_cost::{nesting_depth, MAX_NESTING};

/// Every attribute of every component.
pub(super) fn check_components(root: &Node, push: &mut impl FnMut(Diagnostic)) {
    for node in root.walk() {
        for (name, value) in &node.attrs {
            let depth = nesting_depth(value);
            if depth > MAX_NESTING {
                let short = node.tag.rsplit('.').next().unwrap_or(&node.tag);
                push(too_deep(format!(
                    "{short}'s `{name}`: an expression with parentheses nested {depth} deep"
                )));
            }
        }
    }
}

/// A decoded trait of the piece `what`.
pub(super) fn check_trait(
    what: &str,
    (type_, state): &(String, String),
    push: &mut impl FnMut(Diagnostic),
) {
    let depth = nesting_depth(type_).max(nesting_depth(state));
    if depth > MAX_NESTING {
        let id = super::decode::trait_id(type_);
        push(too_deep(format!(
            "{what}: a `{id}` trait holds an expression with parentheses nested {depth} deep"
        )));
    }
}

fn too_deep(message: String) -> Diagnostic {
    Diagnostic::warning("V0433", message).help(format!(
        "VASSAL's BeanShell parser takes about twice as long for each level past 6 and the game stops answering while it reads one (seconds at 13, minutes at 20): write it as a flat chain (`a * b * c`, `c1 ? x : c2 ? y : z`) of at most {MAX_NESTING} levels, or split it over properties"
    ))
}
