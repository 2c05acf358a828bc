//! The portal's listener: plain TCP, or TLS over it, chosen at start. A connection's stream goes
//! to hyper as it is, not boxed: hyper then sends an answer's head and body in one vectored write
//! instead of first copying the body into its own buffer (poem's boxed stream cannot say it
//! writes vectors), and reads and writes take no lock (boxing splits the stream behind a mutex).

use super::tls_acceptor::{Handshaking, TlsAcceptor};
use poem::http::uri::Scheme;
use poem::listener::{Acceptor, TcpAcceptor};
use poem::web::{LocalAddr, RemoteAddr};
use std::io;
use tokio::net::TcpStream;
use tokio_util::either::Either;

/// Accepts the portal's connections, plain or TLS.
pub enum PortalAcceptor {
    Plain(TcpAcceptor),
    Tls(TlsAcceptor<TcpAcceptor>),
}

impl Acceptor for PortalAcceptor {
    type Io = Either<TcpStream, Handshaking>;

    fn local_addr(&self) -> Vec<LocalAddr> {
        match self {
            PortalAcceptor::Plain(plain) => plain.local_addr(),
            PortalAcceptor::Tls(tls) => tls.local_addr(),
        }
    }

    async fn accept(&mut self) -> io::Result<(Self::Io, LocalAddr, RemoteAddr, Scheme)> {
        match self {
            PortalAcceptor::Plain(plain) => {
                let (stream, local, remote, scheme) = plain.accept().await?;
                Ok((Either::Left(stream), local, remote, scheme))
            }
            PortalAcceptor::Tls(tls) => {
                let (stream, local, remote, scheme) = tls.accept().await?;
                Ok((Either::Right(stream), local, remote, scheme))
            }
        }
    }
}
