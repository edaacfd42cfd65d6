//! The way to one socket on this node: a bounded queue of messages and a kick that ends the
//! socket when its client does not read what is queued.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::ws::{Message, Utf8Bytes};
use tokio::sync::{mpsc, Notify};

/// Bytes as a WebSocket message: JSON as text, a part frame as binary (sharing the bytes, not
/// copying them).
pub fn message(bytes: Bytes) -> Message {
    if bytes.first() == Some(&b'{') {
        match Utf8Bytes::try_from(bytes) {
            Ok(text) => Message::Text(text),
            Err(_) => Message::Binary(Bytes::new()),
        }
    } else {
        Message::Binary(bytes)
    }
}

/// The way to one socket on this node: a bounded queue, and a kick that ends the socket when
/// its client does not read what is queued.
#[derive(Clone)]
pub struct Outbox {
    tx: mpsc::Sender<Message>,
    kick: Arc<Notify>,
}

/// The receiving end of an [`Outbox`], held by the socket's loop.
pub struct Inbox {
    pub rx: mpsc::Receiver<Message>,
    pub kick: Arc<Notify>,
}

impl Outbox {
    /// A socket's outbox holding at most `queue` messages.
    pub fn new(queue: usize) -> (Outbox, Inbox) {
        let (tx, rx) = mpsc::channel(queue.max(1));
        let kick = Arc::new(Notify::new());
        (
            Outbox {
                tx,
                kick: kick.clone(),
            },
            Inbox { rx, kick },
        )
    }

    /// Queues a message; a client whose queue is full is not reading: its socket is ended
    /// (it rejoins by its seat token and gets the game as it stands).
    pub fn deliver(&self, msg: Message) {
        if let Err(mpsc::error::TrySendError::Full(_)) = self.tx.try_send(msg) {
            self.kick.notify_one();
        }
    }

    /// Ends the socket after what was queued.
    pub fn close(&self) {
        self.deliver(Message::Close(None));
    }
}
