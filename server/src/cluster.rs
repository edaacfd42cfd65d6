//! The cluster's ownership: which node runs each room, and how nodes pass a client's messages
//! to the node that runs its room.
//!
//! One server alone runs every room it keeps ([`Solo`]). With Redis several nodes share the
//! rooms ([`crate::store::redis::RedisStore`] is then the [`Ownership`]): a room is run by
//! the node holding its lease; a client whose socket lands on another node is served through
//! that node, which forwards its messages to the owner ([`Frame`]s over pub/sub) and sends
//! back what the room says. When the owner dies its lease runs out and the next node a client
//! reaches takes the room over by replaying its actions; clients reconnect by themselves.
//! The rooms ([`crate::rooms`]) ask [`Ownership`] and never which kind it is.

use std::sync::atomic::{AtomicU32, Ordering};

use async_trait::async_trait;
use worlds_table::room::{ConnId, RoomCode};

use crate::error::StoreError;
use crate::outbox::Outbox;

/// Who runs a room, as a node asks before serving a client of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// This node runs it now: it rebuilds the room from the store.
    Here,
    /// Node `0` runs it: the client is served through that node.
    At(String),
    /// Its owner was gone and is freed, or changed meanwhile: ask again.
    Retry,
}

/// Which node runs each room.
#[async_trait]
pub trait Ownership: Send + Sync {
    /// This node's name.
    fn node(&self) -> &str;
    /// A connection number no other node uses.
    async fn next_conn(&self) -> Result<ConnId, StoreError>;
    /// Who runs a kept room; [`Claim::Here`] makes this node its runner (with a fencing value
    /// newer than any before, so a node that lost it can write nothing more).
    async fn claim(&self, code: &str) -> Result<Claim, StoreError>;
    /// Renews this node's hold on rooms it runs; for each, whether it still runs it.
    async fn renew(&self, codes: &[String]) -> Result<Vec<bool>, StoreError>;
    /// Lets go of a room (shutting down): the next node a client reaches takes it.
    async fn release(&self, code: &str) -> Result<(), StoreError>;
    /// Whether a node is there.
    async fn alive(&self, node: &str) -> Result<bool, StoreError>;
    /// The node running a room now, if any.
    async fn runner(&self, code: &str) -> Result<Option<String>, StoreError>;
    /// Sends a frame to another node (frames to one node arrive in order).
    fn send(&self, node: &str, frame: &Frame);
}

/// One server alone: it runs every room it keeps.
pub struct Solo {
    next: AtomicU32,
}

impl Solo {
    pub fn new() -> Solo {
        Solo {
            next: AtomicU32::new(1),
        }
    }
}

impl Default for Solo {
    fn default() -> Solo {
        Solo::new()
    }
}

#[async_trait]
impl Ownership for Solo {
    fn node(&self) -> &str {
        "solo"
    }
    async fn next_conn(&self) -> Result<ConnId, StoreError> {
        Ok(self.next.fetch_add(1, Ordering::Relaxed))
    }
    async fn claim(&self, _code: &str) -> Result<Claim, StoreError> {
        Ok(Claim::Here)
    }
    async fn renew(&self, codes: &[String]) -> Result<Vec<bool>, StoreError> {
        Ok(vec![true; codes.len()])
    }
    async fn release(&self, _code: &str) -> Result<(), StoreError> {
        Ok(())
    }
    async fn alive(&self, node: &str) -> Result<bool, StoreError> {
        Ok(node == self.node())
    }
    async fn runner(&self, _code: &str) -> Result<Option<String>, StoreError> {
        Ok(Some(self.node().to_string()))
    }
    fn send(&self, _node: &str, _frame: &Frame) {}
}

/// A client of this node playing in a room another node runs.
pub struct Proxied {
    pub code: RoomCode,
    pub owner: String,
    pub outbox: Outbox,
}

