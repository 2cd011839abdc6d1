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
}

impl Node {
    pub fn attr(&self, name: &str) -> &str {
        self.attrs.get(name).map(String::as_str).unwrap_or("")
    }

    /// Every descendant (and self) in document order.
    pub fn walk(&self) -> Vec<&Node> {
        let mut out = vec![self];
        for c in &self.children {
            out.extend(c.walk());
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

/// Parse an XML document into a tree.
pub fn parse_xml(text: &str) -> Result<Node, String> {
    let mut reader = quick_xml::Reader::from_str(text);
    let mut stack: Vec<Node> = vec![Node::default()];
    loop {
        match reader.read_event() {
            Ok(Event::Start(e)) => stack.push(element(&e)?),
            Ok(Event::Empty(e)) => {
                let node = element(&e)?;
                stack
                    .last_mut()
                    .ok_or("unbalanced XML")?
                    .children
                    .push(node);
            }
            Ok(Event::End(_)) => {
                let mut node = stack.pop().ok_or("unbalanced XML")?;
                node.text = node.text.trim().to_string();
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

fn element(e: &quick_xml::events::BytesStart<'_>) -> Result<Node, String> {
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
        ..Node::default()
    })
}
