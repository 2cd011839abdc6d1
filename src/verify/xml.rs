//! XML read the way VASSAL's DOM reads the buildFile.

use quick_xml::events::Event;
use std::collections::BTreeMap;

/// An XML element as VASSAL's DOM sees it: attributes unescaped, text trimmed (`Builder.getText`).
#[derive(Debug, Clone, Default)]
pub struct Node {
    pub tag: String,
    pub attrs: BTreeMap<String, String>,
    pub text: String,
    pub children: Vec<Node>,
    /// Where the element stands in the document: the byte range from its `<` to the end of its
    /// closing tag, so that a component can be kept byte for byte (`vmodc import`).
    pub span: (usize, usize),
}

impl Node {
    /// The element exactly as the document writes it.
    pub fn source<'a>(&self, document: &'a str) -> &'a str {
        document.get(self.span.0..self.span.1).unwrap_or("")
    }

    pub fn attr(&self, name: &str) -> &str {
        self.attrs.get(name).map(String::as_str).unwrap_or("")
    }

    /// Every descendant (and self) in document order.
    /// This node and every node under it, in document order (iterative: no recursion on the
    /// input's depth).
    pub fn walk(&self) -> Vec<&Node> {
        let mut out = Vec::new();
        let mut pending = vec![self];
        while let Some(node) = pending.pop() {
            out.push(node);
            pending.extend(node.children.iter().rev());
        }
        out
    }

    pub fn find_all(&self, tag: &str) -> Vec<&Node> {
        self.walk().into_iter().filter(|n| n.tag == tag).collect()
    }

    pub fn children_named<'a>(&'a self, tag: &'a str) -> impl Iterator<Item = &'a Node> + 'a {
        self.children.iter().filter(move |c| c.tag == tag)
    }
}

/// How deep elements may nest. A tree of nodes is dropped (and walked by the checks) recursively, so
/// a hostile build file 100,000 elements deep would overflow the stack; VASSAL's own `Builder` also
/// recurses on it. Real build files nest about ten deep.
pub const MAX_DEPTH: usize = 256;

/// Parse an XML document into a tree.
pub fn parse_xml(text: &str) -> Result<Node, String> {
    let mut reader = quick_xml::Reader::from_str(text);
    let mut stack: Vec<Node> = vec![Node::default()];
    loop {
        let before = usize::try_from(reader.buffer_position()).unwrap_or(usize::MAX);
        let event = reader.read_event();
        let after = usize::try_from(reader.buffer_position()).unwrap_or(usize::MAX);
        match event {
            Ok(Event::Start(_)) if stack.len() > MAX_DEPTH => {
                return Err(format!(
                "XML elements nest more than {MAX_DEPTH} deep at byte {}: vmodc reads no deeper",
                reader.buffer_position()
            ))
            }
            Ok(Event::Start(e)) => stack.push(element(&e, (before, after))?),
            Ok(Event::Empty(e)) => {
                let node = element(&e, (before, after))?;
                stack
                    .last_mut()
                    .ok_or("unbalanced XML")?
                    .children
                    .push(node);
            }
            Ok(Event::End(_)) => {
                let mut node = stack.pop().ok_or("unbalanced XML")?;
                node.text = node.text.trim().to_string();
                node.span.1 = after;
                stack
                    .last_mut()
                    .ok_or("unbalanced XML")?
                    .children
                    .push(node);
            }
            Ok(Event::Text(t)) => {
                let raw: &str = t.as_ref();
                let s = quick_xml::escape::unescape(raw).map_err(|e| e.to_string())?;
                if let Some(top) = stack.last_mut() {
                    top.text.push_str(&s);
                }
            }
            Ok(Event::GeneralRef(r)) => {
                let name: &str = r.as_ref();
                let entity = format!("&{name};");
                let s = quick_xml::escape::unescape(&entity).map_err(|e| e.to_string())?;
                if let Some(top) = stack.last_mut() {
                    top.text.push_str(&s);
                }
            }
            Ok(Event::CData(t)) => {
                if let Some(top) = stack.last_mut() {
                    top.text.push_str(t.as_ref());
                }
            }
            Ok(Event::Eof) => break,
            Ok(_) => {}
            Err(e) => {
                return Err(format!(
                    "XML error at byte {}: {e}",
                    reader.buffer_position()
                ))
            }
        }
    }
    let mut root = stack.pop().ok_or("empty XML")?;
    if !stack.is_empty() {
        return Err("unclosed XML element".into());
    }
    root.children
        .pop()
        .ok_or_else(|| "no root element".to_string())
}

fn element(e: &quick_xml::events::BytesStart<'_>, span: (usize, usize)) -> Result<Node, String> {
    let tag = AsRef::<str>::as_ref(&e.name()).to_string();
    let mut attrs = BTreeMap::new();
    for a in e.attributes() {
        let a = a.map_err(|e| e.to_string())?;
        let key = AsRef::<str>::as_ref(&a.key).to_string();
        // Attribute-value normalization (tabs and line breaks become spaces), as the JDK DOM does.
        let value = a
            .normalized_value(quick_xml::XmlVersion::Explicit1_0)
            .map_err(|e| e.to_string())?
            .into_owned();
        attrs.insert(key, value);
    }
    Ok(Node {
        tag,
        attrs,
        span,
        ..Node::default()
    })
}

#[cfg(test)]
mod depth_tests {
    use super::*;

    #[test]
    fn a_build_file_nested_too_deep_is_an_error_not_a_stack_overflow() {
        let deep = 100_000;
        let text = format!("{}{}", "<a>".repeat(deep), "</a>".repeat(deep));
        let error = parse_xml(&text).err().unwrap_or_default();
        assert!(error.contains("nest more than 256 deep"), "{error}");
        let fine = format!("{}x{}", "<a>".repeat(MAX_DEPTH), "</a>".repeat(MAX_DEPTH));
        let root = parse_xml(&fine).map_err(|e| e.to_string());
        assert_eq!(root.map(|r| r.walk().len()), Ok(MAX_DEPTH));
    }

    #[test]
    fn walk_is_in_document_order() {
        let root = parse_xml("<r><a><b/></a><c/></r>").map_err(|e| e.to_string());
        let tags: Vec<String> = root
            .map(|r| r.walk().iter().map(|n| n.tag.clone()).collect())
            .unwrap_or_default();
        assert_eq!(tags, ["r", "a", "b", "c"]);
    }

    #[test]
    fn each_element_knows_its_own_bytes() {
        let text = "<r>\n  <a x=\"1 &amp; 2\"><b/>t</a>\n  <c/></r>";
        let root = parse_xml(text).unwrap_or_default();
        let sources: Vec<&str> = root.walk().iter().map(|n| n.source(text)).collect();
        assert_eq!(
            sources,
            [text, "<a x=\"1 &amp; 2\"><b/>t</a>", "<b/>", "<c/>"]
        );
    }
}
