//! Rooms kept in Redis (`worlds serve --redis redis://HOST:PORT`), so any node serves any room
//! and a room outlives the node that ran it. This store is also the nodes' [`Ownership`]: who
//! runs each room, by a lease in Redis.
//!
//! For each room (`CODE`), every key carries the hash tag `{CODE}`, so all of one room's keys
//! live in one slot and Redis Cluster accepts the scripts that touch them together:
//! - `wr:room:{CODE}:open`: the room as opened (title, board, lobby setup), written once;
//! - `wr:room:{CODE}:state`: who sits where with their seat tokens, the game's seed, the
//!   host's record;
//! - `wr:room:{CODE}:actions`: the game's actions, a list, one JSON action per entry;
//! - `wr:room:{CODE}:owner`: the node running the room and its fencing value (`NODE/7`), a key
//!   that expires after [`LEASE_MS`] unless that node renews it;
//! - `wr:room:{CODE}:fence`: a counter, one more at each takeover;
//! - `wr:closed:{CODE}`: a room closed (so its link says so), for [`CLOSED_MS`]; its value
//!   is when it was (or will be) closed, ms;
//! - `wr:closed:{CODE}:why`: the reason the server's operator gave, when it was them;
//! - `wr:rooms`: every kept room's code, scored by when it closes (for counting them);
//! - `wr:wakes`: set-aside rooms whose turn clock runs out, scored by when (the index
//!   [`RoomStore::due`] reads).
//!
//! An action is appended only by the room's owner holding the newest fencing value, and only
//! at the position it expects (a Lua script checks both), so two nodes can never both apply
//! one, and a node that lost the room (even one paused past its lease) stops at once. Nodes
//! talk by pub/sub, each on its own channel `wr:node:NODE`; a node whose channel has no
//! subscriber is gone.

use std::collections::HashMap;
use std::sync::Mutex;

use async_trait::async_trait;
use redis::aio::{MultiplexedConnection, PubSubStream};
use redis::{RedisResult, Script};
use tokio::sync::mpsc;

use super::{Found, Kept, RoomStore, StoreError, CLOSED_MS, DUE_AT_ONCE};
use crate::cluster::{Claim, Frame, Ownership};
use crate::{lock, now_ms};
use worlds_table::room::ConnId;

/// How long a room's owner key lives without renewal (ms).
pub const LEASE_MS: u64 = 4_000;
/// Frames waiting to be published to other nodes, at most.
const OUTBOX: usize = 65_536;

/// The key of one part of a room.
pub fn key(code: &str, part: &str) -> String {
    format!("wr:room:{{{code}}}:{part}")
}

fn closed_key(code: &str) -> String {
    format!("wr:closed:{{{code}}}")
}

fn why_key(code: &str) -> String {
    format!("wr:closed:{{{code}}}:why")
}

const ROOMS: &str = "wr:rooms";
const WAKES: &str = "wr:wakes";

/// A node's pub/sub channel.
pub fn channel(node: &str) -> String {
    format!("wr:node:{node}")
}

/// The node in an owner value (`NODE/FENCE`).
fn node_of(owner: &str) -> &str {
    owner.split('/').next().unwrap_or(owner)
}

/// This node's handle on Redis.
pub struct RedisStore {
    node: String,
    url: String,
    client: redis::Client,
    conn: MultiplexedConnection,
    /// The owner value (node and fencing value) of each room this node runs.
    held: Mutex<HashMap<String, String>>,
    outbox: mpsc::Sender<(String, Vec<u8>)>,
    scripts: Scripts,
}

struct Scripts {
    create: Script,
    acquire: Script,
    write: Script,
    renew: &'static str,
    steal: Script,
    close: Script,
    set_aside: Script,
    release: Script,
}

