//! The client's address: the direct peer, or, when that peer is a trusted reverse proxy, the
//! right-most address in `X-Forwarded-For` that is not a trusted proxy. Limits, the server
//! log and the activity log all use this one address.

use ipnet::IpNet;
use poem::Request;
use std::net::{IpAddr, SocketAddr};

const FORWARDED_FOR: &str = "x-forwarded-for";

/// The client address of a request, put into its extensions before anything else runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

/// The configured trusted proxies.
#[derive(Clone, Debug, Default)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// These ranges (see `config::Server::trusted_proxy_ranges`).
    pub fn new(ranges: Vec<IpNet>) -> Self {
        Self(ranges)
    }

    fn trusts(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.0.iter().any(|net| net.contains(&ip))
    }

    /// Walks from the direct peer leftwards through `X-Forwarded-For` while the hop at hand
    /// is a trusted proxy; the first untrusted (or last readable) hop is the client.
    pub fn client_of(&self, peer: IpAddr, req: &Request) -> IpAddr {
        let mut client = peer.to_canonical();
        if !self.trusts(client) {
            return client;
        }
        let hops: Vec<&str> = req
            .headers()
            .get_all(FORWARDED_FOR)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .collect();
        for hop in hops.into_iter().rev() {
            match parse_hop(hop) {
                Some(ip) => client = ip,
                None => break,
            }
            if !self.trusts(client) {
                break;
            }
        }
        client
    }
}

/// One `X-Forwarded-For` entry: an address, maybe with a port or in brackets.
fn parse_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim();
    hop.parse::<IpAddr>()
        .ok()
        .or_else(|| hop.parse::<SocketAddr>().ok().map(|addr| addr.ip()))
        .or_else(|| hop.strip_prefix('[')?.strip_suffix(']')?.parse().ok())
        .map(|ip: IpAddr| ip.to_canonical())
}

/// The client address of `req` as computed by `client_of` (the peer's when none was stored).
pub fn of(req: &Request) -> Option<IpAddr> {
    req.extensions()
        .get::<ClientAddr>()
        .map(|addr| addr.0)
        .or_else(|| req.remote_addr().as_socket_addr().map(|addr| addr.ip()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(trusted: &[&str], peer: &str, forwarded: Option<&str>) -> String {
        let server = crate::config::Server {
            trusted_proxies: trusted.iter().map(|s| s.to_string()).collect(),
            ..crate::config::Server::default()
        };
        let proxies = TrustedProxies::new(server.trusted_proxy_ranges().expect("ranges"));
        let mut req = Request::builder();
        if let Some(value) = forwarded {
            req = req.header(FORWARDED_FOR, value);
        }
        proxies
            .client_of(peer.parse().expect("peer"), &req.finish())
            .to_string()
    }

    #[test]
    fn forwarded_for_counts_only_behind_a_trusted_proxy() {
        assert_eq!(client(&[], "10.0.0.5", Some("203.0.113.9")), "10.0.0.5");
        assert_eq!(client(&["10.0.0.5"], "10.0.0.5", Some("203.0.113.9")), "203.0.113.9");
        assert_eq!(client(&["10.0.0.0/8"], "10.0.0.5", None), "10.0.0.5");
    }

    #[test]
    fn the_right_most_untrusted_hop_is_the_client() {
        let trusted = ["10.0.0.0/8"];
        assert_eq!(
            client(&trusted, "10.0.0.5", Some("6.6.6.6, 203.0.113.9, 10.1.1.1")),
            "203.0.113.9",
            "a client cannot pick its address by sending its own header"
        );
        assert_eq!(client(&trusted, "10.0.0.5", Some("garbage, 10.1.1.1")), "10.1.1.1");
        assert_eq!(client(&trusted, "10.0.0.5", Some("[2001:db8::1]:443")), "2001:db8::1");
        assert_eq!(client(&trusted, "::ffff:10.0.0.5", Some("192.0.2.7:5000")), "192.0.2.7");
    }
}
