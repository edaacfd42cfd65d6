//! The thin transport under "Play across devices" (docs/DESIGN.md): one WebRTC peer connection
//! with one data channel, over web-sys. It moves bytes and reports the link's state; what the
//! bytes mean is `worlds_table`'s business, and nothing from the network is rendered here.
//!
//! - Host: [`Peer::offer`] gives the offer's essentials for an invite link; when the reply
//!   comes back, [`Peer::accept_answer`].
//! - Guest: [`Peer::answer`] on the invite's offer gives the answer's essentials for the
//!   reply link.
//! - Both: [`Peer::on_state`], [`Peer::on_message`], [`Peer::send`], [`Peer::close`].
//!
//! The data channel is negotiated (`negotiated: true`, id 0, ordered) on both sides, so
//! neither waits for `ondatachannel`; the packed signal of `worlds_table::signal` carries only
//! ICE, DTLS and candidates, and the SDP it rebuilds opens SCTP for exactly this channel.
//! There is no trickle ICE: each side waits until its candidates are gathered (at most
//! [`GATHER_TIMEOUT_MS`]) so that one link each way is all the signalling there is.

use std::cell::{Cell, RefCell};
use std::fmt;
use std::rc::Rc;

use js_sys::{Array, ArrayBuffer, Promise, Reflect, Uint8Array};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelInit, RtcDataChannelState,
    RtcDataChannelType, RtcIceGatheringState, RtcIceServer, RtcPeerConnection,
    RtcPeerConnectionState, RtcSdpType, RtcSessionDescriptionInit,
};
use worlds_table::signal::{SdpKind, SignalEssentials};

/// How long to wait for ICE gathering before using the candidates found so far.
pub const GATHER_TIMEOUT_MS: i32 = 4_000;

/// The one data channel's id, the same on both sides (it is negotiated, not announced).
const CHANNEL_ID: u16 = 0;

/// Messages that arrive before [`Peer::on_message`] is set are kept, up to this many.
const EARLY_MESSAGES: usize = 64;

/// The state of the link, as a player would be told it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkState {
    /// Not open yet: signalling, ICE checks or the DTLS/SCTP handshake are under way.
    Connecting,
    /// The data channel is open: messages go both ways.
    Open,
    /// The connection was lost for now (`connectionState` "disconnected"); the browser keeps
    /// trying and it may come back to [`LinkState::Open`].
    Reconnecting,
    /// Over for good: the connection failed or was closed, or the channel closed. A new
    /// invite is needed.
    Closed,
}

/// Why the transport could not do what was asked, in a sentence a player can read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TransportError {
    /// No `RTCPeerConnection` in this browser (or it is turned off).
    Unsupported,
    /// Setting up the connection failed; the detail says where.
    Setup(String),
    /// A message was sent while the channel was not open.
    NotOpen,
    /// The browser refused to send a message (too large, or the channel broke).
    Send(String),
    /// The browser could not open a WebSocket to this address.
    NoSocket { url: String },
    /// The room server did not answer.
    ServerUnreachable,
}

impl fmt::Display for TransportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TransportError::Unsupported => {
                f.write_str("This browser cannot make direct connections (WebRTC is off).")
            }
            TransportError::Setup(detail) => {
                write!(f, "The connection could not be set up: {detail}")
            }
            TransportError::NotOpen => {
                f.write_str("The connection to the other device is not open.")
            }
            TransportError::NoSocket { url } => {
                write!(f, "This browser could not open a connection to {url}.")
            }
            TransportError::ServerUnreachable => {
                f.write_str("The room server could not be reached; check the connection.")
            }
            TransportError::Send(detail) => {
                write!(
                    f,
                    "A message could not be sent to the other device: {detail}"
                )
            }
        }
    }
}

impl std::error::Error for TransportError {}

/// What the browser threw (an `Error`, a `DOMException`, a string), without a final period.
fn describe(value: &JsValue) -> String {
    let message = Reflect::get(value, &JsValue::from_str("message"))
        .ok()
        .and_then(|m| m.as_string())
        .or_else(|| value.as_string())
        .unwrap_or_default();
    let message = message.trim().trim_end_matches('.');
    if message.is_empty() {
        "the browser gave no reason".to_string()
    } else {
        message.to_string()
    }
}

/// "`context` (what the browser said)." as the detail of a [`TransportError::Setup`].
fn setup(context: &str, value: &JsValue) -> TransportError {
    TransportError::Setup(format!("{context} ({}).", describe(value)))
}