impl Scripts {
    fn new() -> Scripts {
        Scripts {
            // KEYS: open, state, owner, closed, fence. Returns the owner value, or nil.
            create: Script::new(
                r"if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[4]) == 1 then return false end
                  local owner = ARGV[3] .. '/' .. redis.call('INCR', KEYS[5])
                  redis.call('SET', KEYS[1], ARGV[1])
                  redis.call('SET', KEYS[2], ARGV[2])
                  redis.call('SET', KEYS[3], owner, 'PX', ARGV[4])
                  return owner",
            ),
            // KEYS: owner, fence. The owner value now (someone else's), or this node's new one.
            acquire: Script::new(
                r"local now = redis.call('GET', KEYS[1])
                  if now then return {0, now} end
                  local owner = ARGV[1] .. '/' .. redis.call('INCR', KEYS[2])
                  redis.call('SET', KEYS[1], owner, 'PX', ARGV[2])
                  return {1, owner}",
            ),
            write: Script::new(
                r"if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
                  if redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[3]) then return -1 end
                  for i = 5, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
                  if ARGV[4] ~= '' then redis.call('SET', KEYS[3], ARGV[4]) end
                  redis.call('PEXPIRE', KEYS[1], ARGV[2])
                  return 1",
            ),
            renew: r"if redis.call('GET', KEYS[1]) == ARGV[1] then
                       redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
                     return 0",
            steal: Script::new(
                r"if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) return 1 end
                  return 0",
            ),
            close: Script::new(
                r"if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
                  redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[6])
                  redis.call('SET', KEYS[5], ARGV[3], 'PX', ARGV[2])
                  if ARGV[4] ~= '' then redis.call('SET', KEYS[7], ARGV[4], 'PX', ARGV[2])
                  else redis.call('DEL', KEYS[7]) end
                  return 1",
            ),
            // The room's parts expire when it would be closed for being idle, and its code
            // says "closed" from then on; taking it up again (`wake`) undoes both.
            set_aside: Script::new(
                r"if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
                  redis.call('DEL', KEYS[1])
                  for _, i in ipairs({2, 3, 4, 6}) do redis.call('PEXPIRE', KEYS[i], ARGV[2]) end
                  redis.call('SET', KEYS[5], ARGV[4], 'PX', tonumber(ARGV[2]) + tonumber(ARGV[3]))
                  return 1",
            ),
            release: Script::new(
                r"if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) return 1 end
                  return 0",
            ),
        }
    }
}

impl RedisStore {
    /// Connects to `url` as node `node`; frames to other nodes are published in order by a
    /// task of their own.
    pub async fn connect(url: &str, node: String) -> RedisResult<RedisStore> {
        let client = redis::Client::open(url)?;
        let conn = client.get_multiplexed_async_connection().await?;
        let (outbox, mut queue) = mpsc::channel::<(String, Vec<u8>)>(OUTBOX);
        let mut publisher = conn.clone();
        tokio::spawn(async move {
            while let Some((node, bytes)) = queue.recv().await {
                let sent: RedisResult<i64> = redis::cmd("PUBLISH")
                    .arg(channel(&node))
                    .arg(bytes)
                    .query_async(&mut publisher)
                    .await;
                if let Err(e) = sent {
                    crate::log::warn(
                        "redis-publish",
                        format_args!("publishing to node {node}: {e}"),
                    );
                }
            }
        });
        Ok(RedisStore {
            node,
            url: url.to_string(),
            client,
            conn,
            held: Mutex::new(HashMap::new()),
            outbox,
            scripts: Scripts::new(),
        })
    }

    fn conn(&self) -> MultiplexedConnection {
        self.conn.clone()
    }

    /// This node's channel, subscribed: the frames other nodes send it.
    pub async fn subscribe(&self) -> RedisResult<PubSubStream> {
        let mut pubsub = self.client.get_async_pubsub().await?;
        pubsub.subscribe(channel(&self.node)).await?;
        Ok(pubsub.into_on_message())
    }

    /// The owner value this node holds for a room (an empty one if it holds none, which no
    /// script accepts).
    fn held(&self, code: &str) -> String {
        lock(&self.held).get(code).cloned().unwrap_or_default()
    }

    fn hold(&self, code: &str, owner: String) {
        lock(&self.held).insert(code.to_string(), owner);
    }

    fn let_go(&self, code: &str) {
        lock(&self.held).remove(code);
    }

    /// A script over all of a room's keys (owner, opening, state, actions, closed mark,
    /// fence), run as this room's owner.
    fn over_room<'a>(&self, script: &'a Script, code: &str) -> redis::ScriptInvocation<'a> {
        let mut call = script.prepare_invoke();
        for part in ["owner", "open", "state", "actions"] {
            call.key(key(code, part));
        }
        call.key(closed_key(code))
            .key(key(code, "fence"))
            .arg(self.held(code));
        call
    }

    async fn score(&self, code: &str, closes_at: Option<u64>) -> RedisResult<()> {
        let score = closes_at.map_or("+inf".to_string(), |t| t.to_string());
        redis::cmd("ZADD")
            .arg(ROOMS)
            .arg(score)
            .arg(code)
            .query_async(&mut self.conn())
            .await
    }
}

#[async_trait]
impl RoomStore for RedisStore {
    fn describe(&self) -> String {
        format!("rooms in Redis at {} as node {}", self.url, self.node)
    }

    async fn create(&self, code: &str, opening: &str, state: &str) -> Result<bool, StoreError> {
        let owner: Option<String> = self
            .scripts
            .create
            .key(key(code, "open"))
            .key(key(code, "state"))
            .key(key(code, "owner"))
            .key(closed_key(code))
            .key(key(code, "fence"))
            .arg(opening)
            .arg(state)
            .arg(&self.node)
            .arg(LEASE_MS)
            .invoke_async(&mut self.conn())
            .await?;
        let Some(owner) = owner else {
            return Ok(false);
        };
        self.hold(code, owner);
        self.score(code, None).await?;
        Ok(true)
    }

