//! An audit for people (a short list, turn by turn and phase by phase) and for programs (JSON, one
//! object per finding).

use super::{Audit, Check, Finding, Kind, NO_FINDING};

impl Audit {
    /// A heading, then each phase with findings and its findings in the order of the log.
    pub fn human(&self) -> String {
        let mut out = format!(
            "{} {} (game {}), {}\n",
            self.module.as_deref().unwrap_or("(unnamed module)"),
            self.version.as_deref().unwrap_or(""),
            self.game,
            self.tally()
        );
        let (findings, unchecked) = self.split();
        if findings.is_empty() {
            out.push_str(NO_FINDING);
            out.push('\n');
        }
        let mut heading = None;
        for f in findings {
            let this = (f.turn, f.phase.clone());
            if heading.as_ref() != Some(&this) {
                out.push_str(&format!("Turn {}, {}\n", f.turn, f.phase));
                heading = Some(this);
            }
            out.push_str(&line(f));
        }
        if !unchecked.is_empty() {
            out.push_str(
                "Not checked (what the rules data or the files given do not let vmodc decide):\n",
            );
        }
        for f in unchecked {
            out.push_str(&unchecked_line(f));
        }
        if let Some(v) = &self.victory {
            out.push_str(&format!("{}\n", v.line()));
        }
        out
    }

    /// The findings as a JSON array, one object per finding.
    pub fn json(&self) -> String {
        serde_json::to_string_pretty(&self.findings).unwrap_or_else(|_| "[]".into()) + "\n"
    }
}

/// A check not made, once for every piece it concerns: `  movement: … (3 moves: V Corps, …)`.
fn unchecked_line(f: &Finding) -> String {
    let rule = f
        .rule
        .as_deref()
        .map_or(String::new(), |r| format!(" [rule {r}]"));
    format!(
        "  {}: {}{rule}\n      {}\n",
        check_name(f.check),
        f.what,
        f.piece
    )
}

pub(super) fn check_name(check: Check) -> &'static str {
    match check {
        Check::WhoMoves => "who moves",
        Check::Movement => "movement",
        Check::Stacking => "stacking",
        Check::Combat => "combat",
        Check::Arrivals => "arrivals",
    }
}

fn line(f: &Finding) -> String {
    let kind = match f.kind {
        Kind::Violation => "VIOLATION",
        Kind::Doubt => "doubt",
        Kind::NotChecked => "not checked",
    };
    let check = check_name(f.check);
    let path = f.places();
    let rule = f
        .rule
        .as_deref()
        .map_or("no rule cited".to_string(), |r| format!("rule {r}"));
    let allows = if f.allows.is_empty() {
        String::new()
    } else {
        format!(": {}", f.allows)
    };
    format!(
        "  step {:>4}  {kind:<9}  {check:<9}  {}{path}\n      {}\n      {rule}{allows}\n",
        f.step, f.piece, f.what
    )
}

impl super::victory::Outcome {
    /// `As the log ends, the victory conditions (rule 5.0, scenario standard, judged at: end of
    /// turn 7) give: Soviet victory. Control markers: 0204 Germany, 1103 Soviet Union.`
    pub fn line(&self) -> String {
        let rule = self
            .rule
            .as_deref()
            .map_or(String::new(), |r| format!("rule {r}, "));
        let held: Vec<String> = self
            .control
            .iter()
            .map(|(hex, side)| format!("{hex} {side}"))
            .collect();
        let control = if held.is_empty() {
            String::new()
        } else {
            format!(" Control markers: {}.", held.join(", "))
        };
        format!(
            "As the log ends, the victory conditions ({rule}scenario {}, judged at: {}) give: {}.{control}",
            self.scenario,
            self.when,
            self.result.trim_end_matches('.'),
        )
    }
}