type StateFn = Rc<dyn Fn(LinkState)>;
type MessageFn = Rc<dyn Fn(Vec<u8>)>;

/// What the event handlers share with the [`Peer`].
#[derive(Default)]
struct Shared {
    state: Cell<Option<LinkState>>,
    on_state: RefCell<Option<StateFn>>,
    on_message: RefCell<Option<MessageFn>>,
    early: RefCell<Vec<Vec<u8>>>,
}

impl Shared {
    fn state(&self) -> LinkState {
        self.state.get().unwrap_or(LinkState::Connecting)
    }

    /// Moves to `next` (never out of `Closed`) and tells the caller once per change.
    fn set(&self, next: LinkState) {
        let now = self.state();
        if now == next || now == LinkState::Closed {
            return;
        }
        self.state.set(Some(next));
        // Cloned out first: the callback may call back into the peer.
        let callback = self.on_state.borrow().clone();
        if let Some(callback) = callback {
            callback(next);
        }
    }

    fn deliver(&self, bytes: Vec<u8>) {
        let callback = self.on_message.borrow().clone();
        match callback {
            Some(callback) => callback(bytes),
            None => {
                let mut early = self.early.borrow_mut();
                if early.len() < EARLY_MESSAGES {
                    early.push(bytes);
                }
            }
        }
    }
}

/// The event handlers, kept alive as long as the [`Peer`] (and taken off before they drop).
struct Handlers {
    open: Closure<dyn FnMut()>,
    close: Closure<dyn FnMut()>,
    message: Closure<dyn FnMut(MessageEvent)>,
    connection: Closure<dyn FnMut()>,
}

/// One WebRTC connection to another device with one negotiated, ordered, binary data
/// channel. Dropping it closes the connection.
pub struct Peer {
    pc: RtcPeerConnection,
    channel: RtcDataChannel,
    shared: Rc<Shared>,
    /// Kept only to stay alive.
    _handlers: Handlers,
}

impl Peer {
    /// Host side: a new connection and the essentials of its offer, once ICE gathering is
    /// complete (or [`GATHER_TIMEOUT_MS`] passed). `stun`: an optional `stun:` URL; without
    /// one only host (local network) candidates are gathered.
    pub async fn offer(stun: Option<String>) -> Result<(Peer, SignalEssentials), TransportError> {
        let peer = Peer::new(stun.as_deref())?;
        let offer = JsFuture::from(peer.pc.create_offer())
            .await
            .map_err(|e| setup("the offer was not made", &e))?;
        peer.set_local(offer).await?;
        let essentials = peer.gathered_essentials().await?;
        Ok((peer, essentials))
    }

    /// Guest side: a new connection answering `offer` (from an invite link) and the
    /// essentials of the answer, once ICE gathering is complete (or [`GATHER_TIMEOUT_MS`]).
    pub async fn answer(
        offer: &SignalEssentials,
        stun: Option<String>,
    ) -> Result<(Peer, SignalEssentials), TransportError> {
        let peer = Peer::new(stun.as_deref())?;
        let remote = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
        remote.set_sdp(&offer.to_sdp(SdpKind::Offer));
        JsFuture::from(peer.pc.set_remote_description(&remote))
            .await
            .map_err(|e| setup("the invitation was not accepted by this browser", &e))?;
        let answer = JsFuture::from(peer.pc.create_answer())
            .await
            .map_err(|e| setup("the answer was not made", &e))?;
        peer.set_local(answer).await?;
        let essentials = peer.gathered_essentials().await?;
        Ok((peer, essentials))
    }

    /// Host side: takes the guest's answer (from a reply link). The channel opens a moment
    /// later ([`LinkState::Open`]).
    pub async fn accept_answer(&self, answer: &SignalEssentials) -> Result<(), TransportError> {
        let remote = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
        remote.set_sdp(&answer.to_sdp(SdpKind::Answer));
        JsFuture::from(self.pc.set_remote_description(&remote))
            .await
            .map_err(|e| setup("the reply was not accepted by this browser", &e))?;
        Ok(())
    }

    /// Sends one binary message. Only while [`LinkState::Open`].
    pub fn send(&self, bytes: &[u8]) -> Result<(), TransportError> {
        if self.channel.ready_state() != RtcDataChannelState::Open {
            return Err(TransportError::NotOpen);
        }
        self.channel
            .send_with_u8_array(bytes)
            .map_err(|e| TransportError::Send(format!("{}.", describe(&e))))
    }

