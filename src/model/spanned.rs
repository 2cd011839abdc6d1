//! A value together with the byte range it came from in its TOML file.
//!
//! `toml::Spanned` records the span but does not dereference to its value, which makes every use site
//! noisy. `Sp<T>` wraps it so that the model reads like plain data while checks can still point at the
//! exact line a value was written on.

use serde::{Deserialize, Deserializer};
use std::fmt;
use std::ops::{Deref, Range};

#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Sp<T> {
    pub value: T,
    pub span: Range<usize>,
}

impl<T> Sp<T> {
    /// A value that did not come from a file (generated data, tests).
    pub fn synthetic(value: T) -> Self {
        Sp { value, span: 0..0 }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Sp<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let spanned = toml::Spanned::<T>::deserialize(deserializer)?;
        let span = spanned.span();
        Ok(Sp {
            value: spanned.into_inner(),
            span,
        })
    }
}

impl<T> Deref for Sp<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T: fmt::Debug> fmt::Debug for Sp<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt(f)
    }
}

impl<T: fmt::Display> fmt::Display for Sp<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt(f)
    }
}

impl<T: PartialOrd> PartialOrd for Sp<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        self.value.partial_cmp(&other.value)
    }
}

impl<T: Ord> Ord for Sp<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.value.cmp(&other.value)
    }
}

/// Index into the sources table (`diag::Sources`): which file a value came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub usize);

/// serde default for flags that hold unless the data says otherwise (`table_known`, `cap_known`, …).
pub(crate) fn yes() -> bool {
    true
}

/// A spanned value is written in TOML exactly as its value: its schema is the value's.
impl<T: schemars::JsonSchema> schemars::JsonSchema for Sp<T> {
    fn inline_schema() -> bool {
        T::inline_schema()
    }
    fn schema_name() -> std::borrow::Cow<'static, str> {
        T::schema_name()
    }
    fn schema_id() -> std::borrow::Cow<'static, str> {
        T::schema_id()
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        T::json_schema(generator)
    }
}

#[cfg(test)]
mod tests {
    use super::Sp;

    #[test]
    fn a_spanned_value_has_the_schema_of_its_value() {
        for (spanned, plain) in [
            (schemars::schema_for!(Sp<u32>), schemars::schema_for!(u32)),
            (
                schemars::schema_for!(Sp<String>),
                schemars::schema_for!(String),
            ),
            (
                schemars::schema_for!(Vec<Sp<[i32; 2]>>),
                schemars::schema_for!(Vec<[i32; 2]>),
            ),
        ] {
            assert_eq!(spanned, plain);
        }
        // Not a schema that accepts anything: a text is not a whole number.
        let number = schemars::schema_for!(Sp<u32>).to_value();
        assert_eq!(number["type"], "integer");
    }
}
