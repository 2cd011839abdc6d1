//! Check 2 of vassal-format.md §7: every image the module names is in `images/`.

use super::archive::Archive;
use super::xml::Node;
use crate::diag::Diagnostic;
use std::cell::RefCell;
use std::collections::BTreeSet;
use unicode_normalization::UnicodeNormalization;

/// The images VASSAL 3.7.26 ships in its own jar (`vassal-app/src/main/resources/images/`):
/// `DataArchive.getInputStream` falls back to `/images/<name>` on the class path, so a module may
/// name them without holding them.
const VASSAL_JAR_IMAGES: &[&str] = &[
    "Edit16.gif",
    "Help16.gif",
    "Save16.gif",
    "SaveAs16.gif",
    "Splash.gif",
    "Splash.png",
    "StepForward16.gif",
    "Undo16.gif",
    "VASSAL-256x256.png",
    "black.jpg",
    "camera.gif",
    "chart.gif",
    "chess_clock.png",
    "connect.gif",
    "counter.gif",
    "die.gif",
    "disconnect.gif",
    "getMessages.gif",
    "globe_selected.gif",
    "globe_unselected.gif",
    "inventory.gif",
    "keyCommand.gif",
    "lockedRoom.gif",
    "map.gif",
    "mm-extension-active.png",
    "mm-extension-inactive.png",
    "mm-file.png",
    "mm-gamefolder-closed.png",
    "mm-gamefolder-open.png",
    "mm-module.png",
    "moved.gif",
    "notes.gif",
    "overview.gif",
    "playerAway.gif",
    "playerLooking.gif",
    "postMessage.gif",
    "recenter.gif",
    "status.gif",
    "thread.gif",
    "unmoved.gif",
    "zoom.png",
    "zoomIn.gif",
    "zoomIn.png",
    "zoomOut.gif",
    "zoomOut.png",
];

/// The images an archive holds, by their name under `images/`.
pub(super) struct Images<'a> {
    names: BTreeSet<&'a str>,
    archive: &'a Archive,
    /// SVG images already reported as unrenderable: once per image, not per piece that uses it.
    reported_svgs: RefCell<BTreeSet<String>>,
}

impl<'a> Images<'a> {
    pub(super) fn of(archive: &'a Archive) -> Self {
        Images {
            names: archive
                .entries
                .keys()
                .filter_map(|k| k.strip_prefix("images/"))
                .collect(),
            archive,
            reported_svgs: RefCell::default(),
        }
    }

    /// `DataArchive.getInputStream`, in its order: `images/<name>` in the archive, the same name in
    /// NFD (an archive re-zipped on macOS), VASSAL's own `/images/<name>`, then (legacy)
    /// `<name>.gif` in the archive and in VASSAL's jar. A name starting with `/` is one of VASSAL's
    /// own resources.
    pub(super) fn exists(&self, name: &str) -> bool {
        let nfd: String = name.nfd().collect();
        let gif = format!("{name}.gif");
        if let Some(resource) = name.strip_prefix('/') {
            // One of VASSAL's own resources (`getResourceAsStream`): its images are known, other
            // folders of its jar (icons, help) are taken on trust.
            return resource
                .strip_prefix("images/")
                .is_none_or(|image| VASSAL_JAR_IMAGES.contains(&image));
        }
        self.names.contains(name)
            || self.names.contains(nfd.as_str())
            || VASSAL_JAR_IMAGES.contains(&name)
            || self.names.contains(gif.as_str())
            || VASSAL_JAR_IMAGES.contains(&gif.as_str())
    }

    fn missing(&self, what: &str, name: &str) -> Diagnostic {
        let lower = name.to_lowercase();
        let near = self.names.iter().find(|i| i.to_lowercase() == lower);
        let d = Diagnostic::error(
            "V0407",
            format!("{what} uses image `{name}`, which is not in images/"),
        );
        let nfc: String = name.nfc().collect();
        let other_form = self
            .names
            .iter()
            .find(|i| i.nfc().collect::<String>() == nfc);
        match (other_form, near) {
            (Some(n), _) => d.help(format!("the archive has `{n}` in another Unicode normalisation: VASSAL looks a name up as written and in NFD only (DataArchive.getInputStream); write the name as the archive spells it")),
            (None, Some(n)) => d.help(format!("names are case-sensitive: the archive has `{n}`")),
            (None, None) => d.help("add the image to images/ or fix the name"),
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
        } else if name.ends_with(".svg") {
            self.svg_problem(what, name, false)
        } else {
            None
        }
    }

    /// An SVG that VASSAL's renderer (Apache Batik, SVG 1.1) rejects: an `<image>` whose link is
    /// `href` rather than `xlink:href` ("The attribute xlink:href of the element <image> is
    /// required", logged by `tools/image/svg/SVGRenderer.java`; Cattlesquat/imperialstruggle).
    ///
    /// The image a NonRectangular shape was traced from (`of_shape`) is only rendered when VASSAL
    /// gathers the module's images, not to draw the piece: a warning, not an error.
    pub(super) fn svg_problem(&self, what: &str, name: &str, of_shape: bool) -> Option<Diagnostic> {
        let bytes = self.archive.entries.get(&format!("images/{name}"))?;
        if !image_without_xlink_href(bytes)
            || !self.reported_svgs.borrow_mut().insert(name.to_string())
        {
            return None;
        }
        let message = format!("{what}: SVG image `{name}` has an <image> without xlink:href");
        let d = if of_shape {
            Diagnostic::warning("V0431", message)
        } else {
            Diagnostic::error("V0431", message)
        };
        Some(d.help("VASSAL's SVG renderer (Batik, SVG 1.1) fails on it and draws nothing: write the link as xlink:href (with xmlns:xlink=\"http://www.w3.org/1999/xlink\")"))
    }
}

