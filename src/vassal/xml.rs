//! A small element tree for buildFile.xml, written with sorted attributes so output is stable.

use quick_xml::escape::{escape, partial_escape};
use std::fmt::Write as _;

#[derive(Debug, Clone, Default)]
pub struct El {
    pub tag: String,
    pub attrs: Vec<(String, String)>,
    pub children: Vec<El>,
    pub text: Option<String>,
    /// A component kept as the module it was imported from wrote it (`vmodc import`): written as it
    /// is, byte for byte, in place of the tag, attributes and children.
    pub raw: Option<String>,
}

impl El {
    /// An element whose tag is a VASSAL class name.
    pub fn new(tag: impl Into<String>) -> Self {
        El {
            tag: tag.into(),
            ..El::default()
        }
    }

    /// An element written exactly as `xml` says (one whole element, as another module wrote it).
    pub fn raw(xml: impl Into<String>) -> Self {
        El {
            raw: Some(xml.into()),
            ..El::default()
        }
    }

    pub fn attr(mut self, name: &str, value: impl ToString) -> Self {
        self.attrs.push((name.to_string(), value.to_string()));
        self
    }

    pub fn child(mut self, child: El) -> Self {
        self.children.push(child);
        self
    }

    pub fn children(mut self, children: impl IntoIterator<Item = El>) -> Self {
        self.children.extend(children);
        self
    }

    pub fn text(mut self, text: impl Into<String>) -> Self {
        self.text = Some(text.into());
        self
    }

    pub fn write(&self, out: &mut String, depth: usize) {
        let indent = "  ".repeat(depth);
        if let Some(raw) = &self.raw {
            let _ = writeln!(out, "{indent}{raw}");
            return;
        }
        let _ = write!(out, "{indent}<{}", self.tag);
        let mut attrs: Vec<&(String, String)> = self.attrs.iter().collect();
        attrs.sort_by(|a, b| a.0.cmp(&b.0));
        for (name, value) in attrs {
            let _ = write!(out, " {name}=\"{}\"", escape(value.as_str()));
        }
        match (&self.text, self.children.is_empty()) {
            (None, true) => out.push_str("/>\n"),
            (Some(text), true) => {
                let _ = writeln!(out, ">{}</{}>", partial_escape(text.as_str()), self.tag);
            }
            (text, false) => {
                out.push_str(">\n");
                if let Some(text) = text {
                    let _ = writeln!(out, "{indent}  {}", partial_escape(text.as_str()));
                }
                for c in &self.children {
                    c.write(out, depth + 1);
                }
                let _ = writeln!(out, "{indent}</{}>", self.tag);
            }
        }
    }

    /// The document with its XML declaration, as VASSAL writes it.
    pub fn to_document(&self) -> String {
        let mut out =
            String::from("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
        self.write(&mut out, 0);
        out
    }
}
