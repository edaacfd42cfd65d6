//! The thin transport under rooms on a server: one WebSocket to the room server, over web-sys.
//! It moves bytes and says when the socket opens and closes; what the bytes mean is
//! `worlds_table`'s business (the room's messages, then the host's), and nothing from the
//! network is rendered here. A JSON message goes as a text frame, anything else as binary.
//!
//! Reconnecting is the caller's: a closed socket is done, and [`Socket::open`] makes a new
//! one (the room module waits longer after each failure).

use crate::common::transport::TransportError;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{BinaryType, MessageEvent, WebSocket};

/// An open (or opening) WebSocket and the handlers that keep it going.
pub struct Socket {
    ws: WebSocket,
    _open: Closure<dyn FnMut()>,
    _close: Closure<dyn FnMut()>,
    _message: Closure<dyn FnMut(MessageEvent)>,
}

impl Socket {
    /// Opens a socket to `url`; `on_open` when it opens, `on_message` with every frame's
    /// bytes, `on_close` once when it closes or fails.
    pub fn open(
        url: &str,
        on_open: impl Fn() + 'static,
        on_message: impl Fn(Vec<u8>) + 'static,
        on_close: impl Fn() + 'static,
    ) -> Result<Socket, TransportError> {
        let ws = WebSocket::new(url).map_err(|_| TransportError::NoSocket {
            url: url.to_string(),
        })?;
        ws.set_binary_type(BinaryType::Arraybuffer);
        let open = Closure::<dyn FnMut()>::new(on_open);
        let closed = std::rc::Rc::new(std::cell::Cell::new(false));
        let close = Closure::<dyn FnMut()>::new(move || {
            // `error` and `close` both come for a failed socket: said once.
            if !closed.replace(true) {
                on_close();
            }
        });
        let message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
            let data = ev.data();
            if let Some(text) = data.as_string() {
                on_message(text.into_bytes());
            } else if let Ok(buffer) = data.dyn_into::<js_sys::ArrayBuffer>() {
                on_message(js_sys::Uint8Array::new(&buffer).to_vec());
            }
        });
        ws.set_onopen(Some(open.as_ref().unchecked_ref()));
        ws.set_onclose(Some(close.as_ref().unchecked_ref()));
        ws.set_onerror(Some(close.as_ref().unchecked_ref()));
        ws.set_onmessage(Some(message.as_ref().unchecked_ref()));
        Ok(Socket {
            ws,
            _open: open,
            _close: close,
            _message: message,
        })
    }

    /// Whether messages can go now.
    pub fn is_open(&self) -> bool {
        self.ws.ready_state() == WebSocket::OPEN
    }

    /// Sends a message: JSON as text, anything else as binary. `false`: the socket is not
    /// open (the message is lost; the room's protocol asks again).
    pub fn send(&self, bytes: &[u8]) -> bool {
        if !self.is_open() {
            return false;
        }
        let sent = match std::str::from_utf8(bytes) {
            Ok(text) if bytes.first() == Some(&b'{') => self.ws.send_with_str(text),
            _ => self.ws.send_with_u8_array(bytes),
        };
        sent.is_ok()
    }

    /// Closes the socket without calling its handlers again.
    pub fn close(&self) {
        self.ws.set_onopen(None);
        self.ws.set_onclose(None);
        self.ws.set_onerror(None);
        self.ws.set_onmessage(None);
        let _ = self.ws.close();
    }
}

impl Drop for Socket {
    fn drop(&mut self) {
        self.close();
    }
}
