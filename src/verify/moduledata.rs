//! Check 1 of vassal-format.md §7: `moduledata`, which VASSAL reads before anything else.

use super::archive::Archive;
use super::xml::parse_xml;
use crate::diag::Diagnostic;

/// The module's `moduledata`: present, XML, a VASSAL version 3.5–3.7 and a semver module version.
pub(super) fn check(archive: &Archive, push: &mut impl FnMut(Diagnostic)) {
    match archive
        .entries
        .get("moduledata")
        .map(|b| String::from_utf8_lossy(b).into_owned())
    {
        None => push(
            Diagnostic::warning("V0403", "the module has no moduledata").help(
                "VASSAL then sniffs the buildFile; write moduledata with VassalVersion and version",
            ),
        ),
        Some(md) => match parse_xml(&md) {
            Ok(node) => {
                let vv = node
                    .children_named("VassalVersion")
                    .next()
                    .map(|n| n.text.clone())
                    .unwrap_or_default();
                let minor: Vec<u32> = vv.split('.').filter_map(|p| p.parse().ok()).collect();
                if minor.len() < 2 || minor[0] != 3 || minor[1] < 5 || minor[1] > 7 {
                    push(
                        Diagnostic::error("V0404", format!("moduledata VassalVersion `{vv}` is not 3.5–3.7"))
                            .help("VASSAL 3.7 needs ≥ 3.5 to read buildFile.xml and refuses ≥ 3.8 as too new"),
                    );
                }
                let version = node
                    .children_named("version")
                    .next()
                    .map(|n| n.text.clone())
                    .unwrap_or_default();
                let parts: Vec<&str> = version.split('.').collect();
                if parts.len() != 3
                    || parts
                        .iter()
                        .any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()))
                {
                    push(
                        Diagnostic::warning(
                            "V0405",
                            format!("module version `{version}` is not semver"),
                        )
                        .help("the VASSAL module library accepts only MAJOR.MINOR.PATCH"),
                    );
                }
            }
            Err(e) => push(Diagnostic::error(
                "V0403",
                format!("moduledata is not XML: {e}"),
            )),
        },
    }
}