    async fn write(
        &self,
        code: &str,
        from: usize,
        actions: &[String],
        state: Option<&str>,
    ) -> Result<bool, StoreError> {
        let mut call = self.scripts.write.prepare_invoke();
        call.key(key(code, "owner"))
            .key(key(code, "actions"))
            .key(key(code, "state"))
            .arg(self.held(code))
            .arg(LEASE_MS)
            .arg(from)
            .arg(state.unwrap_or(""));
        for a in actions {
            call.arg(a);
        }
        let done: i64 = call.invoke_async(&mut self.conn()).await?;
        Ok(done == 1)
    }

    async fn load(&self, code: &str) -> Result<Option<Kept>, StoreError> {
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

    async fn find(&self, code: &str) -> Result<Found, StoreError> {
        let (kept, closed, reason): (bool, Option<String>, Option<String>) = redis::pipe()
            .exists(key(code, "open"))
            .get(closed_key(code))
            .get(why_key(code))
            .query_async(&mut self.conn())
            .await?;
        Ok(if kept {
            Found::Kept
        } else if let Some(at) = closed {
            // Marks from before the time was kept hold "1".
            Found::Closed {
                at_ms: at.parse().ok().filter(|&t| t > 1),
                reason,
            }
        } else {
            Found::Unknown
        })
    }

    async fn close(&self, code: &str, reason: Option<&str>) -> Result<(), StoreError> {
        let _: i64 = self
            .over_room(&self.scripts.close, code)
            .key(why_key(code))
            .arg(CLOSED_MS)
            .arg(now_ms())
            .arg(reason.unwrap_or(""))
            .invoke_async(&mut self.conn())
            .await?;
        self.let_go(code);
        redis::pipe()
            .zrem(ROOMS, code)
            .ignore()
            .zrem(WAKES, code)
            .ignore()
            .query_async::<()>(&mut self.conn())
            .await?;
        Ok(())
    }

    async fn set_aside(
        &self,
        code: &str,
        remaining_ms: u64,
        wakes_at: Option<u64>,
    ) -> Result<bool, StoreError> {
        let closes_at = now_ms() + remaining_ms;
        let done: i64 = self
            .over_room(&self.scripts.set_aside, code)
            .arg(remaining_ms)
            .arg(CLOSED_MS)
            .arg(closes_at)
            .invoke_async(&mut self.conn())
            .await?;
        self.let_go(code);
        if done == 1 {
            self.score(code, Some(closes_at)).await?;
            let mut pipe = redis::pipe();
            match wakes_at {
                Some(t) => pipe.zadd(WAKES, code, t).ignore(),
                None => pipe.zrem(WAKES, code).ignore(),
            };
            pipe.query_async::<()>(&mut self.conn()).await?;
        }
        Ok(done == 1)
    }

    async fn due(&self, now: u64) -> Result<Vec<String>, StoreError> {
        Ok(redis::cmd("ZRANGEBYSCORE")
            .arg(WAKES)
            .arg("-inf")
            .arg(now)
            .arg("LIMIT")
            .arg(0)
            .arg(DUE_AT_ONCE)
            .query_async(&mut self.conn())
            .await?)
    }

    async fn wake(&self, code: &str) -> Result<(), StoreError> {
        let mut pipe = redis::pipe();
        for part in ["open", "state", "actions", "fence"] {
            pipe.cmd("PERSIST").arg(key(code, part)).ignore();
        }
        pipe.cmd("DEL").arg(closed_key(code)).ignore();
        pipe.zrem(WAKES, code).ignore();
        pipe.query_async::<()>(&mut self.conn()).await?;
        self.score(code, None).await?;
        Ok(())
    }

    async fn server_key(&self, name: &str, fresh: &str) -> Result<String, StoreError> {
        // `wr:vapid`: the first node to start keeps its key (SET NX); every node reads it.
        let key = format!("wr:{name}");
        let (kept,): (String,) = redis::pipe()
            .cmd("SET")
            .arg(&key)
            .arg(fresh)
            .arg("NX")
            .ignore()
            .cmd("GET")
            .arg(&key)
            .query_async(&mut self.conn())
            .await?;
        Ok(kept)
    }

    async fn count(&self) -> Result<u64, StoreError> {
        Ok(redis::cmd("ZCARD")
            .arg(ROOMS)
            .query_async(&mut self.conn())
            .await?)
    }

    async fn sweep(&self, now: u64) -> Result<(), StoreError> {
        // The rooms' own keys expire by themselves; only the count's entries are swept, and
        // the wake times of rooms that expired.
        let expired: Vec<String> = redis::cmd("ZRANGEBYSCORE")
            .arg(ROOMS)
            .arg(0)
            .arg(now)
            .query_async(&mut self.conn())
            .await?;
        if !expired.is_empty() {
            redis::pipe()
                .zrem(ROOMS, &expired)
                .ignore()
                .zrem(WAKES, &expired)
                .ignore()
                .query_async::<()>(&mut self.conn())
                .await?;
        }
        Ok(())
    }

    async fn ready(&self) -> Result<(), StoreError> {
        let (_, (_, listeners)): (String, (String, i64)) = redis::pipe()
            .cmd("PING")
            .cmd("PUBSUB")
            .arg("NUMSUB")
            .arg(channel(&self.node))
            .query_async(&mut self.conn())
            .await?;
        if listeners < 1 {
            return Err(StoreError::Unsubscribed);
        }
        Ok(())
    }
}

#[async_trait]
impl Ownership for RedisStore {
    fn node(&self) -> &str {
        &self.node
    }

