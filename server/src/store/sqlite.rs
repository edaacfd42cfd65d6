//! Rooms kept on disk: an embedded SQLite database (`--data DIR`, file `rooms.sqlite3`, WAL),
//! the default. One thread owns the database and commits what the rooms ask in groups: every
//! write that arrived while the last commit ran goes into the next transaction, so many rooms'
//! actions cost one commit, and each caller hears back only once its write is committed.
//!
//! A lock file (`DIR/rooms.lock`) keeps a second server from using the same folder. After a
//! crash (or `kill -9`) nothing that was answered is lost: a committed WAL transaction is in
//! the file even if the process dies the next moment. Rooms that were running when the
//! server stopped are kept as set aside: closed after the idle time unless someone comes back.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc};

use async_trait::async_trait;
use rusqlite::{params, Connection, OptionalExtension};
use tokio::sync::oneshot;

use super::{Found, Kept, RoomStore, StoreError, CLOSED_MS, DUE_AT_ONCE};
use crate::now_ms;
use worlds_table::room::RoomState;

/// The database's file in the data folder.
pub const FILE: &str = "rooms.sqlite3";
/// Most writes in one transaction.
const GROUP: usize = 512;

/// One request to the database's thread: run inside the group's transaction, then answered
/// once the transaction is committed (or with the commit's error).
trait Job: Send {
    /// Runs the job; `false` if it failed (its savepoint is then rolled back).
    fn run(&mut self, db: &Connection) -> bool;
    fn answer(self: Box<Self>, committed: Result<(), Arc<rusqlite::Error>>);
}

struct Call<R, F> {
    work: Option<F>,
    result: Option<Result<R, rusqlite::Error>>,
    reply: Option<oneshot::Sender<Result<R, StoreError>>>,
}

impl<R: Send, F: FnOnce(&Connection) -> Result<R, rusqlite::Error> + Send> Job for Call<R, F> {
    fn run(&mut self, db: &Connection) -> bool {
        if let Some(work) = self.work.take() {
            self.result = Some(work(db));
        }
        matches!(self.result, Some(Ok(_)))
    }

    fn answer(mut self: Box<Self>, committed: Result<(), Arc<rusqlite::Error>>) {
        let Some(reply) = self.reply.take() else {
            return;
        };
        let result = match (committed, self.result.take()) {
            (Ok(()), Some(r)) => r.map_err(StoreError::from),
            (Err(why), _) => Err(StoreError::Commit(why)),
            (Ok(()), None) => Err(StoreError::Stopped),
        };
        let _ = reply.send(result);
    }
}

/// Rooms on disk.
pub struct SqliteStore {
    dir: PathBuf,
    jobs: mpsc::Sender<Box<dyn Job>>,
    /// Held while the server runs: no second server uses the folder.
    _lock: File,
}

fn schema(db: &Connection) -> rusqlite::Result<()> {
    db.execute_batch(
        "PRAGMA journal_mode = WAL;
         PRAGMA synchronous = NORMAL;
         CREATE TABLE IF NOT EXISTS rooms (
           code TEXT PRIMARY KEY,
           opening TEXT NOT NULL,
           state TEXT NOT NULL,
           actions INTEGER NOT NULL DEFAULT 0,
           closes_at INTEGER
         ) WITHOUT ROWID;
         CREATE TABLE IF NOT EXISTS actions (
           code TEXT NOT NULL,
           n INTEGER NOT NULL,
           action TEXT NOT NULL,
           PRIMARY KEY (code, n)
         ) WITHOUT ROWID;
         CREATE TABLE IF NOT EXISTS closed (
           code TEXT PRIMARY KEY,
           until INTEGER NOT NULL
         ) WITHOUT ROWID;
         CREATE TABLE IF NOT EXISTS server_keys (
           name TEXT PRIMARY KEY,
           value TEXT NOT NULL
         ) WITHOUT ROWID;",
    )?;
    let version: i64 = db.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if version < 2 {
        // 2 (issue 61): when a set-aside room's turn clock runs out (an index, so a sweep
        // finds the rooms due without a walk over every room), and when a room was closed.
        db.execute_batch(
            "ALTER TABLE rooms ADD COLUMN wakes_at INTEGER;
             CREATE INDEX IF NOT EXISTS rooms_wakes_at ON rooms (wakes_at)
               WHERE wakes_at IS NOT NULL;
             ALTER TABLE closed ADD COLUMN at INTEGER;",
        )?;
    }
    if version < 3 {
        // 3 (issue 64): the reason the server's operator gave for closing a room.
        db.execute_batch("ALTER TABLE closed ADD COLUMN reason TEXT;")?;
    }
    db.execute_batch("PRAGMA user_version = 3;")
}

