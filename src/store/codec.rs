//! The value codec: MessagePack with field names, so records written by an older release
//! still load after a field is added (new fields carry `#[serde(default)]`).

use super::StoreError;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Encodes a record for storage.
pub fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    // Serialising our own plain structs into a Vec cannot fail.
    rmp_serde::to_vec_named(value).unwrap_or_else(|err| unreachable!("record encoding failed: {err}"))
}

/// Decodes a stored record, naming the table when the bytes do not fit the type.
pub fn decode<T: DeserializeOwned>(table: &'static str, bytes: &[u8]) -> Result<T, StoreError> {
    rmp_serde::from_slice(bytes).map_err(|err| StoreError::Corrupt {
        table,
        reason: err.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Serialize)]
    struct Old {
        id: u64,
        name: String,
    }

    #[derive(Deserialize, Debug, PartialEq)]
    struct New {
        name: String,
        id: u64,
        #[serde(default)]
        phone: Option<String>,
    }

    #[test]
    fn older_records_load_into_newer_types() {
        let bytes = encode(&Old {
            id: 7,
            name: "Иванов".into(),
        });
        let new: New = decode("test", &bytes).expect("decodes");
        assert_eq!(
            new,
            New {
                name: "Иванов".into(),
                id: 7,
                phone: None
            }
        );
    }

    #[test]
    fn garbage_is_reported_not_panicked() {
        let err = decode::<New>("users-1", b"\xc1\xc1").expect_err("garbage");
        assert!(err.to_string().contains("users-1"));
    }
}
