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
    Commit(String),
    #[error("the room database stopped")]
    Stopped,
}