    async fn next_conn(&self) -> Result<ConnId, StoreError> {
        let n: u64 = redis::cmd("INCR")
            .arg("wr:conns")
            .query_async(&mut self.conn())
            .await?;
        Ok((n % u64::from(u32::MAX)) as u32 + 1)
    }

    async fn claim(&self, code: &str) -> Result<Claim, StoreError> {
        let (mine, owner): (i64, String) = self
            .scripts
            .acquire
            .key(key(code, "owner"))
            .key(key(code, "fence"))
            .arg(&self.node)
            .arg(LEASE_MS)
            .invoke_async(&mut self.conn())
            .await?;
        if mine == 1 {
            self.hold(code, owner);
            return Ok(Claim::Here);
        }
        let node = node_of(&owner).to_string();
        if node == self.node {
            // A lease this node holds from before (it forgot the room a moment ago): the
            // old fencing value is dropped and a new one taken.
            let _: i64 = self
                .scripts
                .steal
                .key(key(code, "owner"))
                .arg(&owner)
                .invoke_async(&mut self.conn())
                .await?;
            return Ok(Claim::Retry);
        }
        if self.alive(&node).await? {
            return Ok(Claim::At(node));
        }
        // Its node is gone: free the room, and the next try takes it.
        let _: i64 = self
            .scripts
            .steal
            .key(key(code, "owner"))
            .arg(&owner)
            .invoke_async(&mut self.conn())
            .await?;
        Ok(Claim::Retry)
    }

    async fn renew(&self, codes: &[String]) -> Result<Vec<bool>, StoreError> {
        if codes.is_empty() {
            return Ok(Vec::new());
        }
        // One script per room (a room's keys are in one slot; several rooms' are not).
        let mut pipe = redis::pipe();
        for c in codes {
            pipe.cmd("EVAL")
                .arg(self.scripts.renew)
                .arg(1)
                .arg(key(c, "owner"))
                .arg(self.held(c))
                .arg(LEASE_MS);
        }
        let kept: Vec<i64> = pipe.query_async(&mut self.conn()).await?;
        let kept: Vec<bool> = kept.into_iter().map(|k| k == 1).collect();
        for (c, k) in codes.iter().zip(&kept) {
            if !k {
                self.let_go(c);
            }
        }
        Ok(kept)
    }

    async fn release(&self, code: &str) -> Result<(), StoreError> {
        let _: i64 = self
            .scripts
            .release
            .key(key(code, "owner"))
            .arg(self.held(code))
            .invoke_async(&mut self.conn())
            .await?;
        self.let_go(code);
        Ok(())
    }

    async fn alive(&self, node: &str) -> Result<bool, StoreError> {
        if node == self.node {
            return Ok(true);
        }
        let (_, n): (String, i64) = redis::cmd("PUBSUB")
            .arg("NUMSUB")
            .arg(channel(node))
            .query_async(&mut self.conn())
            .await?;
        Ok(n > 0)
    }

    async fn runner(&self, code: &str) -> Result<Option<String>, StoreError> {
        let owner: Option<String> = redis::cmd("GET")
            .arg(key(code, "owner"))
            .query_async(&mut self.conn())
            .await?;
        Ok(owner.map(|o| node_of(&o).to_string()))
    }

    fn send(&self, node: &str, frame: &Frame) {
        if self
            .outbox
            .try_send((node.to_string(), frame.encode()))
            .is_err()
        {
            crate::log::warn(
                "redis-outbox",
                format_args!("the frames to other nodes are {OUTBOX} behind: one was dropped"),
            );
        }
    }
}
