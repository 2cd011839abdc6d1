//! `vmodc diff --format html`: the page a designer posts with a release, opened in a real headless
//! browser (Debian's chromium, which `.ci/run` installs).
//!
//! The browser is opt-in: `VMODC_BROWSER_TESTS=1` runs it (and then a missing chromium fails the
//! test); without it the page is still checked, its images decoded in Rust, and the test prints that
//! the browser part was skipped. `.ci/run` sets the variable, so CI always opens the page.

use crate::common::{code, patch, path, show, text, vmodc, TempDir};
use crate::diff::{b4m_copy, b4m_errata, diff_b4m};
use std::process::Command;

/// Counts the page's images that loaded once the page has loaded, into `data-images-loaded`.
const IMAGE_PROBE: &str = "<script>window.addEventListener('load', function () {\
 var images = Array.from(document.images);\
 var loaded = images.filter(function (i) { return i.complete && i.naturalWidth > 0; });\
 document.body.dataset.imagesLoaded = loaded.length + '/' + images.length; });</script>";

/// The DOM of `page` after it loaded in headless chromium, with [`IMAGE_PROBE`] added.
fn browser_dom(page: &str) -> String {
    let dir = TempDir::new("chromium");
    let file = dir.path().join("page.html");
    let probed = page.replace("</body>", &format!("{IMAGE_PROBE}</body>"));
    std::fs::write(&file, probed).expect("write the page");
    let profile = dir.path().join("profile");
    let out = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--virtual-time-budget=10000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", file.display()))
        .output()
        .unwrap_or_else(|e| {
            panic!("cannot run chromium ({e}): install it (Debian: apt-get install chromium; .ci/run does)")
        });
    assert!(out.status.success(), "chromium failed: {}", show(&out));
    text(&out.stdout)
}

#[test]
fn errata_page_shows_counters_and_map_and_loads_in_a_browser() {
    let old = b4m_copy();
    let new = b4m_errata();
    // A terrain change as well, so the page draws the map with the hex marked.
    patch(
        new.path(),
        "maps/b4m.toml",
        "    \"0109\", \"0201\",",
        "    \"0201\",",
    )
    .expect("edit the map");
    let page = diff_b4m(old.path(), new.path(), "html");
    assert_eq!(
        page,
        diff_b4m(old.path(), new.path(), "html"),
        "the same data gives the same page"
    );
    // Self-contained: every image is inside the page.
    let sources: Vec<&str> = page.split("<img src=\"").skip(1).collect();
    assert!(
        sources
            .iter()
            .all(|s| s.starts_with("data:image/png;base64,")),
        "an image outside the page"
    );
    // XXIV's two faces before and after; XLI's (renamed, same counters) before and after; the map.
    assert_eq!(sources.len(), 4 + 4 + 1, "{page:.2000}");
    assert!(
        page.contains("XLI Panzer Corps → XLI Motorized Corps"),
        "the rename"
    );
    assert!(
        page.contains("<title>0109</title></polygon>"),
        "the marked hex"
    );
    assert!(
        page.contains("<td>3:1 roll 6</td><td>DRL</td><td>DR</td>"),
        "the CRT cell"
    );
    assert!(
        page.contains("<td>0109</td><td>forest</td><td>clear</td>"),
        "the hex"
    );
    // Every image decodes as a PNG (what a browser needs to show it), without a browser.
    for (i, source) in sources.iter().enumerate() {
        let data = source
            .trim_start_matches("data:image/png;base64,")
            .split('"')
            .next()
            .unwrap_or("");
        let bytes = base64_decode(data);
        let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
            .read_info()
            .unwrap_or_else(|e| panic!("image {i} is not a PNG: {e}"));
        let mut pixels = vec![0; reader.output_buffer_size().unwrap_or(0)];
        reader
            .next_frame(&mut pixels)
            .unwrap_or_else(|e| panic!("image {i} does not decode: {e}"));
    }
    if std::env::var("VMODC_BROWSER_TESTS").as_deref() != Ok("1") {
        eprintln!(
            "skipped: opening the page in chromium (set VMODC_BROWSER_TESTS=1 to run it; .ci/run does)"
        );
        return;
    }
    let dom = browser_dom(&page);
    assert!(
        dom.contains("data-images-loaded=\"9/9\""),
        "every image loads in chromium: {}",
        dom.lines()
            .find(|l| l.contains("<body"))
            .unwrap_or("no body")
    );
}

/// Standard base64 (the alphabet of `data:` URLs), padding ignored.
fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {:?}", c as char),
    };
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=').map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &d)| n | (u32::from(d) << (18 - 6 * i)));
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

#[test]
fn page_text_is_escaped() {
    let old = b4m_copy();
    let new = b4m_copy();
    patch(
        new.path(),
        "counters/b4m.toml",
        "name = \"XLI Panzer Corps\"",
        "name = \"<b>XLI</b> & \\\"Co\\\"\"",
    )
    .expect("edit");
    let page = diff_b4m(old.path(), new.path(), "html");
    assert!(
        page.contains("&lt;b&gt;XLI&lt;/b&gt; &amp; &quot;Co&quot;"),
        "{page:.3000}"
    );
    assert!(!page.contains("<b>XLI"), "raw markup from the data");
}

#[test]
fn the_page_is_drawn_in_the_language_asked_for() {
    let old = b4m_copy();
    let new = b4m_errata();
    let run = |lang: &str| {
        vmodc(&[
            "diff",
            path(old.path()),
            path(new.path()),
            "b4m",
            "--format",
            "html",
            "--lang",
            lang,
        ])
    };
    let out = run("ja");
    assert_eq!(code(&out), 0, "{}", show(&out));
    let page = text(&out.stdout);
    assert!(page.contains("<html lang=\"ja\">"), "{page:.300}");
    assert!(
        page.contains("<tr><td>第24装甲軍団 <small>(XXIV)</small>"),
        "the catalog's name"
    );
    let out = run("xx");
    assert_eq!(code(&out), 2, "{}", show(&out));
    assert!(
        text(&out.stderr).contains("b4m has no `xx` catalog")
            && text(&out.stderr).contains("en, ja"),
        "{}",
        show(&out)
    );
}
