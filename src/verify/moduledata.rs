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

/// The build file VASSAL reads (`GameModule.build`): `buildFile` for a module made before 3.5,
/// `buildFile.xml` otherwise. Without a version (no moduledata, no `VassalVersion` on the root)
/// whichever the archive holds.
pub(super) fn build_file_name(archive: &Archive, vassal_version: &str) -> &'static str {
    match major_minor(vassal_version) {
        Some(v) if v < (3, 5) => BUILD_FILE_OLD,
        Some(_) => BUILD_FILE,
        None if archive.entries.contains_key(BUILD_FILE) => BUILD_FILE,
        None => BUILD_FILE_OLD,
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

/// VASSAL 3.7 reads modules of every version up to its own; 3.8 and later are too new.
fn check_vassal_version(vv: &str, push: &mut impl FnMut(Diagnostic)) {
    if vv.is_empty() {
        push(
            Diagnostic::warning("V0404", "moduledata has no VassalVersion")
                .help("VASSAL then reads the build file of a module older than 3.5 (`buildFile`); write the VASSAL version the module was made with"),
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