    /// Every message from the other device, as bytes, in order. Set it once (a second call
    /// replaces the first); messages that came before it was set are handed to it now.
    pub fn on_message(&self, callback: impl Fn(Vec<u8>) + 'static) {
        let callback: MessageFn = Rc::new(callback);
        *self.shared.on_message.borrow_mut() = Some(callback.clone());
        let early = std::mem::take(&mut *self.shared.early.borrow_mut());
        for bytes in early {
            callback(bytes);
        }
    }

    /// Every change of the link's state. Set it once (a second call replaces the first); it
    /// is called now with the current state, then on each change.
    pub fn on_state(&self, callback: impl Fn(LinkState) + 'static) {
        let callback: StateFn = Rc::new(callback);
        *self.shared.on_state.borrow_mut() = Some(callback.clone());
        callback(self.shared.state());
    }

    /// The link's state now.
    pub fn state(&self) -> LinkState {
        self.shared.state()
    }

    /// Closes the channel and the connection. The state becomes [`LinkState::Closed`] (and
    /// `on_state` hears it). The other device hears of it at once (its channel closes: about
    /// 50 ms in Chromium, and the same when this page goes away); a device that vanishes
    /// without a word is noticed only through `connectionState` ("disconnected" after about
    /// 5 s, then "failed"). When the channel closes, whichever side began it, the connection
    /// is closed with it.
    pub fn close(&self) {
        self.channel.close();
        self.pc.close();
        self.shared.set(LinkState::Closed);
    }

    /// A connection with its negotiated channel and its handlers.
    fn new(stun: Option<&str>) -> Result<Peer, TransportError> {
        let supported = Reflect::has(&js_sys::global(), &JsValue::from_str("RTCPeerConnection"))
            .unwrap_or(false);
        if !supported {
            return Err(TransportError::Unsupported);
        }
        let config = RtcConfiguration::new();
        let servers = Array::new();
        if let Some(url) = stun.map(str::trim).filter(|u| !u.is_empty()) {
            let server = RtcIceServer::new();
            server.set_urls_str(url);
            servers.push(&server);
        }
        config.set_ice_servers(&servers);
        let pc = RtcPeerConnection::new_with_configuration(&config)
            .map_err(|e| setup("this browser refused to start a connection", &e))?;

        let init = RtcDataChannelInit::new();
        init.set_negotiated(true);
        init.set_id(CHANNEL_ID);
        init.set_ordered(true);
        let channel = pc.create_data_channel_with_data_channel_dict("table", &init);
        channel.set_binary_type(RtcDataChannelType::Arraybuffer);

        let shared = Rc::new(Shared::default());
        let handlers = Handlers {
            open: {
                let shared = shared.clone();
                let pc = pc.clone();
                Closure::new(move || {
                    // The channel can open while ICE is already "disconnected": say so.
                    match pc.connection_state() {
                        RtcPeerConnectionState::Disconnected => shared.set(LinkState::Reconnecting),
                        RtcPeerConnectionState::Failed | RtcPeerConnectionState::Closed => {
                            shared.set(LinkState::Closed)
                        }
                        _ => shared.set(LinkState::Open),
                    }
                })
            },
            close: {
                let shared = shared.clone();
                let pc = pc.clone();
                Closure::new(move || {
                    // The one channel is the link: without it the connection is no use (and
                    // Chromium leaves it "connected" when the other side closed).
                    pc.close();
                    shared.set(LinkState::Closed)
                })
            },
            message: {
                let shared = shared.clone();
                Closure::new(move |event: MessageEvent| {
                    let data = event.data();
                    if let Some(buffer) = data.dyn_ref::<ArrayBuffer>() {
                        shared.deliver(Uint8Array::new(buffer).to_vec());
                    } else if let Some(text) = data.as_string() {
                        // Not ours (we send binary only); handed on as bytes all the same,
                        // for the protocol to refuse.
                        shared.deliver(text.into_bytes());
                    }
                })
            },
            connection: {
                let shared = shared.clone();
                let pc = pc.clone();
                let channel = channel.clone();
                Closure::new(move || match pc.connection_state() {
                    RtcPeerConnectionState::Connected
                        if channel.ready_state() == RtcDataChannelState::Open =>
                    {
                        shared.set(LinkState::Open)
                    }
                    RtcPeerConnectionState::Disconnected => shared.set(LinkState::Reconnecting),
                    RtcPeerConnectionState::Failed | RtcPeerConnectionState::Closed => {
                        shared.set(LinkState::Closed)
                    }
                    _ => {}
                })
            },
        };
        channel.set_onopen(Some(handlers.open.as_ref().unchecked_ref()));
        channel.set_onclose(Some(handlers.close.as_ref().unchecked_ref()));
        channel.set_onmessage(Some(handlers.message.as_ref().unchecked_ref()));
        pc.set_onconnectionstatechange(Some(handlers.connection.as_ref().unchecked_ref()));
        Ok(Peer {
            pc,
            channel,
            shared,
            _handlers: handlers,
        })
    }

