//! Choices among fixed words in the data (`kind = "odds"`, `mode = "cap"`), as enums the compiler
//! keeps complete.
//!
//! The data keeps the word as written (an `Sp<String>`), so that a check can point at a misspelt word
//! and suggest the right one with the code it has always had; the code that acts on the choice asks
//! the enum, and a `match` on it fails to compile when a new word is added and not handled.

/// An enum whose variants are the words a data key may take.
pub trait Keyword: Copy + PartialEq + 'static {
    /// Every word with its variant, in the order the documentation lists them.
    const WORDS: &'static [(&'static str, Self)];

    /// The variant a word names, if it names one.
    fn parse(word: &str) -> Option<Self> {
        Self::WORDS
            .iter()
            .find(|(w, _)| *w == word)
            .map(|(_, k)| *k)
    }

    /// The word of a variant, as the data writes it.
    fn word(self) -> &'static str {
        Self::WORDS
            .iter()
            .find(|(_, k)| *k == self)
            .map_or("", |(w, _)| w)
    }

    /// Every word, for "expected one of" diagnostics.
    fn words() -> Vec<&'static str> {
        Self::WORDS.iter().map(|(w, _)| *w).collect()
    }
}

/// Declares an enum of data words and its [`Keyword`] implementation:
/// `keyword! { /// docs  pub enum Mode { /// docs  Cap = "cap", Set = "set", } }`.
macro_rules! keyword {
    (
        $(#[$attr:meta])*
        pub enum $name:ident {
            $( $(#[$variant_attr:meta])* $variant:ident = $word:literal, )+
        }
    ) => {
        $(#[$attr])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $( $(#[$variant_attr])* $variant, )+
        }

        impl $crate::model::keyword::Keyword for $name {
            const WORDS: &'static [(&'static str, Self)] = &[$( ($word, $name::$variant), )+];
        }
    };
}
pub(crate) use keyword;

#[cfg(test)]
mod tests {
    use super::*;

    keyword! {
        /// A test choice.
        pub enum Mode {
            Cap = "cap",
            Set = "set",
        }
    }

    #[test]
    fn words_round_trip() {
        assert_eq!(Mode::parse("cap"), Some(Mode::Cap));
        assert_eq!(Mode::parse("set"), Some(Mode::Set));
        assert_eq!(Mode::parse("Set"), None);
        assert_eq!(Mode::Set.word(), "set");
        assert_eq!(Mode::words(), vec!["cap", "set"]);
    }
}
