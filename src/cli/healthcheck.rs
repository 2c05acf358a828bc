//! `klass healthcheck`: asks the configured server for `/api/health` over plain HTTP.

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
    match probe(addr, Duration::from_secs(args.timeout)) {
        Ok(()) => {
            println!("ok: http://{addr}/api/health");
            Ok(ExitCode::SUCCESS)
        }
        Err(reason) => {
            eprintln!("сервер http://{addr} не отвечает: {reason}");
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

fn probe(addr: SocketAddr, timeout: Duration) -> Result<(), String> {
    let mut stream = TcpStream::connect_timeout(&addr, timeout).map_err(|e| e.to_string())?;
    stream.set_read_timeout(Some(timeout)).map_err(|e| e.to_string())?;
    let request = format!("GET /api/health HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).map_err(|e| e.to_string())?;
    let mut answer = String::new();
    stream
        .take(64 * 1024)
        .read_to_string(&mut answer)
        .map_err(|e| e.to_string())?;
    let healthy = answer.starts_with("HTTP/1.1 200") && answer.contains("\"status\":\"ok\"");
    if healthy {
        Ok(())
    } else {
        Err(answer.lines().next().unwrap_or("пустой ответ").to_owned())
    }
}