fn close_room(db: &Connection, code: &str, now: u64, reason: Option<&str>) -> rusqlite::Result<()> {
    db.prepare_cached("DELETE FROM actions WHERE code = ?1")?
        .execute([code])?;
    db.prepare_cached("DELETE FROM rooms WHERE code = ?1")?
        .execute([code])?;
    db.prepare_cached(
        "INSERT OR REPLACE INTO closed (code, until, at, reason) VALUES (?1, ?2, ?3, ?4)",
    )?
    .execute(params![code, (now + CLOSED_MS) as i64, now as i64, reason])?;
    Ok(())
}

/// Rooms a server ran when it stopped without setting them aside (a crash, `kill -9`) are set
/// aside for `idle_ms`; one with a turn timer is taken up again when its clock runs out (or at
/// once, to see what is due), as if it had been set aside on time.
fn set_aside_on_open(db: &Connection, now: u64, idle_ms: u64) -> rusqlite::Result<()> {
    let running = db
        .prepare("SELECT code, state FROM rooms WHERE closes_at IS NULL")?
        .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?
        .collect::<Result<Vec<_>, _>>()?;
    let mut put = db.prepare("UPDATE rooms SET closes_at = ?1, wakes_at = ?2 WHERE code = ?3")?;
    for (code, state) in running {
        let wakes_at = serde_json::from_str::<RoomState>(&state)
            .ok()
            .filter(|s| !s.clock.timer.is_off())
            .map(|s| s.clock.running.map_or(now, |r| r.deadline_ms));
        put.execute(params![
            (now + idle_ms) as i64,
            wakes_at.map(|t| t as i64),
            code
        ])?;
    }
    Ok(())
}

/// The database's thread: takes every job waiting, runs them in one transaction (each in its
/// own savepoint, so one that fails undoes only itself), commits, answers them.
fn serve(mut db: Connection, jobs: mpsc::Receiver<Box<dyn Job>>) {
    while let Ok(first) = jobs.recv() {
        let mut group = vec![first];
        while group.len() < GROUP {
            match jobs.try_recv() {
                Ok(j) => group.push(j),
                Err(_) => break,
            }
        }
        let committed = (|| {
            let mut tx = db.transaction()?;
            for job in &mut group {
                let sp = tx.savepoint()?;
                if job.run(&sp) {
                    sp.commit()?;
                }
            }
            tx.commit()
        })()
        .map_err(Arc::new);
        for job in group {
            job.answer(committed.clone());
        }
    }
}

impl SqliteStore {
    /// Opens (or makes) the database in `dir`. Rooms kept there that no server runs now are
    /// set aside for `idle_ms`: closed then, unless someone comes back.
    pub fn open(dir: &Path, idle_ms: u64) -> Result<SqliteStore, StoreError> {
        let shown = dir.display().to_string();
        let folder = |why| StoreError::Folder {
            dir: shown.clone(),
            why,
        };
        std::fs::create_dir_all(dir).map_err(folder)?;
        let lock = File::create(dir.join("rooms.lock")).map_err(folder)?;
        if lock.try_lock().is_err() {
            return Err(StoreError::InUse(shown));
        }
        let db = Connection::open(dir.join(FILE))?;
        schema(&db)?;
        set_aside_on_open(&db, now_ms(), idle_ms)?;
        let (jobs, queue) = mpsc::channel::<Box<dyn Job>>();
        std::thread::Builder::new()
            .name("rooms-db".into())
            .spawn(move || serve(db, queue))
            .map_err(folder)?;
        Ok(SqliteStore {
            dir: dir.to_path_buf(),
            jobs,
            _lock: lock,
        })
    }

