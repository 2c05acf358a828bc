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
    /// Parses `server.trusted_proxies`: addresses (`10.0.0.1`) or ranges (`10.0.0.0/8`).
    pub fn parse(entries: &[String]) -> Result<Self, String> {
        entries
            .iter()
            .map(|entry| parse_net(entry).ok_or_else(|| format!("«{entry}» не адрес и не диапазон адресов")))
            .collect::<Result<Vec<_>, _>>()
            .map(Self)
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

fn parse_net(entry: &str) -> Option<IpNet> {
    let entry = entry.trim();
    entry
        .parse::<IpNet>()
        .ok()
        .or_else(|| entry.parse::<IpAddr>().ok().map(IpNet::from))
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
        let proxies = TrustedProxies::parse(&trusted.iter().map(|s| s.to_string()).collect::<Vec<_>>()).expect("parse");
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

    #[test]
    fn bad_entries_are_named() {
        assert!(TrustedProxies::parse(&["10.0.0.0/8".into(), "::1".into()]).is_ok());
        let err = TrustedProxies::parse(&["10.0.0.0/33".into()]).expect_err("bad");
        assert!(err.contains("10.0.0.0/33"), "{err}");
    }
}
