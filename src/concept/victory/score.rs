//! Victory-point scores (`[victory.points]` of a scenario) as a pure function of the terms and of what
//! the players (or a module) count for each term.

use crate::concept::game::{VictoryPoints, VpTerm};
use crate::concept::victory::LossRounding;

/// A score, term by term.
#[derive(Debug, Clone, PartialEq)]
pub struct Score {
    /// Points per term, in data order (losses positive).
    pub terms: Vec<f64>,
    /// Sum of the gain terms.
    pub gains: f64,
    /// Sum of the loss terms, rounded as `loss_rounding` says.
    pub losses: f64,
    pub total: f64,
    /// The threshold reached: winner side and result text; `None` means the victory's `otherwise`.
    pub result: Option<(String, String)>,
}

/// Points of one term for `n` things counted: the points of the highest band `n` reaches (none below
/// the first) when the term has bands, else `points` for every whole group of `per`.
pub fn term_points(term: &VpTerm, n: u32) -> f64 {
    if !term.bands.is_empty() {
        return term
            .bands
            .iter()
            .rev()
            .find(|b| n >= b.at_least.value)
            .map_or(0.0, |b| b.points);
    }
    let groups = n / term.per.max(1);
    f64::from(groups) * term.points
}

/// Score `vp`, given how many things each term counts.
pub fn score(vp: &VictoryPoints, count: impl Fn(&VpTerm) -> u32) -> Score {
    let terms: Vec<f64> = vp.terms.iter().map(|t| term_points(t, count(t))).collect();
    let sum = |loss: bool| -> f64 {
        vp.terms
            .iter()
            .zip(&terms)
            .filter(|(t, _)| t.loss == loss)
            .map(|(_, p)| *p)
            .sum()
    };
    let gains = sum(false);
    let raw_losses = sum(true);
    let losses = match vp.rounding() {
        LossRounding::Up => raw_losses.ceil(),
        LossRounding::Down => raw_losses.floor(),
        LossRounding::None => raw_losses,
    };
    let total = gains - losses;
    let result = vp
        .thresholds
        .iter()
        .find(|th| {
            th.at_least
                .as_ref()
                .is_none_or(|lo| total >= lo.value as f64)
                && th
                    .at_most
                    .as_ref()
                    .is_none_or(|hi| total <= hi.value as f64)
        })
        .map(|th| (th.winner.value.clone(), th.result.clone()));
    Score {
        terms,
        gains,
        losses,
        total,
        result,
    }
}

/// One line per term for a score report: the rate, what is counted, and the condition players judge
/// (which a module cannot compute, e.g. a supply trace).
pub fn describe(vp: &VictoryPoints) -> Vec<String> {
    vp.terms
        .iter()
        .map(|t| {
            let rate = if t.per > 1 {
                format!("{} per {}", t.points, t.per)
            } else {
                format!("{} each", t.points)
            };
            let mut line = format!("{}: {}{rate}", t.name, if t.loss { "lose " } else { "" });
            if !t.condition.is_empty() {
                line.push_str(&format!(", only if {}", t.condition));
            }
            if !t.except.is_empty() {
                line.push_str(&format!(". {}", t.except));
            }
            if let Some(r) = &t.rule {
                line.push_str(&format!(" ({})", r.as_str()));
            }
            line
        })
        .collect()
}
