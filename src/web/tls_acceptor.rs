//! Accepts TCP connections and speaks TLS on them. The handshake happens in the connection's
//! own task on its first read or write, so a slow client never holds up the others.

use futures_util::FutureExt;
use futures_util::future::BoxFuture;
use poem::http::uri::Scheme;
use poem::listener::Acceptor;
use poem::web::{LocalAddr, RemoteAddr};
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio_rustls::server::TlsStream;

/// Wraps an acceptor of plain connections.
pub struct TlsAcceptor<A> {
    inner: A,
    tls: tokio_rustls::TlsAcceptor,
}

impl<A> TlsAcceptor<A> {
    pub fn new(inner: A, config: Arc<tokio_rustls::rustls::ServerConfig>) -> Self {
        Self {
            inner,
            tls: config.into(),
        }
    }
}

impl<A: Acceptor<Io = TcpStream>> Acceptor for TlsAcceptor<A> {
    type Io = Handshaking;

    fn local_addr(&self) -> Vec<LocalAddr> {
        self.inner.local_addr()
    }

    async fn accept(&mut self) -> io::Result<(Self::Io, LocalAddr, RemoteAddr, Scheme)> {
        let (stream, local, remote, _) = self.inner.accept().await?;
        let handshake = self.tls.accept(stream);
        let handshake = async move {
            tokio::time::timeout(std::time::Duration::from_secs(10), handshake)
                .await
                .unwrap_or_else(|_| Err(io::Error::new(io::ErrorKind::TimedOut, "TLS handshake timed out")))
        };
        Ok((Handshaking::Pending(handshake.boxed()), local, remote, Scheme::HTTPS))
    }
}

/// A TLS connection, before and after its handshake.
pub enum Handshaking {
    Pending(BoxFuture<'static, io::Result<TlsStream<TcpStream>>>),
    Ready(Box<TlsStream<TcpStream>>),
    Failed,
}

impl Handshaking {
    /// Drives the handshake; `Ready` once it is done.
    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<&mut TlsStream<TcpStream>>> {
        if let Handshaking::Pending(handshake) = self {
            match handshake.poll_unpin(cx) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(Ok(stream)) => *self = Handshaking::Ready(Box::new(stream)),
                Poll::Ready(Err(err)) => {
                    *self = Handshaking::Failed;
                    return Poll::Ready(Err(err));
                }
            }
        }
        match self {
            Handshaking::Ready(stream) => Poll::Ready(Ok(stream)),
            _ => Poll::Ready(Err(io::Error::new(io::ErrorKind::NotConnected, "TLS handshake failed"))),
        }
    }
}

impl AsyncRead for Handshaking {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        match self.get_mut().poll_ready(cx) {
            Poll::Ready(Ok(stream)) => Pin::new(stream).poll_read(cx, buf),
            Poll::Ready(Err(err)) => Poll::Ready(Err(err)),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncWrite for Handshaking {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        match self.get_mut().poll_ready(cx) {
            Poll::Ready(Ok(stream)) => Pin::new(stream).poll_write(cx, buf),
            Poll::Ready(Err(err)) => Poll::Ready(Err(err)),
            Poll::Pending => Poll::Pending,
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut().poll_ready(cx) {
            Poll::Ready(Ok(stream)) => Pin::new(stream).poll_flush(cx),
            Poll::Ready(Err(err)) => Poll::Ready(Err(err)),
            Poll::Pending => Poll::Pending,
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.get_mut().poll_ready(cx) {
            Poll::Ready(Ok(stream)) => Pin::new(stream).poll_shutdown(cx),
            Poll::Ready(Err(err)) => Poll::Ready(Err(err)),
            Poll::Pending => Poll::Pending,
        }
    }
}