    async fn call<R: Send + 'static>(
        &self,
        work: impl FnOnce(&Connection) -> Result<R, rusqlite::Error> + Send + 'static,
    ) -> Result<R, StoreError> {
        let (reply, answer) = oneshot::channel();
        let job: Box<dyn Job> = Box::new(Call {
            work: Some(work),
            result: None,
            reply: Some(reply),
        });
        self.jobs.send(job).map_err(|_| StoreError::Stopped)?;
        answer.await.map_err(|_| StoreError::Stopped)?
    }
}

#[async_trait]
impl RoomStore for SqliteStore {
    fn describe(&self) -> String {
        format!("rooms on disk in {}", self.dir.join(FILE).display())
    }

    async fn create(&self, code: &str, opening: &str, state: &str) -> Result<bool, StoreError> {
        let (code, opening, state) = (code.to_string(), opening.to_string(), state.to_string());
        self.call(move |db| {
            let closed: Option<i64> = db
                .prepare_cached("SELECT 1 FROM closed WHERE code = ?1")?
                .query_row([&code], |r| r.get(0))
                .optional()?;
            if closed.is_some() {
                return Ok(false);
            }
            let made = db
                .prepare_cached(
                    "INSERT OR IGNORE INTO rooms (code, opening, state) VALUES (?1, ?2, ?3)",
                )?
                .execute(params![code, opening, state])?;
            Ok(made == 1)
        })
        .await
    }

    async fn write(
        &self,
        code: &str,
        from: usize,
        actions: &[String],
        state: Option<&str>,
    ) -> Result<bool, StoreError> {
        let code = code.to_string();
        let actions = actions.to_vec();
        let state = state.map(str::to_string);
        self.call(move |db| {
            let moved = db
                .prepare_cached(
                    "UPDATE rooms SET actions = actions + ?1, state = COALESCE(?2, state)
                     WHERE code = ?3 AND actions = ?4",
                )?
                .execute(params![actions.len() as i64, state, code, from as i64])?;
            if moved != 1 {
                return Ok(false);
            }
            let mut add =
                db.prepare_cached("INSERT INTO actions (code, n, action) VALUES (?1, ?2, ?3)")?;
            for (i, a) in actions.iter().enumerate() {
                add.execute(params![code, (from + i) as i64, a])?;
            }
            Ok(true)
        })
        .await
    }

    async fn load(&self, code: &str) -> Result<Option<Kept>, StoreError> {
        let code = code.to_string();
        self.call(move |db| {
            let Some((opening, state)) = db
                .prepare_cached("SELECT opening, state FROM rooms WHERE code = ?1")?
                .query_row([&code], |r| Ok((r.get(0)?, r.get(1)?)))
                .optional()?
            else {
                return Ok(None);
            };
            let actions = db
                .prepare_cached("SELECT action FROM actions WHERE code = ?1 ORDER BY n")?
                .query_map([&code], |r| r.get(0))?
                .collect::<Result<Vec<String>, _>>()?;
            Ok(Some(Kept {
                opening,
                state,
                actions,
            }))
        })
        .await
    }

