//! File-name-safe forms of ids, shared by the texts (catalog keys of named boxes) and the module plan
//! (image and saved-game names).

/// A file-name-safe form of an id: lower-case ASCII letters, digits and `-`.
pub fn slug(id: &str) -> String {
    let mut out = String::new();
    for c in id.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !c.is_ascii() {
            // Keep non-ASCII ids distinct while the name stays ASCII.
            if !out.is_empty() && !out.ends_with('-') {
                out.push('-');
            }
            out.push_str(&format!("u{:x}-", c as u32));
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_string()
}

#[cfg(test)]
mod tests {
    use super::slug;

    #[test]
    fn slugs_are_ascii_and_stable() {
        assert_eq!(slug("1st Shock"), "1st-shock");
        assert_eq!(slug("XXIV"), "xxiv");
        assert_eq!(slug("A/B"), "a-b");
        assert_eq!(slug("第1"), "u7b2c-1");
    }
}
