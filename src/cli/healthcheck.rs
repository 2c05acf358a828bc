//! `klass healthcheck`: asks the configured server for `/api/health` (over HTTPS when it speaks it).

use crate::config::Config;
use clap::Args;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::ExitCode;
use std::time::Duration;

/// Options of the health check.
#[derive(Debug, Args)]
pub struct HealthcheckArgs {
    /// Seconds to wait for the answer.
    #[arg(long, default_value_t = 3)]
    pub timeout: u64,
}

pub fn run(args: &HealthcheckArgs, config: &Config) -> anyhow::Result<ExitCode> {
    let addr = reachable(config.server.listen);
    let tls = config.server.tls.mode != crate::config::TlsMode::Off;
    let scheme = if tls { "https" } else { "http" };
    match probe(addr, Duration::from_secs(args.timeout), tls) {
        Ok(()) => {
            println!("ok: {scheme}://{addr}/api/health");
            Ok(ExitCode::SUCCESS)
        }
        Err(Failure::NoAnswer(reason)) => {
            eprintln!("сервер {scheme}://{addr} не отвечает: {reason}");
            Ok(ExitCode::FAILURE)
        }
        Err(Failure::Unhealthy(answer)) => {
            eprintln!("сервер {scheme}://{addr} отвечает, но неисправен: {answer}");
            Ok(ExitCode::FAILURE)
        }
    }
}

/// Why the check failed.
enum Failure {
    /// No connection or no answer: the reason.
    NoAnswer(String),
    /// An answer other than `ok`: its status line and the server's message.
    Unhealthy(String),
}

/// A server listening on every interface is asked on loopback.
fn reachable(listen: SocketAddr) -> SocketAddr {
    let mut addr = listen;
    if addr.ip().is_unspecified() {
        addr.set_ip(if addr.is_ipv4() {
            [127, 0, 0, 1].into()
        } else {
            std::net::Ipv6Addr::LOCALHOST.into()
        });
    }
    addr
}

fn probe(addr: SocketAddr, timeout: Duration, tls: bool) -> Result<(), Failure> {
    let no_answer = |e: std::io::Error| Failure::NoAnswer(e.to_string());
    let stream = TcpStream::connect_timeout(&addr, timeout).map_err(no_answer)?;
    stream.set_read_timeout(Some(timeout)).map_err(no_answer)?;
    stream.set_write_timeout(Some(timeout)).map_err(no_answer)?;
    let request = format!("GET /api/health HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    let answer = if tls {
        let stream = super::loopback_tls::connect(stream).map_err(Failure::NoAnswer)?;
        exchange(stream, &request)
    } else {
        exchange(stream, &request)
    }
    .map_err(no_answer)?;
    let healthy = answer.starts_with("HTTP/1.1 200") && answer.contains("\"status\":\"ok\"");
    if healthy {
        return Ok(());
    }
    let status = answer.lines().next().unwrap_or("пустой ответ");
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, body)| body);
    let message = serde_json::from_str::<serde_json::Value>(body)
        .ok()
        .and_then(|v| v["message"].as_str().map(str::to_owned));
    Err(Failure::Unhealthy(match message {
        Some(message) => format!("{status} — {message}"),
        None => status.to_owned(),
    }))
}

/// Sends `request` and reads the answer (up to 64 KiB).
fn exchange(mut stream: impl Read + Write, request: &str) -> std::io::Result<String> {
    stream.write_all(request.as_bytes())?;
    let mut answer = Vec::new();
    // A server may close without TLS's close_notify: what arrived is the answer.
    match stream.take(64 * 1024).read_to_end(&mut answer) {
        Ok(_) => {}
        Err(err) if err.kind() == std::io::ErrorKind::UnexpectedEof && !answer.is_empty() => {}
        Err(err) => return Err(err),
    }
    Ok(String::from_utf8_lossy(&answer).into_owned())
}