    async fn find(&self, code: &str) -> Result<Found, StoreError> {
        let code = code.to_string();
        self.call(move |db| {
            let kept: Option<i64> = db
                .prepare_cached("SELECT 1 FROM rooms WHERE code = ?1")?
                .query_row([&code], |r| r.get(0))
                .optional()?;
            if kept.is_some() {
                return Ok(Found::Kept);
            }
            let closed: Option<(Option<i64>, Option<String>)> = db
                .prepare_cached("SELECT at, reason FROM closed WHERE code = ?1")?
                .query_row([&code], |r| Ok((r.get(0)?, r.get(1)?)))
                .optional()?;
            Ok(if let Some((at, reason)) = closed {
                Found::Closed {
                    at_ms: at.map(|t| t.max(0) as u64),
                    reason,
                }
            } else {
                Found::Unknown
            })
        })
        .await
    }

    async fn close(&self, code: &str, reason: Option<&str>) -> Result<(), StoreError> {
        let code = code.to_string();
        let reason = reason.map(str::to_string);
        self.call(move |db| close_room(db, &code, now_ms(), reason.as_deref()))
            .await
    }

    async fn set_aside(
        &self,
        code: &str,
        remaining_ms: u64,
        wakes_at: Option<u64>,
    ) -> Result<bool, StoreError> {
        let code = code.to_string();
        self.call(move |db| {
            let n = db
                .prepare_cached("UPDATE rooms SET closes_at = ?1, wakes_at = ?2 WHERE code = ?3")?
                .execute(params![
                    (now_ms() + remaining_ms) as i64,
                    wakes_at.map(|t| t as i64),
                    code
                ])?;
            Ok(n == 1)
        })
        .await
    }

    async fn due(&self, now: u64) -> Result<Vec<String>, StoreError> {
        self.call(move |db| {
            db.prepare_cached(
                "SELECT code FROM rooms WHERE wakes_at IS NOT NULL AND wakes_at <= ?1
                 ORDER BY wakes_at LIMIT ?2",
            )?
            .query_map(params![now as i64, DUE_AT_ONCE as i64], |r| r.get(0))?
            .collect()
        })
        .await
    }

    async fn wake(&self, code: &str) -> Result<(), StoreError> {
        let code = code.to_string();
        self.call(move |db| {
            db.prepare_cached(
                "UPDATE rooms SET closes_at = NULL, wakes_at = NULL WHERE code = ?1",
            )?
            .execute([code])?;
            Ok(())
        })
        .await
    }

    async fn server_key(&self, name: &str, fresh: &str) -> Result<String, StoreError> {
        let (name, fresh) = (name.to_string(), fresh.to_string());
        self.call(move |db| {
            db.prepare_cached("INSERT OR IGNORE INTO server_keys (name, value) VALUES (?1, ?2)")?
                .execute(params![name, fresh])?;
            db.prepare_cached("SELECT value FROM server_keys WHERE name = ?1")?
                .query_row([name], |r| r.get::<_, String>(0))
        })
        .await
    }

    async fn count(&self) -> Result<u64, StoreError> {
        self.call(|db| {
            db.prepare_cached("SELECT COUNT(*) FROM rooms")?
                .query_row([], |r| r.get::<_, i64>(0))
                .map(|n| n.max(0) as u64)
        })
        .await
    }

    async fn sweep(&self, now: u64) -> Result<(), StoreError> {
        self.call(move |db| {
            let due = db
                .prepare_cached(
                    "SELECT code FROM rooms WHERE closes_at IS NOT NULL AND closes_at <= ?1",
                )?
                .query_map([now as i64], |r| r.get::<_, String>(0))?
                .collect::<Result<Vec<_>, _>>()?;
            for code in due {
                close_room(db, &code, now, None)?;
            }
            db.prepare_cached("DELETE FROM closed WHERE until <= ?1")?
                .execute([now as i64])?;
            Ok(())
        })
        .await
    }

