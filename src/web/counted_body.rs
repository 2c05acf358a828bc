//! A request body of unknown length (chunked, or HTTP/2 without `Content-Length`), counted as it
//! arrives: nothing is buffered, and past its limit reading it fails.

use bytes::Bytes;
use futures_util::stream::{BoxStream, Stream, StreamExt};
use poem::Body;
use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll, ready};

/// One request's body and its count, shared by the body a handler reads and the middleware
/// that afterwards asks whether it went past its limit.
pub struct CountedBody(Arc<Mutex<Count>>);

struct Count {
    /// What has not been read yet; `None` once the body has ended or gone past its limit.
    rest: Option<BoxStream<'static, io::Result<Bytes>>>,
    read: usize,
    limit: usize,
    over: bool,
}

impl CountedBody {
    /// Puts a count of at most `limit` bytes between `body` and its reader: the body to give the
    /// handler, and the count to keep.
    pub fn wrap(body: Body, limit: usize) -> (Body, CountedBody) {
        let count = Arc::new(Mutex::new(Count {
            rest: Some(body.into_bytes_stream().boxed()),
            read: 0,
            limit,
            over: false,
        }));
        (Body::from_bytes_stream(CountedBody(count.clone())), CountedBody(count))
    }

    /// Reads and drops whatever the handler left unread, then tells whether the body went past
    /// its limit (a body the client broke off is not over it).
    pub async fn went_over(mut self) -> bool {
        while let Some(Ok(_)) = self.next().await {}
        self.lock().over
    }

    fn lock(&self) -> MutexGuard<'_, Count> {
        // Nothing panics while the lock is held but the body's own poll; what it left is usable.
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Stream for CountedBody {
    type Item = io::Result<Bytes>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.lock().poll_next(cx)
    }
}

impl Count {
    /// The next chunk; past the limit an error, again at every later read (never a quiet end
    /// that would pass a cut-off body for a whole one).
    fn poll_next(&mut self, cx: &mut Context<'_>) -> Poll<Option<io::Result<Bytes>>> {
        if self.over {
            return Poll::Ready(Some(Err(too_large())));
        }
        let Some(rest) = self.rest.as_mut() else {
            return Poll::Ready(None);
        };
        match ready!(rest.poll_next_unpin(cx)) {
            Some(Ok(chunk)) => {
                self.read = self.read.saturating_add(chunk.len());
                if self.read > self.limit {
                    // Dropping the rest tells the server to stop reading this body.
                    self.over = true;
                    self.rest = None;
                    return Poll::Ready(Some(Err(too_large())));
                }
                Poll::Ready(Some(Ok(chunk)))
            }
            Some(Err(err)) => Poll::Ready(Some(Err(err))),
            None => {
                self.rest = None;
                Poll::Ready(None)
            }
        }
    }
}

fn too_large() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, "the request body is larger than its limit")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunked(sizes: &[usize]) -> Body {
        let chunks: Vec<io::Result<Bytes>> = sizes.iter().map(|&n| Ok(Bytes::from(vec![b'x'; n]))).collect();
        Body::from_bytes_stream(futures_util::stream::iter(chunks))
    }

    #[tokio::test]
    async fn a_body_within_the_limit_reads_whole() {
        let (body, count) = CountedBody::wrap(chunked(&[3, 4, 3]), 10);
        assert_eq!(body.into_vec().await.expect("read").len(), 10);
        assert!(!count.went_over().await);
    }

    #[tokio::test]
    async fn reading_past_the_limit_fails_and_is_told() {
        let (body, count) = CountedBody::wrap(chunked(&[6, 6]), 10);
        assert!(body.into_vec().await.is_err());
        assert!(count.went_over().await);
    }

    #[tokio::test]
    async fn what_the_handler_left_is_counted_too() {
        let (body, count) = CountedBody::wrap(chunked(&[6, 6]), 10);
        drop(body);
        assert!(count.went_over().await);
        let (body, count) = CountedBody::wrap(chunked(&[6, 4]), 10);
        drop(body);
        assert!(!count.went_over().await);
    }
}