    /// `setLocalDescription` with what `createOffer`/`createAnswer` resolved to.
    async fn set_local(&self, description: JsValue) -> Result<(), TransportError> {
        let description: RtcSessionDescriptionInit = description.unchecked_into();
        JsFuture::from(self.pc.set_local_description(&description))
            .await
            .map_err(|e| setup("this browser did not take its own description", &e))?;
        Ok(())
    }

    /// Waits for ICE gathering, then reads the essentials of the local description.
    async fn gathered_essentials(&self) -> Result<SignalEssentials, TransportError> {
        wait_for_gathering(&self.pc).await;
        let sdp = self
            .pc
            .local_description()
            .map(|d| d.sdp())
            .ok_or_else(|| TransportError::Setup("this browser has no description.".into()))?;
        SignalEssentials::from_sdp(&sdp).map_err(|e| TransportError::Setup(e.to_string()))
    }
}

impl Drop for Peer {
    fn drop(&mut self) {
        // The handlers drop with the peer: take them off first so the browser never calls a
        // dropped closure.
        self.channel.set_onopen(None);
        self.channel.set_onclose(None);
        self.channel.set_onmessage(None);
        self.pc.set_onconnectionstatechange(None);
        self.channel.close();
        self.pc.close();
    }
}

/// Resolves when ICE gathering is "complete" or after [`GATHER_TIMEOUT_MS`], whichever is
/// first. Never fails: with a timeout the candidates gathered so far are used.
async fn wait_for_gathering(pc: &RtcPeerConnection) {
    if pc.ice_gathering_state() == RtcIceGatheringState::Complete {
        return;
    }
    let window = web_sys::window();
    // Promise::new runs its function at once: the closures are made in there and kept here.
    let mut listener: Option<Closure<dyn FnMut()>> = None;
    let mut timer = None;
    let mut timeout: Option<Closure<dyn FnMut()>> = None;
    let done = Promise::new(&mut |resolve, _reject| {
        let on_change: Closure<dyn FnMut()> = {
            let pc = pc.clone();
            let resolve = resolve.clone();
            Closure::new(move || {
                if pc.ice_gathering_state() == RtcIceGatheringState::Complete {
                    let _ = resolve.call0(&JsValue::UNDEFINED);
                }
            })
        };
        pc.set_onicegatheringstatechange(Some(on_change.as_ref().unchecked_ref()));
        listener = Some(on_change);
        if let Some(window) = &window {
            let on_timeout: Closure<dyn FnMut()> = Closure::new(move || {
                let _ = resolve.call0(&JsValue::UNDEFINED);
            });
            timer = window
                .set_timeout_with_callback_and_timeout_and_arguments_0(
                    on_timeout.as_ref().unchecked_ref(),
                    GATHER_TIMEOUT_MS,
                )
                .ok();
            timeout = Some(on_timeout);
        }
    });
    // Gathering may have finished between the first look and the listener.
    if pc.ice_gathering_state() != RtcIceGatheringState::Complete {
        let _ = JsFuture::from(done).await;
    }
    pc.set_onicegatheringstatechange(None);
    if let (Some(window), Some(timer)) = (&window, timer) {
        window.clear_timeout_with_handle(timer);
    }
    drop(listener);
    drop(timeout);
}

/// `N` random bytes from the browser's `crypto.getRandomValues`, for table ids. Should the
/// browser refuse (it does not in practice), `Math.random` and the clock fill them instead,
/// which is still enough to tell two tables apart.
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    if getrandom::fill(&mut bytes).is_err() {
        leptos::logging::warn!("crypto.getRandomValues failed: table ids use Math.random");
        let clock = js_sys::Date::now() as u64;
        for (i, b) in bytes.iter_mut().enumerate() {
            let noise = (js_sys::Math::random() * 256.0) as u64;
            *b = (noise ^ (clock >> ((i % 8) * 8))) as u8;
        }
    }
    bytes
}
