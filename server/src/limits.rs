//! Counting by address: wrong codes and tokens tried, rooms opened, sockets held. Behind a
//! trusted reverse proxy the address is the client's own (`X-Forwarded-For`, see
//! [`client_address`]), so one person's wrong codes never lock out everyone behind the proxy.
//! The tables are swept every few seconds, so they do not grow for ever.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

use axum::http::HeaderMap;

use crate::config::Limits;
use crate::{lock, now_ms};

/// A minute's count.
#[derive(Debug, Clone, Copy)]
struct Window {
    start: u64,
    count: u32,
}

const MINUTE_MS: u64 = 60_000;

/// The address a limit counts: an IPv4 address, or an IPv6 address's /64 (one home's
/// network: its devices pick new addresses in it at will).
pub fn counted(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mut s = v6.segments();
                s[4..].fill(0);
                IpAddr::from(s)
            }
        },
    }
}

/// The client's address: a connection from a trusted proxy is counted by the last address in
/// its `X-Forwarded-For` that is not itself a trusted proxy; any other connection by its own.
pub fn client_address(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    let is_trusted = |ip: IpAddr| trusted.iter().any(|&t| counted(t) == counted(ip));
    if !is_trusted(peer) {
        return peer;
    }
    let listed: Vec<IpAddr> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|a| a.trim().parse::<IpAddr>().ok())
        .collect();
    listed
        .into_iter()
        .rev()
        .find(|&ip| !is_trusted(ip))
        .unwrap_or(peer)
}

/// The tables by address.
pub struct Addresses {
    limits: Limits,
    tries: Mutex<HashMap<IpAddr, Window>>,
    opened: Mutex<HashMap<IpAddr, Window>>,
    sockets: Mutex<HashMap<IpAddr, usize>>,
}

/// Counts one in `ip`'s window if it is under `limit`; `false` when the minute's are used up.
fn within(table: &Mutex<HashMap<IpAddr, Window>>, ip: IpAddr, limit: u32, add: bool) -> bool {
    let now = now_ms();
    let mut table = lock(table);
    let w = table.entry(counted(ip)).or_insert(Window {
        start: now,
        count: 0,
    });
    if now.saturating_sub(w.start) >= MINUTE_MS {
        *w = Window {
            start: now,
            count: 0,
        };
    }
    if w.count >= limit {
        return false;
    }
    if add {
        w.count += 1;
    }
    true
}

impl Addresses {
    pub fn new(limits: &Limits) -> Addresses {
        Addresses {
            limits: limits.clone(),
            tries: Mutex::new(HashMap::new()),
            opened: Mutex::new(HashMap::new()),
            sockets: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `ip` may try a code or token now (it has not used up the minute's failures).
    pub fn may_try(&self, ip: IpAddr) -> bool {
        within(&self.tries, ip, self.limits.tries_per_minute, false)
    }

    /// A wrong code or seat token from `ip`.
    pub fn failed(&self, ip: IpAddr) {
        let now = now_ms();
        let mut tries = lock(&self.tries);
        let w = tries.entry(counted(ip)).or_insert(Window {
            start: now,
            count: 0,
        });
        if now.saturating_sub(w.start) >= MINUTE_MS {
            *w = Window {
                start: now,
                count: 0,
            };
        }
        w.count = w.count.saturating_add(1);
    }

    /// Counts a room opened by `ip`; `false` (and not counted) once it opened the minute's.
    pub fn may_open(&self, ip: IpAddr) -> bool {
        within(&self.opened, ip, self.limits.rooms_per_minute, true)
    }

    /// Counts a socket of `ip`; `false` (and not counted) when it holds as many as it may.
    pub fn socket_opened(&self, ip: IpAddr) -> bool {
        let mut sockets = lock(&self.sockets);
        let n = sockets.entry(counted(ip)).or_insert(0);
        if *n >= self.limits.sockets_per_address {
            return false;
        }
        *n += 1;
        true
    }

    pub fn socket_closed(&self, ip: IpAddr) {
        let mut sockets = lock(&self.sockets);
        if let Some(n) = sockets.get_mut(&counted(ip)) {
            *n = n.saturating_sub(1);
        }
    }

    /// Forgets minutes that are over and addresses with no socket.
    pub fn sweep(&self, now: u64) {
        for table in [&self.tries, &self.opened] {
            lock(table).retain(|_, w| now.saturating_sub(w.start) < MINUTE_MS);
        }
        lock(&self.sockets).retain(|_, n| *n > 0);
    }

    /// Entries in the tables (for tests of the sweep).
    pub fn entries(&self) -> usize {
        lock(&self.tries).len() + lock(&self.opened).len() + lock(&self.sockets).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("an address")
    }

    fn forwarded(list: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in list {
            h.append(
                "x-forwarded-for",
                HeaderValue::from_str(v).expect("a header"),
            );
        }
        h
    }

    #[test]
    fn only_a_trusted_proxy_may_name_the_client() {
        let proxy = ip("10.0.0.1");
        let h = forwarded(&["203.0.113.7"]);
        assert_eq!(client_address(proxy, &h, &[proxy]), ip("203.0.113.7"));
        // Anyone else writing the header is counted by their own address.
        assert_eq!(
            client_address(ip("198.51.100.9"), &h, &[proxy]),
            ip("198.51.100.9")
        );
        // A client's own forged entries come first; the proxy's appended one counts.
        let h = forwarded(&["1.2.3.4, 203.0.113.7"]);
        assert_eq!(client_address(proxy, &h, &[proxy]), ip("203.0.113.7"));
        // Two proxies in a row (both trusted): the first untrusted from the right.
        let inner = ip("10.0.0.2");
        let h = forwarded(&["203.0.113.7", "10.0.0.1"]);
        assert_eq!(
            client_address(inner, &h, &[proxy, inner]),
            ip("203.0.113.7")
        );
        // No usable header: the proxy's own address.
        assert_eq!(
            client_address(proxy, &forwarded(&["nonsense"]), &[proxy]),
            proxy
        );
    }

    #[test]
    fn an_ipv6_home_is_counted_as_one_and_mapped_ipv4_as_itself() {
        assert_eq!(
            counted(ip("2001:db8:1:2:aaaa::1")),
            counted(ip("2001:db8:1:2:bbbb::9"))
        );
        assert_ne!(
            counted(ip("2001:db8:1:2::1")),
            counted(ip("2001:db8:1:3::1"))
        );
        assert_eq!(counted(ip("::ffff:192.0.2.1")), ip("192.0.2.1"));
    }

    #[test]
    fn failures_limit_their_address_only_and_the_tables_are_swept() {
        let limits = Limits {
            tries_per_minute: 3,
            rooms_per_minute: 2,
            sockets_per_address: 2,
            ..Limits::default()
        };
        let a = Addresses::new(&limits);
        let (one, two) = (ip("192.0.2.1"), ip("192.0.2.2"));
        for _ in 0..3 {
            assert!(a.may_try(one));
            a.failed(one);
        }
        assert!(!a.may_try(one));
        assert!(a.may_try(two));
        assert!(a.may_open(one) && a.may_open(one) && !a.may_open(one));
        assert!(a.may_open(two));
        assert!(a.socket_opened(one) && a.socket_opened(one) && !a.socket_opened(one));
        a.socket_closed(one);
        assert!(a.socket_opened(one));
        a.socket_closed(one);
        a.socket_closed(one);
        assert!(a.entries() > 0);
        a.sweep(now_ms() + MINUTE_MS);
        assert_eq!(
            a.entries(),
            0,
            "minutes over and addresses with no socket are forgotten"
        );
        assert!(a.may_try(one));
    }
}
