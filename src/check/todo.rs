//! `vmodc check GAME --todo`: every fact the data lacks, grouped by the component a designer picks up
//! to find it (the map, the counter sheet, the CRT card, …), each with the data keys to fill and the
//! line that holds the gap.

use crate::diag::{Report, Severity, Sources};
use crate::model::component::Component;
use crate::model::keyword::Keyword;

/// One fact to fill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Todo {
    /// What is missing, as the diagnostic says it.
    pub what: String,
    /// The data keys that take it (none when the data does not say).
    pub keys: Vec<String>,
    /// `file:line` of the gap in the data.
    pub at: String,
}

/// The facts to fill of one component (`None`: the data names no component for them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TodoGroup {
    pub component: Option<Component>,
    pub items: Vec<Todo>,
}

impl TodoGroup {
    pub fn heading(&self) -> &'static str {
        self.component
            .map_or("from other sources (the data names no component)", |c| {
                c.heading()
            })
    }
}

/// The missing facts of a report (its V08xx warnings), grouped by component in the order of
/// [`Component::words`], the unsorted ones last.
pub fn todo_groups(report: &Report, sources: &Sources) -> Vec<TodoGroup> {
    let mut groups: Vec<TodoGroup> = Component::words()
        .into_iter()
        .filter_map(Component::parse)
        .map(Some)
        .chain([None])
        .map(|component| TodoGroup {
            component,
            items: Vec::new(),
        })
        .collect();
    for d in &report.diagnostics {
        if !(d.is_completeness_gap() && d.severity == Severity::Warning) {
            continue;
        }
        let at = d
            .location(sources)
            .map(|(path, line, _)| format!("{}:{line}", path.display()))
            .unwrap_or_default();
        let component = d.fill.as_ref().map(|f| f.component);
        let item = Todo {
            what: d.message.clone(),
            keys: d.fill.as_ref().map(|f| f.keys.clone()).unwrap_or_default(),
            at,
        };
        if let Some(group) = groups.iter_mut().find(|g| g.component == component) {
            group.items.push(item);
        }
    }
    groups.retain(|g| !g.items.is_empty());
    groups
}

/// The to-do list as text.
pub fn render_todo(game: &str, groups: &[TodoGroup]) -> String {
    let total: usize = groups.iter().map(|g| g.items.len()).sum();
    if total == 0 {
        return format!("{game}: nothing to fill: the data lacks no fact it knows of\n");
    }
    let mut out = format!("{game}: {total} facts to fill, by the component that shows them\n");
    for group in groups {
        out.push_str(&format!("\n{} ({})\n", group.heading(), group.items.len()));
        for item in &group.items {
            out.push_str(&format!("  - {} [{}]\n", item.what, item.at));
            for key in &item.keys {
                out.push_str(&format!("      fill: {key}\n"));
            }
        }
    }
    out
}

/// The to-do list as JSON: one object per fact (`game`, `component`, `what`, `keys`, `at`).
pub fn todo_json(game: &str, groups: &[TodoGroup]) -> Vec<serde_json::Value> {
    groups
        .iter()
        .flat_map(|g| {
            g.items.iter().map(move |item| {
                serde_json::json!({
                    "game": game,
                    "component": g.component.map(|c| c.word()),
                    "what": item.what,
                    "keys": item.keys,
                    "at": item.at,
                })
            })
        })
        .collect()
}