    async fn ready(&self) -> Result<(), StoreError> {
        let dir = self.dir.clone();
        let wrote = tokio::task::spawn_blocking(move || write_and_remove(&dir));
        match tokio::time::timeout(READY_WITHIN, wrote).await {
            Err(_) => return Err(StoreError::Slow(READY_WITHIN)),
            Ok(Err(_)) => return Err(StoreError::Stopped),
            Ok(Ok(Err(why))) => {
                return Err(StoreError::Folder {
                    dir: self.dir.display().to_string(),
                    why,
                })
            }
            Ok(Ok(Ok(()))) => {}
        }
        let answered = self.call(|db| db.query_row("SELECT 1", [], |r| r.get::<_, i64>(0)));
        tokio::time::timeout(READY_WITHIN, answered)
            .await
            .map_err(|_| StoreError::Slow(READY_WITHIN))??;
        Ok(())
    }
}

/// How long the readiness check waits for the folder and the database.
const READY_WITHIN: std::time::Duration = std::time::Duration::from_secs(2);

/// A real write in the data folder (a file written to disk and removed): a folder made
/// read-only, a full disk or a lost mount shows here before a room's move is refused.
fn write_and_remove(dir: &Path) -> std::io::Result<()> {
    use std::io::Write;
    let file = dir.join("ready.check");
    let mut f = File::create(&file)?;
    f.write_all(b"ready")?;
    f.sync_all()?;
    drop(f);
    std::fs::remove_file(&file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("worlds-db-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[tokio::test]
    async fn the_disk_store_keeps_its_contract() {
        let dir = folder("contract");
        let store = SqliteStore::open(&dir, 60_000).expect("opens");
        super::super::contract::keeps_opens_writes_and_closes(&store, now_ms()).await;
        super::super::contract::keeps_the_operators_reason(&store, now_ms()).await;
    }

    #[tokio::test]
    async fn what_was_written_is_there_after_the_server_stops_and_a_second_server_is_refused() {
        let dir = folder("reopen");
        {
            let store = SqliteStore::open(&dir, 60_000).expect("opens");
            assert!(store
                .create("K7QXM2PD", "{o}", "{s}")
                .await
                .expect("create"));
            let actions: Vec<String> = (0..300).map(|i| format!("{{\"n\":{i}}}")).collect();
            for (i, a) in actions.iter().enumerate() {
                assert!(store
                    .write("K7QXM2PD", i, std::slice::from_ref(a), Some("{s2}"))
                    .await
                    .expect("write"));
            }
            assert!(matches!(
                SqliteStore::open(&dir, 60_000),
                Err(StoreError::InUse(_))
            ));
        }
        // Give the database's thread its moment to end with the store.
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        let store = SqliteStore::open(&dir, 60_000).expect("opens again");
        let kept = store.load("K7QXM2PD").await.expect("load").expect("kept");
        assert_eq!(kept.state, "{s2}");
        assert_eq!(kept.actions.len(), 300);
        assert_eq!(kept.actions[299], "{\"n\":299}");
        // A room nobody ran since the restart is closed once its idle time has passed.
        store.sweep(now_ms() + 61_000).await.expect("sweep");
        assert!(matches!(
            store.find("K7QXM2PD").await.expect("find"),
            Found::Closed {
                at_ms: Some(_),
                reason: None
            }
        ));
    }

    #[tokio::test]
    async fn many_rooms_writing_at_once_are_committed_together_and_each_in_order() {
        let dir = folder("group");
        let store = std::sync::Arc::new(SqliteStore::open(&dir, 60_000).expect("opens"));
        let mut tasks = Vec::new();
        for r in 0..20 {
            let store = store.clone();
            tasks.push(tokio::spawn(async move {
                let code = format!("ROOM{r:04}");
                assert!(store.create(&code, "{}", "{}").await.expect("create"));
                for i in 0..50 {
                    let a = [format!("{i}")];
                    assert!(store.write(&code, i, &a, None).await.expect("write"));
                }
                code
            }));
        }
        for t in tasks {
            let code = t.await.expect("a task");
            let kept = store.load(&code).await.expect("load").expect("kept");
            let want: Vec<String> = (0..50).map(|i| i.to_string()).collect();
            assert_eq!(kept.actions, want);
        }
        assert_eq!(store.count().await.expect("count"), 20);
    }
}
