//! Entry names as a zip's central directory lists them, duplicates included. The zip reader keeps
//! one entry per name (the last, as VASSAL does: `ZipArchive.readEntries` puts every entry of
//! `java.util.zip.ZipFile` into a map in order, and `ZipFile.getInputStream` finds a name's last
//! entry, checked with JDK 17), so a second `buildFile.xml` is only seen here.

use std::collections::BTreeMap;
use std::io::{Read, Seek, SeekFrom};

/// The most central directory this reads (a module of 20,000 entries has about 2 MB).
const MAX_DIRECTORY_BYTES: u64 = 64 << 20;

/// Names that appear more than once in the central directory, with their counts. Empty when the
/// directory cannot be found (the zip reader reports that) or is a ZIP64 one.
pub fn duplicate_names<R: Read + Seek>(source: &mut R) -> Vec<(String, usize)> {
    central_directory_names(source)
        .unwrap_or_default()
        .into_iter()
        .fold(BTreeMap::<String, usize>::new(), |mut counts, name| {
            *counts.entry(name).or_default() += 1;
            counts
        })
        .into_iter()
        .filter(|(_, n)| *n > 1)
        .collect()
}

fn central_directory_names<R: Read + Seek>(source: &mut R) -> Option<Vec<String>> {
    let len = source.seek(SeekFrom::End(0)).ok()?;
    // The end record is 22 bytes and its comment at most 65,535.
    let tail_len = len.min(22 + 65_535);
    source.seek(SeekFrom::Start(len - tail_len)).ok()?;
    let mut tail = Vec::new();
    source.by_ref().take(tail_len).read_to_end(&mut tail).ok()?;
    let end = (0..tail.len().saturating_sub(21))
        .rev()
        .find(|&i| tail[i..].starts_with(b"PK\x05\x06"))?;
    let u32_at = |b: &[u8], i: usize| -> Option<u64> {
        Some(u64::from(u32::from_le_bytes(
            b.get(i..i + 4)?.try_into().ok()?,
        )))
    };
    let u16_at = |b: &[u8], i: usize| -> Option<usize> {
        Some(usize::from(u16::from_le_bytes(
            b.get(i..i + 2)?.try_into().ok()?,
        )))
    };
    let (size, offset) = (u32_at(&tail, end + 12)?, u32_at(&tail, end + 16)?);
    if size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF || size > MAX_DIRECTORY_BYTES {
        return None;
    }
    source.seek(SeekFrom::Start(offset)).ok()?;
    let mut directory = Vec::new();
    source
        .by_ref()
        .take(size)
        .read_to_end(&mut directory)
        .ok()?;
    let mut names = Vec::new();
    let mut at = 0;
    while directory.get(at..at + 4) == Some(b"PK\x01\x02") {
        let name_len = u16_at(&directory, at + 28)?;
        let extra = u16_at(&directory, at + 30)?;
        let comment = u16_at(&directory, at + 32)?;
        let name = directory.get(at + 46..at + 46 + name_len)?;
        names.push(String::from_utf8_lossy(name).into_owned());
        at += 46 + name_len + extra + comment;
    }
    Some(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stored zip with these entries, written by hand (the zip writer refuses a duplicate name).
    fn zip(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut directory = Vec::new();
        for (name, data) in entries {
            let offset = out.len() as u32;
            let crc = crc(data);
            let mut local = b"PK\x03\x04\x14\0\0\0\0\0\0\0\0\0".to_vec();
            local.extend_from_slice(&crc.to_le_bytes());
            local.extend_from_slice(&(data.len() as u32).to_le_bytes());
            local.extend_from_slice(&(data.len() as u32).to_le_bytes());
            local.extend_from_slice(&(name.len() as u16).to_le_bytes());
            local.extend_from_slice(&0u16.to_le_bytes());
            out.extend_from_slice(&local);
            out.extend_from_slice(name.as_bytes());
            out.extend_from_slice(data);
            let mut central = b"PK\x01\x02\x14\0\x14\0\0\0\0\0\0\0\0\0".to_vec();
            central.extend_from_slice(&crc.to_le_bytes());
            central.extend_from_slice(&(data.len() as u32).to_le_bytes());
            central.extend_from_slice(&(data.len() as u32).to_le_bytes());
            central.extend_from_slice(&(name.len() as u16).to_le_bytes());
            central.extend_from_slice(&[0; 12]);
            central.extend_from_slice(&offset.to_le_bytes());
            central.extend_from_slice(name.as_bytes());
            directory.extend_from_slice(&central);
        }
        let start = out.len() as u32;
        out.extend_from_slice(&directory);
        out.extend_from_slice(b"PK\x05\x06\0\0\0\0");
        out.extend_from_slice(&(entries.len() as u16).to_le_bytes());
        out.extend_from_slice(&(entries.len() as u16).to_le_bytes());
        out.extend_from_slice(&(directory.len() as u32).to_le_bytes());
        out.extend_from_slice(&start.to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        out
    }

    fn crc(data: &[u8]) -> u32 {
        let mut h = flate2::Crc::new();
        h.update(data);
        h.sum()
    }

    #[test]
    fn a_name_listed_twice_is_found_and_the_last_copy_is_read_as_vassal_reads_it() {
        let bytes = zip(&[
            ("buildFile.xml", b"FIRST"),
            ("moduledata", b"<data/>"),
            ("buildFile.xml", b"LAST"),
        ]);
        let mut cursor = std::io::Cursor::new(&bytes);
        assert_eq!(
            duplicate_names(&mut cursor),
            vec![("buildFile.xml".to_string(), 2)]
        );
        let archive = crate::verify::read_archive(&bytes, crate::verify::Limits::default());
        let read = archive.map(|a| a.entries.get("buildFile.xml").cloned());
        assert_eq!(read, Ok(Some(b"LAST".to_vec())));
        let single = zip(&[("a", b"1"), ("b", b"2")]);
        assert!(duplicate_names(&mut std::io::Cursor::new(&single)).is_empty());
    }
}