/// What nodes say to each other about a connection: a proxy node forwards its client's
/// connection, messages and leaving to the room's owner ([`Frame::Connect`],
/// [`Frame::Msg`], [`Frame::Leave`]); the owner sends back what the room says to it
/// ([`Frame::Text`], [`Frame::Binary`], [`Frame::Close`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Frame {
    Connect {
        code: String,
        conn: u32,
        from: String,
    },
    Msg {
        code: String,
        conn: u32,
        from: String,
        bytes: Vec<u8>,
    },
    Leave {
        code: String,
        conn: u32,
        from: String,
    },
    Text {
        conn: u32,
        bytes: Vec<u8>,
    },
    Binary {
        conn: u32,
        bytes: Vec<u8>,
    },
    Close {
        conn: u32,
    },
}

impl Frame {
    /// `[tag][conn: 4 bytes][code length][code][node length][node][bytes]`.
    pub fn encode(&self) -> Vec<u8> {
        let (tag, conn, code, from, bytes): (u8, u32, &str, &str, &[u8]) = match self {
            Frame::Connect { code, conn, from } => (b'C', *conn, code, from, &[]),
            Frame::Msg {
                code,
                conn,
                from,
                bytes,
            } => (b'M', *conn, code, from, bytes),
            Frame::Leave { code, conn, from } => (b'L', *conn, code, from, &[]),
            Frame::Text { conn, bytes } => (b'T', *conn, "", "", bytes),
            Frame::Binary { conn, bytes } => (b'B', *conn, "", "", bytes),
            Frame::Close { conn } => (b'X', *conn, "", "", &[]),
        };
        let mut out = Vec::with_capacity(7 + code.len() + from.len() + bytes.len());
        out.push(tag);
        out.extend_from_slice(&conn.to_be_bytes());
        out.push(code.len().min(255) as u8);
        out.extend_from_slice(&code.as_bytes()[..code.len().min(255)]);
        out.push(from.len().min(255) as u8);
        out.extend_from_slice(&from.as_bytes()[..from.len().min(255)]);
        out.extend_from_slice(bytes);
        out
    }

    /// The frame in `b`, or `None` if it is not one.
    pub fn decode(b: &[u8]) -> Option<Frame> {
        let (&tag, rest) = b.split_first()?;
        let conn = u32::from_be_bytes(rest.get(..4)?.try_into().ok()?);
        let rest = &rest[4..];
        let (&n, rest) = rest.split_first()?;
        let code = String::from_utf8(rest.get(..n as usize)?.to_vec()).ok()?;
        let rest = &rest[n as usize..];
        let (&n, rest) = rest.split_first()?;
        let from = String::from_utf8(rest.get(..n as usize)?.to_vec()).ok()?;
        let bytes = rest[n as usize..].to_vec();
        Some(match tag {
            b'C' => Frame::Connect { code, conn, from },
            b'M' => Frame::Msg {
                code,
                conn,
                from,
                bytes,
            },
            b'L' => Frame::Leave { code, conn, from },
            b'T' => Frame::Text { conn, bytes },
            b'B' => Frame::Binary { conn, bytes },
            b'X' => Frame::Close { conn },
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_read_back_as_written_and_nonsense_is_not_a_frame() {
        let frames = [
            Frame::Connect {
                code: "K7QXM2PD".into(),
                conn: 7,
                from: "a1b2".into(),
            },
            Frame::Msg {
                code: "K7QXM2PD".into(),
                conn: u32::MAX,
                from: "a1b2".into(),
                bytes: b"{\"t\":\"start\"}".to_vec(),
            },
            Frame::Leave {
                code: "K7QXM2PD".into(),
                conn: 1,
                from: "n".into(),
            },
            Frame::Text {
                conn: 2,
                bytes: b"{}".to_vec(),
            },
            Frame::Binary {
                conn: 3,
                bytes: vec![0, 255],
            },
            Frame::Close { conn: 4 },
        ];
        for f in frames {
            assert_eq!(Frame::decode(&f.encode()), Some(f));
        }
        assert_eq!(Frame::decode(b""), None);
        assert_eq!(Frame::decode(b"C\x00\x00"), None);
        assert_eq!(Frame::decode(b"Z\x00\x00\x00\x01\x00\x00"), None);
        assert_eq!(Frame::decode(b"C\x00\x00\x00\x01\x09AB"), None);
    }
}
