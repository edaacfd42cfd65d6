//! Why a store (or the cluster's ownership) could not do what was asked.

/// Why a store could not do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("Redis: {0}")]
    Redis(#[from] redis::RedisError),
    #[error("the room database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("the room database's folder {dir}: {why}")]
    Folder { dir: String, why: std::io::Error },
    #[error("another worlds serve keeps its rooms in {0}: give each server its own --data")]
    InUse(String),
    #[error("the room database could not commit: {0}")]
    Commit(std::sync::Arc<rusqlite::Error>),
    #[error("the room database stopped")]
    Stopped,
    #[error("the store did not answer within {0:?}")]
    Slow(std::time::Duration),
    #[error("this node's channel in Redis is not subscribed, so other nodes take it for gone")]
    Unsubscribed,
}

/// Why this node could not take up a room kept in the store (said to whoever asked for it:
/// "This room could not be opened again: ...").
#[derive(Debug, thiserror::Error)]
pub enum TakeUpError {
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("it is no longer kept")]
    NotKept,
    #[error("its record does not read: {0}")]
    Record(#[from] serde_json::Error),
    #[error("{0}")]
    Replay(#[from] worlds_table::room::OpenError),
    #[error("its replay stopped: {0}")]
    Stopped(#[from] tokio::task::JoinError),
}

/// Why this node should not be sent players now, in words (`/readyz`'s 503).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotReady {
    #[error("stopping: this node is letting its rooms go")]
    Stopping,
    /// The store's own error, in its words.
    #[error("the store takes no writes: {0}")]
    Store(String),
    #[error("the store did not answer within {0:?}")]
    Slow(std::time::Duration),
}
