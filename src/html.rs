//! What the HTML pages vmodc writes share (the `vmodc diff --format html` page and a module's
//! "What's new" help page): escaping, images as data URIs, and the page frame.

/// `text` with `& < > " '` escaped, for element content and attribute values alike. The apostrophe
/// is `&#39;`: `&apos;` is XML, not HTML 3.2, and VASSAL's help window (Swing) shows it as written.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// [`escape`], with every character outside ASCII written as a character reference (`&#x30E2;`):
/// the page then reads the same whatever charset a viewer assumes (VASSAL's help window reads a
/// page from the module without one).
pub fn escape_ascii(text: &str) -> String {
    escape(text)
        .chars()
        .map(|c| {
            if c.is_ascii() {
                c.to_string()
            } else {
                format!("&#x{:X};", c as u32)
            }
        })
        .collect()
}

/// A PNG as a `data:` URI, so a page carries its images inside itself.
pub fn png_data_uri(png: &[u8]) -> String {
    data_uri("image/png", png)
}

/// Any file as a `data:` URI of the given media type.
pub fn data_uri(media_type: &str, bytes: &[u8]) -> String {
    format!("data:{media_type};base64,{}", base64(bytes))
}

/// Standard base64 (RFC 4648, with padding).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// A whole page: `title` and `body` are HTML already escaped, `style` a style sheet. The charset is
/// declared the way both browsers and Java's HTML viewer read it.
pub fn page(lang: &str, title: &str, style: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n\
         <meta http-equiv=\"Content-Type\" content=\"text/html; charset=UTF-8\">\n\
         <title>{title}</title>\n<style>\n{style}</style>\n</head>\n<body>\n{body}</body>\n</html>\n",
        escape(lang)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_the_rfc_examples() {
        let cases = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in cases {
            assert_eq!(base64(plain.as_bytes()), encoded);
        }
    }

    #[test]
    fn escaping_covers_markup_and_non_ascii() {
        assert_eq!(
            escape("<a href=\"x\">&'"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
        assert_eq!(escape_ascii("モ<"), "&#x30E2;&lt;");
    }
}
