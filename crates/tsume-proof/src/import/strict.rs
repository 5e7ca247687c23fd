//! A JSON value read as serde_json reads its [`Value`], but keeping what the value
//! forgets: a key given twice in one object. serde_json keeps the last value, another
//! reader may keep the first, so a file with a field twice is two certificates; the
//! reader refuses it, naming the field (`setup.black`, `nodes[3].children[0].move`).

use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

/// Reads one JSON value: the value, and the path (relative to it) of the first key
/// given twice in any of its objects, in the order of the text.
pub(super) struct Strict;

/// A value read by [`Strict`], and where a key is given twice in it.
pub(super) type StrictValue = (Value, Option<String>);

/// The path `inner` (relative to the value at `outer`) from the value above: `outer` a
/// field's name or `[i]`, joined as the reader names fields (`a.b`, `a[3]`, `[3].b`).
pub(super) fn within(outer: &str, inner: &str) -> String {
    if inner.starts_with('[') {
        format!("{outer}{inner}")
    } else {
        format!("{outer}.{inner}")
    }
}

impl<'de> DeserializeSeed<'de> for Strict {
    type Value = StrictValue;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Strict {
    type Value = StrictValue;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E: serde::de::Error>(self, b: bool) -> Result<Self::Value, E> {
        Ok((Value::Bool(b), None))
    }
    fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Self::Value, E> {
        Ok((Value::from(n), None))
    }
    fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Self::Value, E> {
        Ok((Value::from(n), None))
    }
    fn visit_f64<E: serde::de::Error>(self, x: f64) -> Result<Self::Value, E> {
        // As serde_json's own visitor: a number that is not finite is null.
        Ok((Number::from_f64(x).map_or(Value::Null, Value::Number), None))
    }
    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Self::Value, E> {
        Ok((Value::String(s.to_string()), None))
    }
    fn visit_string<E: serde::de::Error>(self, s: String) -> Result<Self::Value, E> {
        Ok((Value::String(s), None))
    }
    fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok((Value::Null, None))
    }
    fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok((Value::Null, None))
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut list = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 12));
        let mut twice = None;
        while let Some((v, t)) = seq.next_element_seed(Strict)? {
            if let (None, Some(t)) = (&twice, t) {
                twice = Some(within(&format!("[{}]", list.len()), &t));
            }
            list.push(v);
        }
        Ok((Value::Array(list), twice))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut fields = Map::new();
        let mut twice: Option<String> = None;
        while let Some(key) = map.next_key::<String>()? {
            let (v, t) = map.next_value_seed(Strict)?;
            if twice.is_none() {
                if fields.contains_key(&key) {
                    twice = Some(key.clone());
                } else if let Some(t) = t {
                    twice = Some(within(&key, &t));
                }
            }
            // The first value kept (the tree is refused anyway).
            fields.entry(key).or_insert(v);
        }
        Ok((Value::Object(fields), twice))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn twice(text: &str) -> Option<String> {
        let mut de = serde_json::Deserializer::from_str(text);
        let (v, t) = Strict.deserialize(&mut de).unwrap();
        // The value is serde_json's own, where no key is given twice.
        if t.is_none() {
            assert_eq!(v, serde_json::from_str::<Value>(text).unwrap());
        }
        t
    }

    #[test]
    fn a_key_given_twice_is_named_by_its_path() {
        assert_eq!(
            twice(r#"{"a": 1, "b": [1, {"c": null}], "d": -1.5e300, "e": "\u00e9"}"#),
            None
        );
        assert_eq!(twice(r#"{"a": 1, "a": 1}"#).as_deref(), Some("a"));
        assert_eq!(
            twice(r#"{"a": {"b": [{}, {"c": 1, "c": 2}]}}"#).as_deref(),
            Some("a.b[1].c")
        );
        assert_eq!(
            twice(r#"[0, [{"x": 0, "x": 0}]]"#).as_deref(),
            Some("[1][0].x")
        );
        // The first in the text's order.
        assert_eq!(
            twice(r#"{"a": {"b": 0, "b": 0}, "a": 0}"#).as_deref(),
            Some("a.b")
        );
        assert_eq!(twice(r#"{"": 0, "": 0}"#).as_deref(), Some(""));
    }
}
