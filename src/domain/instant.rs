//! Instants stored as unix milliseconds (a number decodes many times faster than RFC 3339 text),
//! read from either form: rows written before a record switched to numbers hold the text.

use jiff::Timestamp;
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serializer};
use std::fmt;

struct Either;

impl Visitor<'_> for Either {
    type Value = Timestamp;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("unix milliseconds or an RFC 3339 instant")
    }

    fn visit_i64<E: de::Error>(self, millis: i64) -> Result<Timestamp, E> {
        Timestamp::from_millisecond(millis).map_err(E::custom)
    }

    fn visit_u64<E: de::Error>(self, millis: u64) -> Result<Timestamp, E> {
        self.visit_i64(i64::try_from(millis).map_err(E::custom)?)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Timestamp, E> {
        text.parse().map_err(E::custom)
    }
}

/// `#[serde(with = "crate::domain::instant::millis")]` on a `Timestamp`.
pub mod millis {
    use super::*;

    pub fn serialize<S: Serializer>(at: &Timestamp, to: S) -> Result<S::Ok, S::Error> {
        to.serialize_i64(at.as_millisecond())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Timestamp, D::Error> {
        from.deserialize_any(Either)
    }
}

/// `#[serde(default, with = "crate::domain::instant::optional_millis")]` on an
/// `Option<Timestamp>`.
pub mod optional_millis {
    use super::*;

    pub fn serialize<S: Serializer>(at: &Option<Timestamp>, to: S) -> Result<S::Ok, S::Error> {
        match at {
            Some(at) => to.serialize_some(&at.as_millisecond()),
            None => to.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Option<Timestamp>, D::Error> {
        #[derive(Deserialize)]
        struct Inner(#[serde(with = "super::millis")] Timestamp);
        Ok(Option::<Inner>::deserialize(from)?.map(|Inner(at)| at))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Now {
        #[serde(with = "millis")]
        at: Timestamp,
        #[serde(default, with = "optional_millis")]
        done: Option<Timestamp>,
    }

    #[derive(Serialize)]
    struct Before {
        at: Timestamp,
        done: Option<Timestamp>,
    }

    #[test]
    fn numbers_are_written_and_numbers_or_older_text_read() {
        let at: Timestamp = "2026-11-23T09:15:00.123Z".parse().expect("instant");
        let now = Now { at, done: Some(at) };
        let bytes = rmp_serde::to_vec_named(&now).expect("encode");
        let text = rmp_serde::to_vec_named(&Before { at, done: Some(at) }).expect("encode");
        assert!(bytes.len() < text.len());
        assert_eq!(rmp_serde::from_slice::<Now>(&bytes).expect("numbers"), now);
        let older = rmp_serde::to_vec_named(&Before { at, done: None }).expect("encode");
        let read: Now = rmp_serde::from_slice(&older).expect("text");
        assert_eq!(read, Now { at, done: None });
        let before_epoch = Now {
            at: Timestamp::from_millisecond(-1).expect("t"),
            done: None,
        };
        let bytes = rmp_serde::to_vec_named(&before_epoch).expect("encode");
        assert_eq!(rmp_serde::from_slice::<Now>(&bytes).expect("negative"), before_epoch);
    }
}
