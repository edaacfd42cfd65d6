//! Where rooms are kept: one interface ([`RoomStore`]), three stores.
//!
//! - [`memory::MemoryStore`]: this process's memory (tests; `worlds serve --memory`);
//! - [`sqlite::SqliteStore`]: an embedded database in `--data DIR` (the default): rooms
//!   outlive a restart, a crash or `kill -9`;
//! - [`redis::RedisStore`]: Redis (`--redis URL`), shared by several nodes behind a load
//!   balancer; it is also their [`crate::cluster::Ownership`].
//!
//! A room is kept as its opening (title, board, lobby setup, written once), its state (who
//! sits where with their seat tokens, the game's seed, the host's record) and its numbered
//! actions. The engine is deterministic, so any server rebuilds the room by replaying them.
//! The socket loop and the rooms never ask which store is in use.

pub mod memory;
pub mod redis;
pub mod sqlite;

use async_trait::async_trait;

pub use crate::error::StoreError;

/// What a store keeps of one room.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept {
    pub opening: String,
    pub state: String,
    pub actions: Vec<String>,
}

/// What a store knows of a room code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// The room is kept.
    Kept,
    /// The room was closed at `at_ms` (the server's wall clock; `None` in records from
    /// before it was kept): by the server's operator for `reason`, or (`None`) because
    /// nobody was in it for too long; its code says so for [`CLOSED_MS`].
    Closed {
        at_ms: Option<u64>,
        reason: Option<String>,
    },
    /// No room has this code.
    Unknown,
}

/// How long a closed room's code says so (ms): 90 days, as rooms are kept for weeks.
pub const CLOSED_MS: u64 = 90 * 24 * 3600 * 1000;

/// Rooms woken at most at once by one sweep of [`RoomStore::due`].
pub const DUE_AT_ONCE: usize = 100;

/// Where rooms are kept. Every write is kept before anyone hears of what it holds.
#[async_trait]
pub trait RoomStore: Send + Sync {
    /// Where, in a few words, for the start-up line ("rooms on disk in worlds-data").
    fn describe(&self) -> String;

    /// Keeps a new room run by this server; `Ok(false)` if its code is taken (kept or closed).
    async fn create(&self, code: &str, opening: &str, state: &str) -> Result<bool, StoreError>;

    /// Appends `actions` at position `from` and keeps `state` (if given), in one step;
    /// `Ok(false)` if the room is not this server's to write any more (another node took it
    /// over, or its actions are not where this server expects them).
    async fn write(
        &self,
        code: &str,
        from: usize,
        actions: &[String],
        state: Option<&str>,
    ) -> Result<bool, StoreError>;

    /// Everything kept of a room.
    async fn load(&self, code: &str) -> Result<Option<Kept>, StoreError>;

    /// Whether a room is kept, closed or unknown.
    async fn find(&self, code: &str) -> Result<Found, StoreError>;

    /// Closes a room: its record goes, its code says "closed", and why: nobody was in it for
    /// too long (`reason` `None`), or the reason the server's operator gave.
    async fn close(&self, code: &str, reason: Option<&str>) -> Result<(), StoreError>;

    /// A room nobody is in leaves the server's memory: it is kept for `remaining_ms` more,
    /// then closed, unless someone comes back first ([`RoomStore::wake`]). A room whose turn
    /// timer runs out while it is set aside names when (`wakes_at`, the server's wall clock):
    /// from then on [`RoomStore::due`] lists it, so a server takes it up to play what is due.
    async fn set_aside(
        &self,
        code: &str,
        remaining_ms: u64,
        wakes_at: Option<u64>,
    ) -> Result<bool, StoreError>;

    /// Set-aside rooms whose wake time has come by `now_ms` (at most [`DUE_AT_ONCE`], the
    /// earliest first): an index of deadlines, not a walk over every room.
    async fn due(&self, now_ms: u64) -> Result<Vec<String>, StoreError>;

    /// A room taken up again: it is no longer to be closed.
    async fn wake(&self, code: &str) -> Result<(), StoreError>;

    /// How many rooms are kept (open or set aside).
    async fn count(&self) -> Result<u64, StoreError>;

    /// Closes set-aside rooms whose time ran out and forgets closed codes older than a week.
    async fn sweep(&self, now_ms: u64) -> Result<(), StoreError>;

    /// A secret of the server's kept under `name` (the VAPID key of Web Push): the one kept,
    /// or `fresh`, kept now if none was. Every node sharing the store gets the same one.
    async fn server_key(&self, name: &str, fresh: &str) -> Result<String, StoreError>;

