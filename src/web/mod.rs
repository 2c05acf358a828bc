//! What the browser gets besides the API's operations: the embedded single-page UI, the API docs
//! and security headers.

mod api_docs;
mod body_limit;
pub mod client_addr;
mod compressed_answers;
mod counted_body;
mod gzip;
pub mod headers;
pub mod https_redirect;
mod request_id;
mod session_layer;
mod spa;
pub mod tls;
mod tls_acceptor;

pub use api_docs::ApiDocsEndpoint;
pub use body_limit::{BodyLimits, file_too_large_message, limit_body};
pub use compressed_answers::{CompressedAnswers, KeptAnswer, compress_long_answers};
pub use request_id::{serving_request, with_current_request_id, with_request_id};
pub use session_layer::{SESSION_COOKIE, resolve_caller};
pub use spa::SpaEndpoint;
pub use tls_acceptor::TlsAcceptor;
