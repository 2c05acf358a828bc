//! Builds the application: opens the store, binds the listener (port 0 in tests), mounts the
//! routes and middleware, and runs until a shutdown signal, finishing requests in flight.

use crate::config::Config;
use crate::error::{self, PanicToServerError};
pub use crate::service::AppState;
use crate::store::Store;
use crate::{api, mail, web};
use poem::listener::{Acceptor, AcceptorExt, BoxAcceptor, Listener, TcpListener};
use poem::middleware::CatchPanic;
use poem::{EndpointExt, IntoEndpoint, Route, Server};
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// A built application, bound to its address but not yet serving.
pub struct App {
    acceptor: BoxAcceptor,
    addr: SocketAddr,
    /// The plain-HTTP listener that sends people to HTTPS (`server.tls.redirect_from`).
    redirect: Option<BoxAcceptor>,
    https: bool,
    state: AppState,
}

impl App {
    /// Opens the database and binds `config.server.listen` (port 0 picks a free port). Once the
    /// database is ours, the scratch files of copies and restores interrupted before are cleared.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let data_dir = config.data_dir.clone();
        let backup_dir = config.backup_dir();
        let cache_mb = config.storage.cache_mb;
        let store = tokio::task::spawn_blocking(move || {
            Store::open(&data_dir, cache_mb).inspect(|_| {
                crate::backup::clear_leftovers(&[&data_dir, &backup_dir]);
            })
        })
        .await??;
        let acceptor = bind(config.server.listen).await?;
        let addr = acceptor
            .local_addr()
            .first()
            .and_then(|addr| addr.as_socket_addr().copied())
            .ok_or_else(|| anyhow::anyhow!("listener has no socket address"))?;
        let tls = web::tls::server_config(&config)?;
        let https = tls.is_some();
        let redirect = match config.server.tls.redirect_from.filter(|_| https) {
            Some(from) => Some(bind(from).await?.boxed()),
            None => None,
        };
        let acceptor = match tls {
            Some(tls) => web::TlsAcceptor::new(acceptor, tls).boxed(),
            None => acceptor.boxed(),
        };
        let state = AppState::new(store, config, web::SpaEndpoint::embedded().build_id())?;
        Ok(Self {
            acceptor,
            addr,
            redirect,
            https,
            state,
        })
    }

    /// The address the server listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `https://ADDR` or `http://ADDR`.
    pub fn url(&self) -> String {
        let scheme = if self.https { "https" } else { "http" };
        format!("{scheme}://{}", self.addr)
    }

    /// The open database.
    pub fn store(&self) -> &Store {
        &self.state.store
    }

    /// Serves until `shutdown` completes, then lets requests in flight finish (up to the grace time).
    pub async fn run_until(self, shutdown: impl Future<Output = ()>) -> std::io::Result<()> {
        let grace = Duration::from_secs(self.state.config.server.shutdown_grace_secs);
        let limits = self.state.limits.clone();
        let forgetting = tokio::spawn(async move {
            let mut every_minute = tokio::time::interval(Duration::from_secs(60));
            loop {
                every_minute.tick().await;
                limits.forget_idle();
            }
        });
        let admin_socket = tokio::spawn(crate::backup::socket::serve(
            self.state.config.data_dir.clone(),
            self.state.backups.clone(),
        ));
        let nightly_backups = tokio::spawn(crate::service::backups::schedule(self.state.clone()));
        let disk_watch = tokio::spawn(crate::service::disk::watch(self.state.clone()));
        let redirect = self.redirect.map(|acceptor| {
            let fallback = SocketAddr::new(self.addr.ip(), 0).to_string();
            let fallback = fallback.trim_end_matches(":0").to_owned();
            tracing::info!(addr = ?acceptor.local_addr(), "plain HTTP answers with a redirect to HTTPS");
            let endpoint = web::https_redirect::endpoint(self.addr.port(), fallback);
            tokio::spawn(Server::new_with_acceptor(acceptor).run(endpoint))
        });
        let lesson_horizon = tokio::spawn(crate::service::schedule::horizon::keep_extending(self.state.clone()));
        let task_reminders = tokio::spawn(crate::service::work::reminders::keep_reminding(self.state.clone()));
        let journal_reminders = tokio::spawn(crate::service::gradebook::unfilled::keep_reminding(self.state.clone()));
        let request_keys = tokio::spawn(crate::service::money::retries::keep_forgetting(self.state.clone()));
        let (stopping, stopped) = tokio::sync::watch::channel(false);
        let mail_worker = mail::spawn(
            self.state.store.clone(),
            self.state.config.clone(),
            self.state.mailer.clone(),
            async move {
                let mut stopped = stopped;
                let _ = stopped.wait_for(|stop| *stop).await;
            },
        );
        let endpoint = routes(self.state);
        let shutdown = async move {
            shutdown.await;
            let _ = stopping.send(true);
        };
        let served = Server::new_with_acceptor(self.acceptor)
            .run_with_graceful_shutdown(endpoint, shutdown, Some(grace))
            .await;
        forgetting.abort();
        admin_socket.abort();
        nightly_backups.abort();
        disk_watch.abort();
        if let Some(redirect) = redirect {
            redirect.abort();
        }
        lesson_horizon.abort();
        task_reminders.abort();
        journal_reminders.abort();
        request_keys.abort();
        // A mail being sent right now finishes (the worker bounds its own wait); one cut off
        // stays queued for the next start.
        let _ = tokio::time::timeout(crate::mail::LONGEST_STOP, mail_worker).await;
        served
    }
}

