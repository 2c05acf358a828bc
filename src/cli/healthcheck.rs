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
        Err(reason) => {
            eprintln!("сервер {scheme}://{addr} не отвечает: {reason}");
            Ok(ExitCode::FAILURE)
        }
    }
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

fn probe(addr: SocketAddr, timeout: Duration, tls: bool) -> Result<(), String> {
    let stream = TcpStream::connect_timeout(&addr, timeout).map_err(|e| e.to_string())?;
    stream.set_read_timeout(Some(timeout)).map_err(|e| e.to_string())?;
    stream.set_write_timeout(Some(timeout)).map_err(|e| e.to_string())?;
    let request = format!("GET /api/health HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    let answer = if tls {
        exchange(super::loopback_tls::connect(stream)?, &request)
    } else {
        exchange(stream, &request)
    }
    .map_err(|e| e.to_string())?;
    let healthy = answer.starts_with("HTTP/1.1 200") && answer.contains("\"status\":\"ok\"");
    if healthy {
        Ok(())
    } else {
        Err(answer.lines().next().unwrap_or("пустой ответ").to_owned())
    }
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
