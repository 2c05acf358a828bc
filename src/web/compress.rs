//! gzip and brotli for the UI's text files, compressed once per file and kept in memory.

use poem::Request;
use poem::http::header;
use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

/// A content encoding the browser accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    Brotli,
    Gzip,
}

impl Encoding {
    /// The best encoding the request accepts for a file of this type, if it is worth compressing.
    pub fn negotiate(req: &Request, mime: &str) -> Option<Self> {
        let compressible = mime.starts_with("text/")
            || matches!(
                mime,
                "application/javascript" | "application/json" | "image/svg+xml" | "application/manifest+json"
            );
        if !compressible {
            return None;
        }
        let accepted = req.headers().get(header::ACCEPT_ENCODING)?.to_str().ok()?;
        let accepts = |name: &str| {
            accepted.split(',').any(|part| {
                let mut pieces = part.split(';');
                let coding = pieces.next().unwrap_or_default().trim();
                let refused = pieces.any(|p| p.trim().replace(' ', "") == "q=0");
                coding.eq_ignore_ascii_case(name) && !refused
            })
        };
        if accepts("br") {
            Some(Self::Brotli)
        } else if accepts("gzip") {
            Some(Self::Gzip)
        } else {
            None
        }
    }

    /// The `Content-Encoding` name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Brotli => "br",
            Self::Gzip => "gzip",
        }
    }
}

type Cache = Mutex<HashMap<([u8; 32], Encoding), Arc<[u8]>>>;

/// The compressed bytes of a file, made on first use and kept, keyed by the file's hash.
pub fn compressed(hash: &[u8; 32], data: &[u8], encoding: Encoding) -> Vec<u8> {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let key = (*hash, encoding);
    if let Some(hit) = cache.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).get(&key) {
        return hit.to_vec();
    }
    let bytes: Arc<[u8]> = compress(data, encoding).into();
    cache
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .insert(key, bytes.clone());
    bytes.to_vec()
}

fn compress(data: &[u8], encoding: Encoding) -> Vec<u8> {
    match encoding {
        Encoding::Gzip => {
            let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
            // Writing into a Vec cannot fail.
            let _ = encoder.write_all(data);
            encoder.finish().unwrap_or_default()
        }
        Encoding::Brotli => {
            let mut out = Vec::new();
            let params = brotli::enc::BrotliEncoderParams {
                quality: 9,
                ..Default::default()
            };
            let _ = brotli::BrotliCompress(&mut &data[..], &mut out, &params);
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn round_trips_and_prefers_brotli() {
        let data = "Привет, школа! ".repeat(200).into_bytes();
        let gz = compressed(&[1; 32], &data, Encoding::Gzip);
        let mut back = Vec::new();
        flate2::read::GzDecoder::new(&gz[..])
            .read_to_end(&mut back)
            .expect("gunzip");
        assert_eq!(back, data);
        let req = Request::builder()
            .header(header::ACCEPT_ENCODING, "gzip, deflate, br")
            .finish();
        assert_eq!(
            Encoding::negotiate(&req, "application/javascript"),
            Some(Encoding::Brotli)
        );
        assert_eq!(Encoding::negotiate(&req, "image/png"), None);
        let no_br = Request::builder()
            .header(header::ACCEPT_ENCODING, "gzip, br;q=0")
            .finish();
        assert_eq!(Encoding::negotiate(&no_br, "text/css"), Some(Encoding::Gzip));
    }
}
