//! Builds the application: opens the store, binds the listener (port 0 in tests), mounts the
//! routes and middleware, and runs until a shutdown signal, finishing requests in flight.

use crate::config::Config;
use crate::error::{self, ApiError, PanicToServerError};
use crate::store::{Store, StoreError};
use crate::{api, web};
use poem::listener::{Acceptor, Listener, TcpAcceptor, TcpListener};
use poem::middleware::CatchPanic;
use poem::{EndpointExt, IntoEndpoint, Route, Server};
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// What every request handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub config: Arc<Config>,
    /// The embedded UI's build id (see `web::ui_build_id`).
    pub build: String,
}

impl AppState {
    /// Runs storage work on the blocking pool (redb is synchronous), mapping its errors.
    pub async fn run<T, E, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        E: Into<ApiError> + Send + 'static,
        F: FnOnce(&Store) -> Result<T, E> + Send + 'static,
    {
        let store = self.store.clone();
        tokio::task::spawn_blocking(move || work(&store))
            .await
            .map_err(ApiError::internal)?
            .map_err(Into::into)
    }
}

impl From<StoreError> for ApiError {
    fn from(err: StoreError) -> Self {
        ApiError::internal(err)
    }
}

/// A built application, bound to its address but not yet serving.
pub struct App {
    acceptor: TcpAcceptor,
    addr: SocketAddr,
    state: AppState,
}

impl App {
    /// Opens the database and binds `config.server.listen` (port 0 picks a free port).
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let data_dir = config.data_dir.clone();
        let cache_mb = config.storage.cache_mb;
        let store = tokio::task::spawn_blocking(move || Store::open(&data_dir, cache_mb)).await??;
        let acceptor = TcpListener::bind(config.server.listen)
            .into_acceptor()
            .await
            .map_err(|err| {
                anyhow::anyhow!("не удалось открыть адрес {}: {err}", config.server.listen)
            })?;
        let addr = acceptor
            .local_addr()
            .first()
            .and_then(|addr| addr.as_socket_addr().copied())
            .ok_or_else(|| anyhow::anyhow!("listener has no socket address"))?;
        let state = AppState {
            store,
            config: Arc::new(config),
            build: web::SpaEndpoint::embedded().build_id(),
        };
        Ok(Self {
            acceptor,
            addr,
            state,
        })
    }

    /// The address the server listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The open database.
    pub fn store(&self) -> &Store {
        &self.state.store
    }

    /// Serves until `shutdown` completes, then lets requests in flight finish (up to the grace time).
    pub async fn run_until(self, shutdown: impl Future<Output = ()>) -> std::io::Result<()> {
        let grace = Duration::from_secs(self.state.config.server.shutdown_grace_secs);
        let endpoint = routes(self.state);
        Server::new_with_acceptor(self.acceptor)
            .run_with_graceful_shutdown(endpoint, shutdown, Some(grace))
            .await
    }
}

/// The whole HTTP surface: `/api` (with its docs), and the UI for everything else.
pub fn routes(state: AppState) -> impl poem::Endpoint<Output = poem::Response> {
    let limit =
        usize::try_from(state.config.server.body_limit_mb * 1024 * 1024).unwrap_or(usize::MAX);
    let api = api::service();
    let docs = api.swagger_ui();
    let spec = api.spec_endpoint();
    Route::new()
        .nest("/api/docs", docs)
        .at("/api/openapi.json", spec)
        .nest("/api", api)
        .nest("/", web::SpaEndpoint::embedded())
        .into_endpoint()
        .data(state)
        .with(CatchPanic::new().with_handler(PanicToServerError))
        .around(move |next, req| web::limit_body(next, req, limit))
        .catch_all_error(|err| async move { error::render(err) })
        .around(web::headers::security_headers)
        .around(web::with_request_id)
}

/// Completes on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down: finishing requests in flight");
}
