//! What the browser gets outside `/api`: the embedded single-page UI and security headers.

mod body_limit;
pub mod client_addr;
mod compress;
pub mod headers;
pub mod https_redirect;
mod request_id;
mod session_layer;
mod spa;
pub mod tls;
mod tls_acceptor;

pub use body_limit::{BodyLimits, file_too_large_message, limit_body};
pub use request_id::with_request_id;
pub use session_layer::{SESSION_COOKIE, resolve_caller};
pub use spa::SpaEndpoint;
pub use tls_acceptor::TlsAcceptor;