/// Whether an SVG document has an `<image>` element without an `xlink:href` (a namespaced `href`).
fn image_without_xlink_href(svg: &[u8]) -> bool {
    let mut reader = quick_xml::Reader::from_reader(svg);
    let mut buf = Vec::new();
    loop {
        match reader.read_event_into(&mut buf) {
            Ok(quick_xml::events::Event::Start(e) | quick_xml::events::Event::Empty(e))
                if AsRef::<str>::as_ref(&e.local_name()) == "image" =>
            {
                let linked = e.attributes().flatten().any(|a| {
                    AsRef::<str>::as_ref(&a.key.local_name()) == "href" && a.key.prefix().is_some()
                });
                if !linked {
                    return true;
                }
            }
            Ok(quick_xml::events::Event::Eof) | Err(_) => return false,
            _ => {}
        }
        buf.clear();
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
            // `LOS_Thread.setPersisting` is the only reader of the persistent icon, and a thread whose
            // persistence is "Never" never persists: VASSAL never loads that image.
            let never_read = short == "LOS_Thread"
                && key == "persistentIconName"
                && node.attr("persistence") == "Never";
            // `PlayerRoster.build` skips `buttonIcon="Retire"` when the archive has no such image,
            // on purpose: old versions of VASSAL wrote it with no image behind it.
            let retire_of_old = short == "PlayerRoster"
                && key == "buttonIcon"
                && value == "Retire"
                && !images.exists(value);
            let never_read = never_read || retire_of_old;
            if is_image && !never_read {
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

/// The HTML pages of the module and their images: `HtmlChart` pages (VASSAL renders them while it
/// builds the module) and `HelpFile` pages read from the archive (the Help menu shows them in
/// `HTMLWindowHelper`). Both views use `DataArchiveHTMLEditorKit`, which loads each `<img src=NAME>`
/// without a `/` from `images/NAME`, logging "Failed to load NAME" when the archive lacks it. A name
/// with `$` is a property filled in at run time, not checked. A help page the archive lacks is an
/// error when a player opens it (`HelpFile.getContents`: ReadErrorDialog).
pub(super) fn check_html_pages(
    root: &Node,
    archive: &Archive,
    images: &Images,
    push: &mut impl FnMut(Diagnostic),
) {
    for node in root.walk() {
        let (label, file) = match node.tag.as_str() {
            "VASSAL.build.widget.HtmlChart" => (
                format!("HtmlChart `{}`", node.attr("chartName")),
                node.attr("fileName"),
            ),
            // `archive` is HelpFile's default type; `Intro.txt` is VASSAL's own resource.
            "VASSAL.build.module.documentation.HelpFile"
                if matches!(node.attr("fileType"), "" | "archive")
                    && !matches!(node.attr("fileName"), "" | "Intro.txt") =>
            {
                (
                    format!("HelpFile `{}`", node.attr("title")),
                    node.attr("fileName"),
                )
            }
            _ => continue,
        };
        let Some(bytes) = archive.entries.get(file) else {
            if label.starts_with("HelpFile") {
                push(
                    Diagnostic::error(
                        "V0432",
                        format!("{label} shows `{file}`, which the archive lacks"),
                    )
                    .help("VASSAL reports a read error when a player opens it from the Help menu; add the page or fix fileName"),
                );
            }
            continue;
        };
        let page = String::from_utf8_lossy(bytes);
        for src in img_sources(&page) {
            if src.is_empty() || src.contains('/') || src.contains('$') || images.exists(&src) {
                continue;
            }
            push(
                Diagnostic::error(
                    "V0407",
                    format!("{label} ({file}) shows image `{src}`, which is not in images/"),
                )
                .help("VASSAL logs \"Failed to load\" while it shows the page (DataArchiveHTMLEditorKit) and shows a broken image"),
            );
        }
    }
}

/// The `src` of every `<img>` tag of an HTML page, entities `&amp;`, `&quot;`, `&#39;` undone.
fn img_sources(page: &str) -> Vec<String> {
    let lower = page.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(start) = lower[from..].find("<img").map(|i| from + i) {
        let end = lower[start..].find('>').map_or(lower.len(), |i| start + i);
        if let Some(src) = attribute(&page[start..end], &lower[start..end], "src") {
            out.push(
                src.replace("&quot;", "\"")
                    .replace("&#39;", "'")
                    .replace("&amp;", "&"),
            );
        }
        from = end;
    }
    out
}

/// An attribute's value in one tag (`tag` as written, `lower` the same text in ASCII lower case):
/// quoted with `"` or `'`, or unquoted up to white space.
fn attribute(tag: &str, lower: &str, name: &str) -> Option<String> {
    let mut search = 0;
    loop {
        let at = search + lower[search..].find(name)?;
        let before_ok = lower[..at].ends_with(|c: char| c.is_ascii_whitespace());
        let rest = lower[at + name.len()..].trim_start();
        if before_ok && rest.starts_with('=') {
            let value_at = tag.len() - rest.len() + 1;
            let value = tag[value_at..].trim_start();
            return Some(match value.chars().next() {
                Some(q @ ('"' | '\'')) => value[1..].split(q).next().unwrap_or("").to_string(),
                _ => value
                    .split(|c: char| c.is_ascii_whitespace())
                    .next()
                    .unwrap_or("")
                    .to_string(),
            });
        }
        search = at + name.len();
    }
}