/// Listens on `addr` (port 0 picks a free port).
async fn bind(addr: SocketAddr) -> anyhow::Result<poem::listener::TcpAcceptor> {
    TcpListener::bind(addr)
        .into_acceptor()
        .await
        .map_err(|err| anyhow::anyhow!("не удалось открыть адрес {addr}: {err}"))
}

/// The whole HTTP surface: the API (under `/api`, plus the sign-in calls that the Sanctum
/// protocol puts at the root), its docs, and the UI for everything else.
pub fn routes(state: AppState) -> impl poem::Endpoint<Output = poem::Response> {
    let limits = web::BodyLimits::from_mib(state.config.server.body_limit_mb, state.config.files.max_upload_mb);
    let service = api::service();
    let session_state = state.clone();
    // Checked when the configuration was loaded.
    let ranges = state.config.server.trusted_proxy_ranges().unwrap_or_default();
    let proxies = Arc::new(web::client_addr::TrustedProxies::new(ranges));
    let answers = Arc::new(web::CompressedAnswers::default());
    let api = Arc::new(
        service
            .around(move |next, req| web::resolve_caller(next, req, session_state.clone()))
            .around(move |next, req| web::compress_long_answers(next, req, answers.clone())),
    );
    let mut route = Route::new()
        .nest("/api/docs", web::ApiDocsEndpoint::embedded())
        .at("/api/openapi.json", api::openapi_document)
        .nest_no_strip("/api", api.clone())
        .nest_no_strip("/sanctum", api.clone());
    for path in api::ROOT_PATHS {
        route = route.at(path, api.clone());
    }
    route
        .nest("/", web::SpaEndpoint::embedded())
        .into_endpoint()
        .data(state)
        .with(CatchPanic::new().with_handler(PanicToServerError))
        .around(move |next, req| web::limit_body(next, req, limits))
        .catch_all_error(|err| async move { error::render(err) })
        .around(web::headers::security_headers)
        .around(move |next, req| web::with_request_id(next, req, proxies.clone()))
}

/// Completes on Ctrl-C or SIGTERM. SIGTERM is caught from the moment this is called (not from
/// its first poll), so a TERM right after the address line still stops the server gracefully.
pub fn shutdown_signal() -> impl Future<Output = ()> {
    #[cfg(unix)]
    let terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate());
    async move {
        let ctrl_c = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        #[cfg(unix)]
        let terminate = async move {
            match terminate {
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
}