    /// Whether the store takes writes now (`/readyz`): on disk, a file written in its folder
    /// and its database answering; Redis, a PING and this node's channel subscribed (so the
    /// other nodes see it as alive). Memory always does.
    async fn ready(&self) -> Result<(), StoreError> {
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod contract {
    //! What every store must do, run against each of them.
    use super::*;
    use crate::now_ms;

    pub async fn keeps_opens_writes_and_closes(store: &dyn RoomStore, now: u64) {
        let code = format!("TESTROOM{now}");
        assert_eq!(store.find(&code).await.expect("find"), Found::Unknown);
        assert!(store.create(&code, "{open}", "{s0}").await.expect("create"));
        assert!(
            !store.create(&code, "{other}", "{s}").await.expect("create"),
            "a taken code is refused"
        );
        assert_eq!(store.find(&code).await.expect("find"), Found::Kept);
        let before = store.count().await.expect("count");
        assert!(before >= 1);
        let a = ["\"a1\"".to_string(), "\"a2\"".to_string()];
        assert!(store
            .write(&code, 0, &a, Some("{s1}"))
            .await
            .expect("write"));
        // Not where it expects: refused, nothing appended.
        assert!(!store
            .write(&code, 1, &["\"x\"".to_string()], None)
            .await
            .expect("write"));
        assert!(store
            .write(&code, 2, &["\"a3\"".to_string()], None)
            .await
            .expect("write"));
        let kept = store.load(&code).await.expect("load").expect("kept");
        assert_eq!(kept.opening, "{open}");
        assert_eq!(kept.state, "{s1}");
        assert_eq!(kept.actions, vec!["\"a1\"", "\"a2\"", "\"a3\""]);
        // Set aside with a wake time: due once it has come, and no longer once woken.
        let wakes = now_ms() + 500;
        assert!(store
            .set_aside(&code, 1_000, Some(wakes))
            .await
            .expect("set aside"));
        assert!(!store.due(wakes - 1).await.expect("due").contains(&code));
        assert!(store.due(wakes).await.expect("due").contains(&code));
        // Set aside, then woken: still kept after its time would have run out.
        store.wake(&code).await.expect("wake");
        assert!(!store.due(wakes + 1).await.expect("due").contains(&code));
        assert!(store
            .set_aside(&code, 1_000, None)
            .await
            .expect("set aside"));
        store.wake(&code).await.expect("wake");
        store.sweep(now + 10_000).await.expect("sweep");
        assert_eq!(store.find(&code).await.expect("find"), Found::Kept);
        // Set aside and not woken: closed once its time is up.
        assert!(store
            .set_aside(&code, 1_000, Some(now + 500))
            .await
            .expect("set aside"));
        store.sweep(now + 1_001_000).await.expect("sweep");
        let found = store.find(&code).await.expect("find");
        assert!(
            matches!(found, Found::Closed { .. } | Found::Kept),
            "closed by the sweep, or (Redis) by its expiry later"
        );
        let before_close = now_ms();
        store.close(&code, None).await.expect("close");
        assert!(
            !store.due(u64::MAX / 2).await.expect("due").contains(&code),
            "a closed room is never woken"
        );
        match store.find(&code).await.expect("find") {
            Found::Closed {
                at_ms: Some(at),
                reason: None,
            } => assert!(
                at >= before_close && at <= now_ms(),
                "the closing time is kept: {at}"
            ),
            other => panic!("closed with its time, not {other:?}"),
        }
        assert!(store.load(&code).await.expect("load").is_none());
        assert!(
            !store.create(&code, "{open}", "{s0}").await.expect("create"),
            "a closed code is not given out again"
        );
        // The server's key: the first one kept stays.
        let name = format!("test-key-{now}");
        let first = store.server_key(&name, "first").await.expect("key");
        assert_eq!(first, "first");
        let again = store.server_key(&name, "second").await.expect("key");
        assert_eq!(again, "first", "a key once kept is kept");
        store.ready().await.expect("ready");
    }

    /// A room the server's operator closes keeps the reason with its closed code.
    pub async fn keeps_the_operators_reason(store: &dyn RoomStore, now: u64) {
        let code = format!("OPCLOSED{now}");
        assert!(store.create(&code, "{open}", "{s0}").await.expect("create"));
        store
            .close(&code, Some("Moving to a new machine"))
            .await
            .expect("close");
        match store.find(&code).await.expect("find") {
            Found::Closed {
                at_ms: Some(_),
                reason: Some(why),
            } => assert_eq!(why, "Moving to a new machine"),
            other => panic!("closed with the operator's reason, not {other:?}"),
        }
    }
}
