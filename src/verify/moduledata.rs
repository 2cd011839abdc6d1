//! Check 1 of vassal-format.md §7: `moduledata`, which VASSAL reads before anything else, and the
//! choice of the build file it makes from it.

use super::archive::Archive;
use super::xml::parse_xml;
use crate::diag::Diagnostic;

/// `GameModule.BUILDFILE` and `GameModule.BUILDFILE_OLD`.
pub(super) const BUILD_FILE: &str = "buildFile.xml";
pub(super) const BUILD_FILE_OLD: &str = "buildFile";

/// What `moduledata` says, as far as the other checks need it.
#[derive(Debug, Default)]
pub(super) struct ModuleData {
    /// Whether the archive has a readable `moduledata`.
    pub present: bool,
    /// `<VassalVersion>`, empty when absent.
    pub vassal_version: String,
    /// `<version>`, empty when absent.
    pub version: String,
}

/// `major.minor` of a version string, as `VersionUtils.truncateToMinorVersion` reads it.
pub(super) fn major_minor(version: &str) -> Option<(u32, u32)> {
    let mut parts = version.trim().split('.');
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next().map_or(Some(0), |m| {
        let digits: String = m.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    })?;
    Some((major, minor))
}

/// The VASSAL version this check mirrors, which `AbstractMetaData` assumes when it reads none.
const THIS_VASSAL: &str = "3.7.26";

/// The build file VASSAL reads (`GameModule.build`): `buildFile` for a module made before 3.5,
/// `buildFile.xml` otherwise. The version is moduledata's `VassalVersion` (VASSAL's own when
/// moduledata has none); without moduledata, `ModuleMetaData.read` takes the `vassalVersion`
/// attribute of an old `buildFile`'s root (usually absent: version 0.0), and VASSAL's own version
/// when there is no `buildFile`. A version that does not parse counts as 0.0, as
/// `VersionUtils.truncateToMinorVersion` reads it.
pub(super) fn build_file_name(archive: &Archive, data: &ModuleData) -> &'static str {
    let version = if data.present {
        if data.vassal_version.is_empty() {
            THIS_VASSAL.to_string()
        } else {
            data.vassal_version.clone()
        }
    } else if let Some(old) = archive.entries.get(BUILD_FILE_OLD) {
        root_attribute(old, "vassalVersion").unwrap_or_default()
    } else {
        THIS_VASSAL.to_string()
    };
    match major_minor(&version) {
        Some(v) if v >= (3, 5) => BUILD_FILE,
        _ => BUILD_FILE_OLD,
    }
}

/// An attribute of an XML document's root element (case-sensitive, as SAX reads it).
fn root_attribute(xml: &[u8], name: &str) -> Option<String> {
    let mut reader = quick_xml::Reader::from_reader(xml);
    let mut buf = Vec::new();
    loop {
        match reader.read_event_into(&mut buf).ok()? {
            quick_xml::events::Event::Start(e) | quick_xml::events::Event::Empty(e) => {
                let value = e
                    .attributes()
                    .flatten()
                    .find(|a| AsRef::<str>::as_ref(&a.key) == name)?
                    .normalized_value(quick_xml::XmlVersion::Explicit1_0)
                    .ok()?;
                return Some(value.into_owned());
            }
            quick_xml::events::Event::Eof => return None,
            _ => buf.clear(),
        }
    }
}

/// The module's `moduledata`: present, XML, a VASSAL version this VASSAL reads and a semver module
/// version. Returns what it says (defaults when it is missing or unreadable).
pub(super) fn check(archive: &Archive, push: &mut impl FnMut(Diagnostic)) -> ModuleData {
    let Some(bytes) = archive.entries.get("moduledata") else {
        push(
            Diagnostic::warning("V0403", "the module has no moduledata").help(
                "VASSAL then sniffs the buildFile; write moduledata with VassalVersion and version",
            ),
        );
        return ModuleData::default();
    };
    let node = match parse_xml(&String::from_utf8_lossy(bytes)) {
        Ok(node) => node,
        Err(e) => {
            push(Diagnostic::error(
                "V0403",
                format!("moduledata is not XML: {e}"),
            ));
            return ModuleData::default();
        }
    };
    let text = |tag: &str| {
        node.children_named(tag)
            .next()
            .map(|n| n.text.clone())
            .unwrap_or_default()
    };
    let data = ModuleData {
        present: true,
        vassal_version: text("VassalVersion"),
        version: text("version"),
    };
    check_vassal_version(&data.vassal_version, push);
    if !is_plain_semver(&data.version) {
        push(
            Diagnostic::warning(
                "V0405",
                format!("module version `{}` is not semver", data.version),
            )
            .help("the VASSAL module library accepts only MAJOR.MINOR.PATCH"),
        );
    }
    data
}

/// The module version a module's `moduledata` gives (`<version>`), read without inflating any other
/// entry; `None` when the bytes are not a module with a readable moduledata.
pub fn module_version(module: &[u8]) -> Option<String> {
    let keep = |name: &str| {
        if name == "moduledata" {
            super::archive::Keep::All
        } else {
            super::archive::Keep::Name
        }
    };
    let archive = super::archive::read_archive_from(
        std::io::Cursor::new(module),
        super::archive::Limits::default(),
        keep,
    )
    .ok()?;
    let node = parse_xml(&String::from_utf8_lossy(archive.entries.get("moduledata")?)).ok()?;
    let version = node.children_named("version").next()?;
    Some(version.text.clone())
}

/// VASSAL 3.7 reads modules of every version up to its own; 3.8 and later are too new.
fn check_vassal_version(vv: &str, push: &mut impl FnMut(Diagnostic)) {
    if vv.is_empty() {
        push(
            Diagnostic::warning("V0404", "moduledata has no VassalVersion")
                .help("VASSAL then takes the module for one of its own version (AbstractMetaData) and reads buildFile.xml; write the VASSAL version the module was made with"),
        );
        return;
    }
    match major_minor(vv) {
        Some((3, minor)) if minor <= 7 => {}
        Some((major, _)) if major < 3 => {}
        _ => push(
            Diagnostic::error(
                "V0404",
                format!("moduledata VassalVersion `{vv}` is not a version VASSAL 3.7 reads"),
            )
            .help("VASSAL 3.7 refuses modules made with 3.8 or later as too new; write the VASSAL version the module was made with"),
        ),
    }
}

/// `MAJOR.MINOR.PATCH` with digits only.
fn is_plain_semver(version: &str) -> bool {
    let parts: Vec<&str> = version.split('.').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}
