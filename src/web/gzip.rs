//! The UI's text files are stored gzip-compressed (`ui/vite-plugins/precompress.ts`): whether a
//! request takes them so, and the plain bytes for a client that does not.

use poem::Request;
use poem::http::header;
use std::io::Read;

/// Whether the request accepts a gzip-encoded body (`Accept-Encoding: gzip`, not with `q=0`).
pub fn accepted(req: &Request) -> bool {
    let Some(accepted) = req
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|value| value.to_str().ok())
    else {
        return false;
    };
    accepted.split(',').any(|part| {
        let mut pieces = part.split(';');
        let coding = pieces.next().unwrap_or_default().trim();
        let refused = pieces.any(|p| p.trim().replace(' ', "") == "q=0");
        (coding.eq_ignore_ascii_case("gzip") || coding == "*") && !refused
    })
}

/// The plain bytes of a gzip file written by the UI build (empty if it is not one, which the
/// build never writes).
pub fn unzipped(data: &[u8]) -> Vec<u8> {
    let mut plain = Vec::with_capacity(data.len() * 4);
    let _ = flate2::read::GzDecoder::new(data).read_to_end(&mut plain);
    plain
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn unzips_and_reads_accept_encoding() {
        let data = "Привет, школа! ".repeat(200).into_bytes();
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        encoder.write_all(&data).expect("write");
        assert_eq!(unzipped(&encoder.finish().expect("gzip")), data);
        let with = |value: &str| Request::builder().header(header::ACCEPT_ENCODING, value).finish();
        assert!(accepted(&with("gzip, deflate, br")));
        assert!(accepted(&with("br;q=1.0, GZIP;q=0.5")));
        assert!(!accepted(&with("gzip;q=0, br")));
        assert!(!accepted(&with("br")));
        assert!(!accepted(&Request::builder().finish()));
    }
}
