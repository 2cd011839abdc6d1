//! Component classes of the buildFile: VASSAL's own, or Java classes the module ships in its
//! archive (`Builder.create` loads a tag's class through the module's `DataArchive` class loader,
//! which reads `<package>/<Class>.class` from the archive). vmodc cannot check inside a module's
//! own class, but it reads which VASSAL class it extends from the class file's header, so that a
//! subclass of a map helper counts as that helper.

use super::archive::Archive;
use super::xml::Node;
use crate::diag::Diagnostic;
use std::collections::BTreeMap;

/// How far a chain of the module's own classes is followed (a guard against cyclic headers).
const MAX_DEPTH: usize = 16;

/// The module's own component classes, each with its ancestors (dotted names, nearest first).
#[derive(Debug, Default)]
pub(super) struct Classes {
    lineage: BTreeMap<String, Vec<String>>,
}

impl Classes {
    /// Whether a component tag is VASSAL's class `short`, or a module class that extends it.
    pub(super) fn is_a(&self, tag: &str, short: &str) -> bool {
        let is =
            |class: &str| class.starts_with("VASSAL.") && class.rsplit('.').next() == Some(short);
        is(tag)
            || self
                .lineage
                .get(tag)
                .is_some_and(|ancestors| ancestors.iter().any(|a| is(a)))
    }
}

/// Whether a tag names a class: one with a package, or one in the default package (a capital first
/// letter, by Java's convention: danj3000/BBVassal has `<BBCounterFactory/>`). Lower-case tags
/// without a package (`option`, `entry`, `setup`) are the data of a component, read by their parent's
/// own `build`.
fn is_class_name(tag: &str) -> bool {
    tag.contains('.') || tag.starts_with(|c: char| c.is_ascii_uppercase())
}

/// The archive entry `Builder` loads a class from.
fn class_entry(class: &str) -> String {
    format!("{}.class", class.replace('.', "/"))
}

/// Every component class of the buildFile that is not VASSAL's: a note for each one the archive
/// ships (it cannot be checked inside), an error for each one it lacks (VASSAL cannot build it).
pub(super) fn check(root: &Node, archive: &Archive, push: &mut impl FnMut(Diagnostic)) -> Classes {
    let mut classes = Classes::default();
    let mut seen = std::collections::BTreeSet::new();
    for node in root.walk() {
        let tag = node.tag.as_str();
        if tag.starts_with("VASSAL.") || !is_class_name(tag) || !seen.insert(tag) {
            continue;
        }
        if !archive.entries.contains_key(&class_entry(tag)) {
            push(
                Diagnostic::error(
                    "V0429",
                    format!("component class `{tag}` is neither VASSAL's nor in the archive"),
                )
                .help(format!("VASSAL fails to build it (Builder: IllegalBuildException, class not found): add `{}` or remove the component", class_entry(tag))),
            );
            continue;
        }
        let ancestors = ancestors(archive, tag);
        let extends = ancestors
            .iter()
            .find(|a| a.starts_with("VASSAL."))
            .map_or(String::new(), |a| format!(" (extends `{a}`)"));
        push(
            Diagnostic::note(
                "V0428",
                format!("component class `{tag}`{extends} is the module's own: vmodc cannot check inside it"),
            )
            .help("VASSAL loads it from the archive; what it adds or needs is up to its code"),
        );
        classes.lineage.insert(tag.to_string(), ancestors);
    }
    check_references(root, archive, push);
    classes
}

/// The superclasses of a module class, nearest first, as far as the archive holds their classes
/// (the first class outside the archive, usually VASSAL's, is the last one listed).
fn ancestors(archive: &Archive, class: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = class.to_string();
    while out.len() < MAX_DEPTH {
        let Some(parent) = archive
            .entries
            .get(&class_entry(&current))
            .and_then(|bytes| superclass(bytes))
        else {
            break;
        };
        out.push(parent.clone());
        current = parent;
    }
    out
}

/// What vmodc reads of a Java class file's header (JVMS §4.1: the constant pool, then
/// `access_flags`, `this_class`, `super_class`, the interfaces): slash-separated names.
struct ClassHeader {
    /// The superclass (`None` for `java/lang/Object` itself).
    superclass: Option<String>,
    /// The interfaces it implements.
    interfaces: Vec<String>,
    /// Every class its constant pool names (`CONSTANT_Class`), array element types unwrapped.
    referenced: Vec<String>,
}

