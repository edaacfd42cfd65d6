//! Rooms kept in Redis (`worlds serve --redis redis://HOST:PORT`), so any node serves any
//! room and a room outlives the node that ran it.
//!
//! A room's game is its setup and its numbered actions, and the engine is deterministic: a
//! node that takes a room over rebuilds it by replaying them. For each room (`CODE`):
//! - `wr:room:CODE:open`: the room as opened (title, board, lobby setup), written once;
//! - `wr:room:CODE:state`: who sits where with their seat tokens, the game's seed, the host's
//!   record (computers standing in, intents answered);
//! - `wr:room:CODE:actions`: the game's actions, a list, one JSON action per entry;
//! - `wr:room:CODE:owner`: the node running the room, a key that expires after
//!   [`LEASE_MS`] unless that node renews it;
//! - `wr:closed:CODE`: a room closed for idleness (so its link says so), for a week.
//!
//! An action is appended only by the room's owner and only at the position it expects (a
//! Lua script checks both), so two nodes can never both apply one, and a node that lost the
//! room stops at once. Nodes talk by pub/sub, each on its own channel `wr:node:NODE`; a node
//! whose channel has no subscriber is gone.

use redis::aio::{MultiplexedConnection, PubSubStream};
use redis::{RedisResult, Script};

/// How long a room's owner key lives without renewal (ms).
pub const LEASE_MS: u64 = 4_000;
/// How long a closed room's code says so (s).
const CLOSED_SECS: u64 = 7 * 24 * 3600;

/// What Redis keeps of one room.
pub struct Kept {
    pub opening: String,
    pub state: String,
    pub actions: Vec<String>,
}

/// This node's handle on Redis.
pub struct Store {
    pub node: String,
    client: redis::Client,
    conn: MultiplexedConnection,
    create: Script,
    write: Script,
    renew: Script,
    steal: Script,
    close: Script,
    set_aside: Script,
}

fn key(code: &str, part: &str) -> String {
    format!("wr:room:{code}:{part}")
}

/// A node's pub/sub channel.
pub fn channel(node: &str) -> String {
    format!("wr:node:{node}")
}

