//! Long JSON answers go gzip-compressed to a client that takes gzip (every browser does): a board
//! of 500 cards is ~120 KB of text and ~10 KB compressed, which a phone on the school's Wi-Fi
//! feels. Compressing costs a millisecond or two, more than sending the text, so only the kept
//! texts (`service::kept_texts`, marked `KeptAnswer` by the API) go compressed: each is one
//! shared buffer sent again and again, and its compressed copy is kept beside it. An answer made
//! anew for each request goes as it is.

use super::gzip;
use bytes::Bytes;
use poem::http::{HeaderValue, StatusCode, header};
use poem::{Endpoint, IntoResponse, Request, Response, Result};
use std::collections::VecDeque;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// Answers shorter than this go as they are: compressing them saves too little.
const SHORTEST: usize = 8 * 1024;

/// How many compressed answers are kept, and how many bytes they may hold (with their texts)
/// while there is more than one: a Raspberry Pi has little memory to spare.
const KEPT: usize = 32;
const KEPT_BYTES: usize = 8 * 1024 * 1024;

/// Marks a response whose body is a kept text of this many bytes (in the response's
/// extensions; never sent), so that a short one is passed on untouched.
#[derive(Clone, Copy, Debug)]
pub struct KeptAnswer(pub usize);

/// The compressed copies of the kept texts sent last.
#[derive(Default)]
pub struct CompressedAnswers {
    /// Each text (held, so its buffer cannot be freed and its address taken by another text
    /// while it is here) and its compressed copy; the newest last.
    copies: Mutex<VecDeque<(Bytes, Bytes)>>,
}

impl CompressedAnswers {
    /// The compressed copy of `text`, kept or made now.
    fn of(&self, text: &Bytes) -> Option<Bytes> {
        let copies = || self.copies.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some((_, copy)) = copies().iter().find(|(held, _)| same_buffer(held, text)) {
            return Some(copy.clone());
        }
        let copy = compressed(text)?;
        let mut kept = copies();
        let held = |kept: &VecDeque<(Bytes, Bytes)>| kept.iter().map(|(t, c)| t.len() + c.len()).sum::<usize>();
        while kept.len() == KEPT || (!kept.is_empty() && held(&kept) + text.len() + copy.len() > KEPT_BYTES) {
            kept.pop_front();
        }
        kept.push_back((text.clone(), copy.clone()));
        Some(copy)
    }
}

/// Whether `a` and `b` are the same bytes of one buffer.
fn same_buffer(a: &Bytes, b: &Bytes) -> bool {
    a.as_ptr() == b.as_ptr() && a.len() == b.len()
}

fn compressed(text: &[u8]) -> Option<Bytes> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::with_capacity(text.len() / 4), flate2::Compression::default());
    encoder.write_all(text).ok()?;
    encoder.finish().ok().map(Bytes::from)
}

/// Whether `response` is a long kept JSON answer (one that may go compressed).
fn long_kept_json(response: &Response) -> bool {
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|value| value.as_bytes().starts_with(b"application/json"));
    let long = response
        .extensions()
        .get::<KeptAnswer>()
        .is_some_and(|kept| kept.0 >= SHORTEST);
    response.status() == StatusCode::OK && long && json && !response.headers().contains_key(header::CONTENT_ENCODING)
}

/// Sends `next`'s long kept JSON answers compressed to a client that takes gzip, from `answers`.
pub async fn compress_long_answers<E: Endpoint>(
    next: E,
    req: Request,
    answers: Arc<CompressedAnswers>,
) -> Result<Response> {
    let takes_gzip = gzip::accepted(&req);
    let mut response = next.call(req).await?.into_response();
    if !long_kept_json(&response) {
        return Ok(response);
    }
    response
        .headers_mut()
        .append(header::VARY, HeaderValue::from_static("accept-encoding"));
    if !takes_gzip {
        return Ok(response);
    }
    // A kept text is one buffer: taking it out and putting it back copies nothing.
    let text = response.take_body().into_bytes().await?;
    match answers.of(&text) {
        Some(copy) => {
            response
                .headers_mut()
                .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            response.set_body(copy);
        }
        None => response.set_body(text),
    }
    Ok(response)
}

#[cfg(test)]
mod tests;