/// The header of a class file; `None` when the file does not parse.
fn class_header(bytes: &[u8]) -> Option<ClassHeader> {
    let mut r = ClassReader { bytes, at: 0 };
    if r.u32()? != 0xCAFE_BABE {
        return None;
    }
    r.skip(4)?; // minor and major version
    let count = r.u16()? as usize;
    let mut utf8: BTreeMap<usize, String> = BTreeMap::new();
    let mut class_names: BTreeMap<usize, usize> = BTreeMap::new();
    let mut index = 1;
    while index < count {
        let tag = r.u8()?;
        let width = match tag {
            1 => {
                let len = r.u16()? as usize;
                let text = r.take(len)?;
                utf8.insert(index, String::from_utf8_lossy(text).into_owned());
                0
            }
            7 => {
                class_names.insert(index, r.u16()? as usize);
                0
            }
            8 | 16 | 19 | 20 => 2,
            15 => 3,
            3 | 4 | 9 | 10 | 11 | 12 | 17 | 18 => 4,
            5 | 6 => 8,
            _ => return None,
        };
        r.skip(width)?;
        // Long and Double take two slots of the pool (JVMS §4.4.5).
        index += if matches!(tag, 5 | 6) { 2 } else { 1 };
    }
    let class_name = |i: usize| class_names.get(&i).and_then(|u| utf8.get(u)).cloned();
    r.skip(4)?; // access_flags, this_class
    let super_index = r.u16()? as usize;
    let superclass = if super_index == 0 {
        None
    } else {
        Some(class_name(super_index)?)
    };
    let interface_count = r.u16()? as usize;
    let mut interfaces = Vec::new();
    for _ in 0..interface_count {
        interfaces.push(class_name(r.u16()? as usize)?);
    }
    let referenced = class_names
        .values()
        .filter_map(|u| utf8.get(u))
        .map(|name| {
            // An array class is `[[Lpkg/Name;` (or a primitive array, `[I`).
            let element = name.trim_start_matches('[');
            element
                .strip_prefix('L')
                .and_then(|e| e.strip_suffix(';'))
                .filter(|_| element.len() < name.len())
                .unwrap_or(element)
                .to_string()
        })
        .collect();
    Some(ClassHeader {
        superclass,
        interfaces,
        referenced,
    })
}

/// The superclass named in a Java class file's header, dotted; `None` when the file does not parse.
pub(super) fn superclass(bytes: &[u8]) -> Option<String> {
    class_header(bytes)?
        .superclass
        .map(|name| name.replace('/', "."))
}

/// The VASSAL classes of VASSAL 3.7.26, one package a line (`package: Class Class …`), generated
/// from VASSAL's source tree (a nested class `A$B` exists when its top-level class `A` does):
///
/// ```text
/// git --git-dir=VASSAL.git ls-tree -r --name-only 3.7.26 vassal-app/src/main/java/VASSAL \
///   | sed -n 's|^vassal-app/src/main/java/\(.*\)\.java$|\1|p' \
///   | awk -F/ '{n=$NF; p=$0; sub("/[^/]*$","",p); if (p!=l) {if (l!="") print s; s=p":"; l=p} s=s" "n} END{print s}'
/// ```
const VASSAL_CLASSES: &str = include_str!("vassal_classes_3.7.26.txt");

/// Whether VASSAL 3.7.26 has a class (slash-separated, nested classes by their top-level class).
fn vassal_has(class: &str) -> bool {
    let top = class.split('$').next().unwrap_or(class);
    let Some((package, name)) = top.rsplit_once('/') else {
        return false;
    };
    VASSAL_CLASSES.lines().any(|line| {
        line.split_once(':').is_some_and(|(p, names)| {
            p == package && names.split_ascii_whitespace().any(|n| n == name)
        })
    })
}

/// The module's own classes that VASSAL loads to build the component tree (those the buildFile
/// names, and every archive class they reach through their constant pools), checked for VASSAL
/// classes that VASSAL 3.7.26 lacks: a missing superclass or interface is an error (the class
/// cannot be defined: `NoClassDefFoundError`, so `Builder` cannot build the component), any other
/// reference a warning (the code that uses it fails when it runs).
fn check_references(root: &Node, archive: &Archive, push: &mut impl FnMut(Diagnostic)) {
    let mut queue: Vec<String> = root
        .walk()
        .into_iter()
        .map(|n| n.tag.as_str())
        .filter(|t| !t.starts_with("VASSAL.") && is_class_name(t))
        .map(|t| t.replace('.', "/"))
        .collect();
    let mut seen = std::collections::BTreeSet::new();
    while let Some(class) = queue.pop() {
        if !seen.insert(class.clone()) {
            continue;
        }
        let Some(header) = archive
            .entries
            .get(&format!("{class}.class"))
            .and_then(|bytes| class_header(bytes))
        else {
            continue;
        };
        let dotted = class.replace('/', ".");
        let mut reported = std::collections::BTreeSet::new();
        let ancestors: Vec<&String> = header.superclass.iter().chain(&header.interfaces).collect();
        for name in ancestors.iter().copied().chain(&header.referenced) {
            if !name.starts_with("VASSAL/") {
                if archive.entries.contains_key(&format!("{name}.class")) {
                    queue.push(name.clone());
                }
                continue;
            }
            if vassal_has(name) || !reported.insert(name.clone()) {
                continue;
            }
            let missing = name.replace('/', ".");
            let d = if ancestors.contains(&name) {
                Diagnostic::error(
                    "V0482",
                    format!("module class `{dotted}` extends `{missing}`, which VASSAL 3.7.26 lacks"),
                )
                .help("the JVM cannot define the class (NoClassDefFoundError), so VASSAL cannot build the component that uses it; rebuild the class against VASSAL 3.7")
            } else {
                Diagnostic::warning(
                    "V0482",
                    format!("module class `{dotted}` uses `{missing}`, which VASSAL 3.7.26 lacks"),
                )
                .help("the code that uses it fails (NoClassDefFoundError) when it runs; rebuild the class against VASSAL 3.7")
            };
            push(d);
        }
    }
}

/// A big-endian reader that never reads past the end.
struct ClassReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> ClassReader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let out = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(out)
    }
    fn skip(&mut self, n: usize) -> Option<()> {
        self.take(n).map(|_| ())
    }
    fn u8(&mut self) -> Option<u8> {
        self.take(1).map(|b| b[0])
    }
    fn u16(&mut self) -> Option<u16> {
        self.take(2).map(|b| u16::from_be_bytes([b[0], b[1]]))
    }
    fn u32(&mut self) -> Option<u32> {
        self.take(4)
            .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }
}