impl Store {
    /// Connects to `url` as node `node`.
    pub async fn connect(url: &str, node: String) -> RedisResult<Store> {
        let client = redis::Client::open(url)?;
        let conn = client.get_multiplexed_async_connection().await?;
        Ok(Store {
            node,
            client,
            conn,
            create: Script::new(
                r"if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[4]) == 1 then return 0 end
                  redis.call('SET', KEYS[1], ARGV[1])
                  redis.call('SET', KEYS[2], ARGV[2])
                  redis.call('SET', KEYS[3], ARGV[3], 'PX', ARGV[4])
                  return 1",
            ),
            write: Script::new(
                r"if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
                  if redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[3]) then return -1 end
                  for i = 5, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
                  if ARGV[4] ~= '' then redis.call('SET', KEYS[3], ARGV[4]) end
                  redis.call('PEXPIRE', KEYS[1], ARGV[2])
                  return 1",
            ),
            renew: Script::new(
                r"local kept = {}
                  for i, k in ipairs(KEYS) do
                    if redis.call('GET', k) == ARGV[1] then
                      redis.call('PEXPIRE', k, ARGV[2]); kept[i] = 1
                    else kept[i] = 0 end
                  end
                  return kept",
            ),
            steal: Script::new(
                r"if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) return 1 end
                  return 0",
            ),
            close: Script::new(
                r"if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
                  redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
                  redis.call('SET', KEYS[5], '1', 'EX', ARGV[2])
                  return 1",
            ),
            // The room's parts expire when it would be closed for being idle, and its code
            // says "closed" from then on; taking it up again (`wake`) undoes both.
            set_aside: Script::new(
                r"if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
                  redis.call('DEL', KEYS[1])
                  for i = 2, 4 do redis.call('PEXPIRE', KEYS[i], ARGV[2]) end
                  redis.call('SET', KEYS[5], '1', 'PX', tonumber(ARGV[2]) + tonumber(ARGV[3]) * 1000)
                  return 1",
            ),
        })
    }

    fn conn(&self) -> MultiplexedConnection {
        self.conn.clone()
    }

    /// This node's channel, subscribed.
    pub async fn subscribe(&self) -> RedisResult<PubSubStream> {
        let mut pubsub = self.client.get_async_pubsub().await?;
        pubsub.subscribe(channel(&self.node)).await?;
        Ok(pubsub.into_on_message())
    }

    /// A connection number no other node uses.
    pub async fn next_conn(&self) -> RedisResult<u32> {
        let n: u64 = redis::cmd("INCR")
            .arg("wr:conns")
            .query_async(&mut self.conn())
            .await?;
        Ok((n % u64::from(u32::MAX)) as u32 + 1)
    }

    /// Keeps a new room with this node as its owner; `false` if its code is taken.
    pub async fn create(&self, code: &str, opening: &str, state: &str) -> RedisResult<bool> {
        let made: i64 = self
            .create
            .key(key(code, "open"))
            .key(key(code, "state"))
            .key(key(code, "owner"))
            .key(format!("wr:closed:{code}"))
            .arg(opening)
            .arg(state)
            .arg(&self.node)
            .arg(LEASE_MS)
            .invoke_async(&mut self.conn())
            .await?;
        Ok(made == 1)
    }

    /// Whether the room was closed for idleness.
    pub async fn closed(&self, code: &str) -> RedisResult<bool> {
        redis::cmd("EXISTS")
            .arg(format!("wr:closed:{code}"))
            .query_async(&mut self.conn())
            .await
    }

    /// Whether a room with this code is kept.
    pub async fn exists(&self, code: &str) -> RedisResult<bool> {
        redis::cmd("EXISTS")
            .arg(key(code, "open"))
            .query_async(&mut self.conn())
            .await
    }

    /// Everything kept of a room.
    pub async fn load(&self, code: &str) -> RedisResult<Option<Kept>> {
        let (opening, state, actions): (Option<String>, Option<String>, Vec<String>) =
            redis::pipe()
                .get(key(code, "open"))
                .get(key(code, "state"))
                .lrange(key(code, "actions"), 0, -1)
                .query_async(&mut self.conn())
                .await?;
        Ok(match (opening, state) {
            (Some(opening), Some(state)) => Some(Kept {
                opening,
                state,
                actions,
            }),
            _ => None,
        })
    }

    /// The node running a room, if any.
    pub async fn owner(&self, code: &str) -> RedisResult<Option<String>> {
        redis::cmd("GET")
            .arg(key(code, "owner"))
            .query_async(&mut self.conn())
            .await
    }

    /// Becomes the room's owner if it has none.
    pub async fn acquire(&self, code: &str) -> RedisResult<bool> {
        let set: Option<String> = redis::cmd("SET")
            .arg(key(code, "owner"))
            .arg(&self.node)
            .arg("NX")
            .arg("PX")
            .arg(LEASE_MS)
            .query_async(&mut self.conn())
            .await?;
        Ok(set.is_some())
    }

    /// Frees a room whose owner `dead` is gone (its channel has no subscriber).
    pub async fn free(&self, code: &str, dead: &str) -> RedisResult<bool> {
        let freed: i64 = self
            .steal
            .key(key(code, "owner"))
            .arg(dead)
            .invoke_async(&mut self.conn())
            .await?;
        Ok(freed == 1)
    }

    /// Appends `actions` at position `from` and keeps `state`, if this node still runs the
    /// room and nothing was appended since; `false` if it does not (the room is lost).
    pub async fn write(
        &self,
        code: &str,
        from: usize,
        actions: &[String],
        state: Option<&str>,
    ) -> RedisResult<bool> {
        let mut call = self.write.prepare_invoke();
        call.key(key(code, "owner"))
            .key(key(code, "actions"))
            .key(key(code, "state"))
            .arg(&self.node)
            .arg(LEASE_MS)
            .arg(from)
            .arg(state.unwrap_or(""));
        for a in actions {
            call.arg(a);
        }
        let done: i64 = call.invoke_async(&mut self.conn()).await?;
        Ok(done == 1)
    }

    /// Renews this node's lease on `codes`; for each, whether it still runs it.
    pub async fn renew(&self, codes: &[String]) -> RedisResult<Vec<bool>> {
        if codes.is_empty() {
            return Ok(Vec::new());
        }
        let mut call = self.renew.prepare_invoke();
        for c in codes {
            call.key(key(c, "owner"));
        }
        call.arg(&self.node).arg(LEASE_MS);
        let kept: Vec<i64> = call.invoke_async(&mut self.conn()).await?;
        Ok(kept.into_iter().map(|k| k == 1).collect())
    }

    /// A script over all of a room's keys (owner, opening, state, actions, closed mark), run
    /// as this node.
    fn over_room<'a>(&self, script: &'a Script, code: &str) -> redis::ScriptInvocation<'a> {
        let mut call = script.prepare_invoke();
        for part in ["owner", "open", "state", "actions"] {
            call.key(key(code, part));
        }
        call.key(format!("wr:closed:{code}")).arg(&self.node);
        call
    }

    /// Closes an idle room this node runs: its code says so afterwards.
    pub async fn close(&self, code: &str) -> RedisResult<()> {
        let _: i64 = self
            .over_room(&self.close, code)
            .arg(CLOSED_SECS)
            .invoke_async(&mut self.conn())
            .await?;
        Ok(())
    }

    /// Lets go of a room nobody is in (this node must run it): Redis keeps it for
    /// `remaining_ms`, then it is closed; any node may take it up before that.
    pub async fn set_aside(&self, code: &str, remaining_ms: u64) -> RedisResult<bool> {
        let done: i64 = self
            .over_room(&self.set_aside, code)
            .arg(remaining_ms)
            .arg(CLOSED_SECS)
            .invoke_async(&mut self.conn())
            .await?;
        Ok(done == 1)
    }

    /// A room taken up again: it no longer expires, and its code is not "closed".
    pub async fn wake(&self, code: &str) -> RedisResult<()> {
        let mut pipe = redis::pipe();
        for part in ["open", "state", "actions"] {
            pipe.cmd("PERSIST").arg(key(code, part)).ignore();
        }
        pipe.cmd("DEL").arg(format!("wr:closed:{code}")).ignore();
        pipe.query_async::<()>(&mut self.conn()).await
    }

    /// Whether node `node` is there (its channel has a subscriber).
    pub async fn alive(&self, node: &str) -> RedisResult<bool> {
        let (_, n): (String, i64) = redis::cmd("PUBSUB")
            .arg("NUMSUB")
            .arg(channel(node))
            .query_async(&mut self.conn())
            .await?;
        Ok(n > 0)
    }

    /// Sends `bytes` to node `node`.
    pub async fn publish(&self, node: &str, bytes: &[u8]) -> RedisResult<i64> {
        redis::cmd("PUBLISH")
            .arg(channel(node))
            .arg(bytes)
            .query_async(&mut self.conn())
            .await
    }
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
