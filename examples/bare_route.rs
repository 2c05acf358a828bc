//! The yardstick of `make bench`: a bare poem-openapi server with one small JSON route.
//!
//! DESIGN.md §7 measures the portal's routes against "a bare poem JSON route" in the same run;
//! this is that route, with nothing else: no database, no middleware, no state. Next to it,
//! `GET /api/bare-page` is "a bare page of 50" (the yardstick of the list budget's p99): fifty
//! rows shaped like the people list's, built per request. `GET /api/bare-sized/{bytes}` answers a
//! JSON string of that many bytes (at most 1 MiB) made once and shared, with no work per request
//! but the copy: the most any server on this machine can serve of an answer that long.
//!
//! Run: `cargo run --release --example bare_route -- [ADDR]` (or `BARE_ROUTE_LISTEN=ADDR`),
//! default `127.0.0.1:0` (a free port). Like `klass serve`, it prints the line
//! `bare_route слушает http://ADDR` and serves `GET /api/bare` until Ctrl-C or SIGTERM.

use bytes::Bytes;
use poem::listener::{Acceptor, Listener, TcpListener};
use poem::web::Path;
use poem::{Body, Response, Route, Server, handler};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi, OpenApiService};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{LazyLock, Mutex};

/// The longest answer `/api/bare-sized/{bytes}` gives.
const MOST_BYTES: usize = 1 << 20;

/// The sized answers made so far, by length.
static SIZED: LazyLock<Mutex<HashMap<usize, Bytes>>> = LazyLock::new(Mutex::default);

/// A small JSON object, about the size of the portal's health answer.
#[derive(Debug, Object)]
struct Bare {
    status: String,
    version: String,
    build: String,
}

/// One row of the bare page, shaped like a row of the people list.
#[derive(Debug, Object)]
struct BareRow {
    id: u64,
    last_name: String,
    first_name: String,
    email: String,
    roles: Vec<String>,
    created_at: String,
}

/// A page of rows and its counts, as the portal's lists answer.
#[derive(Debug, Object)]
struct BarePage {
    data: Vec<BareRow>,
    total: u64,
    page: u64,
    per_page: u64,
}

struct BareApi;

#[OpenApi]
impl BareApi {
    /// A small JSON object, built per request.
    #[oai(path = "/bare", method = "get", operation_id = "bare")]
    async fn bare(&self) -> Json<Bare> {
        Json(Bare {
            status: "ok".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            build: "bare".into(),
        })
    }

    /// Fifty rows, built per request.
    #[oai(path = "/bare-page", method = "get", operation_id = "bare_page")]
    async fn bare_page(&self) -> Json<BarePage> {
        let data = (1..=50)
            .map(|id| BareRow {
                id,
                last_name: format!("Иванова-{id}"),
                first_name: "Анна".into(),
                email: format!("user{id}@demo.klass"),
                roles: vec!["student".into()],
                created_at: "2026-11-23T10:00:00Z".into(),
            })
            .collect();
        Json(BarePage {
            data,
            total: 5000,
            page: 1,
            per_page: 50,
        })
    }
}

/// `bytes` bytes of JSON (a string), made once and then shared: the answer is copied only by the
/// kernel, as the portal's kept answers are.
#[handler]
fn bare_sized(Path(bytes): Path<usize>) -> Response {
    let n = bytes.clamp(2, MOST_BYTES);
    let mut sized = SIZED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let body = sized.entry(n).or_insert_with(|| {
        let mut text = vec![b'x'; n];
        text[0] = b'"';
        text[n - 1] = b'"';
        Bytes::from(text)
    });
    Response::builder()
        .content_type("application/json")
        .body(Body::from_bytes(body.clone()))
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let listen: SocketAddr = std::env::args()
        .nth(1)
        .or_else(|| std::env::var("BARE_ROUTE_LISTEN").ok())
        .unwrap_or_else(|| "127.0.0.1:0".into())
        .parse()?;
    let acceptor = TcpListener::bind(listen).into_acceptor().await?;
    let addr = acceptor
        .local_addr()
        .first()
        .and_then(|addr| addr.as_socket_addr().copied())
        .ok_or("listener has no socket address")?;
    let api = OpenApiService::new(BareApi, "bare_route", env!("CARGO_PKG_VERSION"));
    let app = Route::new().at("/api/bare-sized/:bytes", bare_sized).nest("/api", api);
    println!("bare_route слушает http://{addr}");
    Server::new_with_acceptor(acceptor)
        .run_with_graceful_shutdown(app, shutdown(), None)
        .await?;
    Ok(())
}

/// Completes on Ctrl-C or SIGTERM.
async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut term) => {
                term.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}
