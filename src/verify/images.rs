//! Check 2 of vassal-format.md §7: every image the module names is in `images/`.

use super::archive::Archive;
use super::xml::Node;
use crate::diag::Diagnostic;
use std::collections::BTreeSet;

/// The images an archive holds, by their name under `images/`.
pub(super) struct Images<'a> {
    names: BTreeSet<&'a str>,
}

impl<'a> Images<'a> {
    pub(super) fn of(archive: &'a Archive) -> Self {
        Images {
            names: archive
                .entries
                .keys()
                .filter_map(|k| k.strip_prefix("images/"))
                .collect(),
        }
    }

    /// `DataArchive.getInputStream`: `images/<name>`, then (legacy) `images/<name>.gif`; a name
    /// starting with `/` is one of VASSAL's own resources.
    fn exists(&self, name: &str) -> bool {
        name.starts_with('/')
            || self.names.contains(name)
            || self.names.contains(format!("{name}.gif").as_str())
    }

    fn missing(&self, what: &str, name: &str) -> Diagnostic {
        let lower = name.to_lowercase();
        let near = self.names.iter().find(|i| i.to_lowercase() == lower);
        let d = Diagnostic::error(
            "V0407",
            format!("{what} uses image `{name}`, which is not in images/"),
        );
        match near {
            Some(n) => d.help(format!("names are case-sensitive: the archive has `{n}`")),
            None => d.help("add the image to images/ or fix the name"),
        }
    }

    /// What is wrong with `what` using image `name`, if anything.
    pub(super) fn problem(&self, what: &str, name: &str) -> Option<Diagnostic> {
        if name.is_empty() {
            None
        } else if !self.exists(name) {
            Some(self.missing(what, name))
        } else if name.to_lowercase().ends_with(".svg") && !name.ends_with(".svg") {
            Some(
                Diagnostic::warning("V0426", format!("{what}: image `{name}` has an upper-case .svg suffix"))
                    .help("VASSAL recognises SVG by the lower-case suffix `.svg` only; it reads this file as a bitmap and fails"),
            )
        } else {
            None
        }
    }
}

/// Component attributes that name an image (IconConfigurer / ImageConfigurer attributes of 3.7).
pub(super) fn check_components(root: &Node, images: &Images, push: &mut impl FnMut(Diagnostic)) {
    for node in root.walk() {
        let short = node.tag.rsplit('.').next().unwrap_or("");
        for (key, value) in &node.attrs {
            let is_image = key == "icon"
                || key.ends_with("Icon")
                || key.ends_with("IconName")
                || (key == "image" && short == "Board")
                || (key == "fileName" && matches!(short, "Chart" | "AboutScreen"));
            if is_image {
                let label = match node.attr("name") {
                    "" => format!("{short} `{key}`"),
                    n => format!("{short} `{n}`"),
                };
                if let Some(d) = images.problem(&label, value) {
                    push(d);
                }
            }
        }
    }
}
