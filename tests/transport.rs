//! Browser test of the transport (common/transport.rs): two peers in one page connect through
//! nothing but packed signals, as invite and reply links carry them, send bytes both ways
//! (one message of 60 KB), and the host notices when the guest goes away, whether the guest
//! calls `close()` or its page (a frame here) is removed.
//!
//! Timings are printed to the console (run with `--nocapture` to see them). Seen in headless
//! Chromium on a container with a normal interface: two mDNS `.local` host candidates per
//! side (95 bytes packed), gathering ~150 ms for the offer and ~15 ms for the answer, both
//! sides open ~50 ms after the answer is accepted, and the host Closed within one 50 ms poll
//! of the guest's close or of its frame's removal: the browser closes the connection on the
//! way out and the host's channel gets `close` (its `connectionState` still said
//! "connected"). A device that vanishes without a word (crash, lost network) is only noticed
//! through `connectionState` "disconnected" after seconds; that is not exercised here.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;
use worlds_table::signal::SignalEssentials;

use monopoly_worlds::common::transport::{random_bytes, LinkState, Peer, TransportError};

wasm_bindgen_test_configure!(run_in_browser);

/// How often the test looks, and for how long at most.
const POLL_MS: i32 = 50;
const WAIT_MS: f64 = 10_000.0;

async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let window = web_sys::window().expect("a window");
        window
            .set_timeout_with_callback_and_timeout_and_arguments_0(resolve.unchecked_ref(), ms)
            .expect("a timer");
    });
    JsFuture::from(promise).await.expect("the timer resolves");
}

/// Polls `done` until it holds or `WAIT_MS` passed; the milliseconds it took, or None.
async fn wait_until(done: impl Fn() -> bool) -> Option<f64> {
    let start = js_sys::Date::now();
    loop {
        if done() {
            return Some(js_sys::Date::now() - start);
        }
        if js_sys::Date::now() - start > WAIT_MS {
            return None;
        }
        sleep(POLL_MS).await;
    }
}

/// What a peer told its callbacks.
#[derive(Default)]
struct Heard {
    states: RefCell<Vec<LinkState>>,
    messages: RefCell<Vec<Vec<u8>>>,
    last: Cell<Option<LinkState>>,
}

fn listen(peer: &Peer) -> Rc<Heard> {
    let heard = Rc::new(Heard::default());
    let h = heard.clone();
    peer.on_state(move |s| {
        h.states.borrow_mut().push(s);
        h.last.set(Some(s));
    });
    let h = heard.clone();
    peer.on_message(move |bytes| h.messages.borrow_mut().push(bytes));
    heard
}

/// The packed bytes a link carries, read back.
fn through_link(signal: &SignalEssentials) -> SignalEssentials {
    let bytes = signal.to_bytes();
    SignalEssentials::from_bytes(&bytes).expect("the packed signal reads back")
}

fn log(text: &str) {
    leptos::logging::log!("{text}");
}

#[wasm_bindgen_test]
async fn two_peers_connect_through_packed_signals_and_talk() {
    let t0 = js_sys::Date::now();
    let (host, offer) = Peer::offer(None).await.expect("the host makes an offer");
    let t_offer = js_sys::Date::now() - t0;
    log(&format!(
        "offer: gathered in {t_offer:.0} ms, {} candidates, {} bytes packed: {:?}",
        offer.candidates.len(),
        offer.to_bytes().len(),
        offer.candidates
    ));
    let host_heard = listen(&host);
    assert_eq!(host.state(), LinkState::Connecting);
    assert_eq!(
        host.send(b"too early"),
        Err(TransportError::NotOpen),
        "nothing is sent before the channel opens"
    );

    let t1 = js_sys::Date::now();
    let (guest, answer) = Peer::answer(&through_link(&offer), None)
        .await
        .expect("the guest answers the offer");
    let t_answer = js_sys::Date::now() - t1;
    log(&format!(
        "answer: gathered in {t_answer:.0} ms, {} candidates, {} bytes packed",
        answer.candidates.len(),
        answer.to_bytes().len()
    ));
    let guest_heard = listen(&guest);

    host.accept_answer(&through_link(&answer))
        .await
        .expect("the host takes the answer");
    let opened =
        wait_until(|| host.state() == LinkState::Open && guest.state() == LinkState::Open).await;
    let Some(t_open) = opened else {
        panic!(
            "both sides open within {WAIT_MS} ms; host heard {:?}, guest heard {:?}",
            host_heard.states.borrow(),
            guest_heard.states.borrow()
        );
    };
    log(&format!(
        "open on both sides {t_open:.0} ms after the answer was accepted"
    ));
    assert_eq!(host_heard.last.get(), Some(LinkState::Open));
    assert_eq!(guest_heard.last.get(), Some(LinkState::Open));

    // Bytes both ways, in order, intact; one message of 60 KB.
    let big: Vec<u8> = (0..60 * 1024).map(|i| (i * 7 + i / 251) as u8).collect();
    host.send(b"hello guest").expect("the host sends");
    host.send(&big).expect("the host sends 60 KB");
    guest.send(&[0, 1, 2, 255]).expect("the guest sends");
    guest.send(&[]).expect("the guest sends an empty message");
    let arrived = wait_until(|| {
        guest_heard.messages.borrow().len() >= 2 && host_heard.messages.borrow().len() >= 2
    })
    .await;
    assert!(
        arrived.is_some(),
        "messages arrive; guest got {}, host got {}",
        guest_heard.messages.borrow().len(),
        host_heard.messages.borrow().len()
    );
    {
        let at_guest = guest_heard.messages.borrow();
        assert_eq!(at_guest.len(), 2);
        assert_eq!(at_guest[0], b"hello guest");
        assert_eq!(at_guest[1].len(), big.len());
        assert!(at_guest[1] == big, "the 60 KB message arrives intact");
        let at_host = host_heard.messages.borrow();
        assert_eq!(*at_host, vec![vec![0, 1, 2, 255], vec![]]);
    }

    // The guest goes away: the host's link leaves Open.
    let t3 = js_sys::Date::now();
    guest.close();
    assert_eq!(guest.state(), LinkState::Closed);
    assert_eq!(guest_heard.last.get(), Some(LinkState::Closed));
    assert_eq!(guest.send(b"gone"), Err(TransportError::NotOpen));
    let noticed = wait_until(|| host.state() != LinkState::Open).await;
    let Some(t_notice) = noticed else {
        panic!(
            "the host notices the closed guest within {WAIT_MS} ms; host heard {:?}",
            host_heard.states.borrow()
        );
    };
    log(&format!(
        "host noticed the closed guest after {t_notice:.0} ms: {:?} (all: {:?}); {:.0} ms since close",
        host.state(),
        host_heard.states.borrow(),
        js_sys::Date::now() - t3
    ));
    assert!(matches!(
        host.state(),
        LinkState::Reconnecting | LinkState::Closed
    ));
    host.close();
}

#[wasm_bindgen_test]
fn random_bytes_differ() {
    let a: [u8; 8] = random_bytes();
    let b: [u8; 8] = random_bytes();
    assert_ne!(a, b, "two table ids differ");
    let long: [u8; 32] = random_bytes();
    assert!(long.iter().any(|&b| b != 0));
}

#[wasm_bindgen_test]
fn errors_read_as_sentences() {
    assert_eq!(
        TransportError::Unsupported.to_string(),
        "This browser cannot make direct connections (WebRTC is off)."
    );
    assert!(TransportError::Setup("no candidates.".into())
        .to_string()
        .starts_with("The connection could not be set up: "));
    assert_eq!(
        TransportError::ServerUnreachable.to_string(),
        "The room server could not be reached; check the connection."
    );
}

#[wasm_bindgen_test]
fn the_apps_errors_are_worded_in_one_place_and_keep_what_they_came_from() {
    use monopoly_worlds::common::error::{AppError, TableError};
    use monopoly_worlds::common::storage::StorageError;
    let table: AppError = TableError::NoSeatOnThisDevice.into();
    assert!(table
        .to_string()
        .starts_with("Play online needs one seat played on this device"));
    assert_eq!(
        AppError::from(TableError::Status(503)).to_string(),
        "The room server said no (status 503)."
    );
    assert_eq!(
        AppError::from(TableError::Refused("The room is full.".into())).to_string(),
        "The room is full."
    );
    let gone = || StorageError::Unavailable {
        reason: "private mode".into(),
    };
    let storage = AppError::from(gone());
    assert_eq!(storage, AppError::Storage(gone()));
    assert_eq!(storage.to_string(), gone().to_string());
    assert_eq!(
        AppError::from(TableError::SeatNotKept(gone())).to_string(),
        format!("Your seat could not be kept on this device: {}", gone())
    );
}

/// A guest in a frame of its own, in plain JavaScript, whose page then goes away (the frame
/// is removed) without calling `close()`: what a host sees when a friend closes the tab.
const FRAME_GUEST: &str = r#"
window.answerOffer = async (sdp) => {
  const pc = new RTCPeerConnection();
  window.keep = pc;
  const channel = pc.createDataChannel('table', {negotiated: true, id: 0, ordered: true});
  channel.binaryType = 'arraybuffer';
  channel.onmessage = (m) => channel.send(m.data);
  await pc.setRemoteDescription({type: 'offer', sdp});
  await pc.setLocalDescription(await pc.createAnswer());
  if (pc.iceGatheringState !== 'complete') {
    await new Promise((done) => {
      pc.onicegatheringstatechange = () => { if (pc.iceGatheringState === 'complete') done(); };
      setTimeout(done, 4000);
    });
  }
  return pc.localDescription.sdp;
};
"#;

#[wasm_bindgen_test]
async fn host_notices_a_guest_whose_page_is_gone() {
    use wasm_bindgen::JsValue;
    use worlds_table::signal::SdpKind;

    let document = web_sys::window()
        .and_then(|w| w.document())
        .expect("a document");
    let frame = document.create_element("iframe").expect("an iframe");
    document
        .body()
        .expect("a body")
        .append_child(&frame)
        .expect("the frame is in the page");
    let frame_window = js_sys::Reflect::get(&frame, &"contentWindow".into()).expect("its window");
    let eval: js_sys::Function = js_sys::Reflect::get(&frame_window, &"eval".into())
        .expect("eval")
        .unchecked_into();
    eval.call1(&frame_window, &FRAME_GUEST.into())
        .expect("the guest script runs");
    let answer_offer: js_sys::Function = js_sys::Reflect::get(&frame_window, &"answerOffer".into())
        .expect("answerOffer")
        .unchecked_into();

    let (host, offer) = Peer::offer(None).await.expect("the host makes an offer");
    let heard = listen(&host);
    let offer_sdp = through_link(&offer).to_sdp(SdpKind::Offer);
    let promise: js_sys::Promise = answer_offer
        .call1(&JsValue::NULL, &offer_sdp.into())
        .expect("the frame answers")
        .unchecked_into();
    let answer_sdp = JsFuture::from(promise)
        .await
        .expect("an answer")
        .as_string()
        .expect("an SDP");
    let answer = SignalEssentials::from_sdp(&answer_sdp).expect("the frame's answer reads");
    host.accept_answer(&through_link(&answer))
        .await
        .expect("the host takes the answer");
    assert!(
        wait_until(|| host.state() == LinkState::Open)
            .await
            .is_some(),
        "the host opens; heard {:?}",
        heard.states.borrow()
    );
    host.send(b"echo").expect("the host sends");
    assert!(
        wait_until(|| !heard.messages.borrow().is_empty())
            .await
            .is_some(),
        "the frame echoes"
    );
    assert_eq!(heard.messages.borrow()[0], b"echo");

    let t = js_sys::Date::now();
    frame.remove();
    let noticed = wait_until(|| host.state() != LinkState::Open).await;
    log(&format!(
        "frame removed: host noticed after {noticed:?} ms: {:?} (all: {:?}); {:.0} ms since removal",
        host.state(),
        heard.states.borrow(),
        js_sys::Date::now() - t
    ));
    assert!(noticed.is_some(), "the host notices the page gone");
    assert_eq!(host.state(), LinkState::Closed);
    assert_eq!(host.send(b"anyone?"), Err(TransportError::NotOpen));
    host.close();
}

#[wasm_bindgen_test]
async fn a_bad_stun_address_is_a_sentence_not_a_panic() {
    let Err(error) = Peer::offer(Some("not a stun address".into())).await else {
        panic!("a bad STUN address is refused");
    };
    let text = error.to_string();
    log(&format!("bad STUN address: {text}"));
    assert!(matches!(error, TransportError::Setup(_)), "{error:?}");
    assert!(
        text.starts_with("The connection could not be set up: "),
        "{text}"
    );
}

/// Issue 41, item 3: problems are kept as typed errors (and the room's status as an enum)
/// until a view shows them, and the sentences players read (the journeys match them) stay
/// word for word what they were as strings.
#[wasm_bindgen_test]
fn typed_problems_read_as_the_sentences_they_replaced() {
    use monopoly_worlds::common::error::{AppError, CodeNotLoaded, TableError};
    use monopoly_worlds::game::room::RoomStatus;
    let said = |e: AppError| e.to_string();
    assert_eq!(said(AppError::NameNeeded), "Write your name first.");
    assert_eq!(
        said(AppError::WorldNameNeeded),
        "The new world needs a name."
    );
    assert_eq!(
        said(TableError::NoReplyPasted.into()),
        "Paste a friend's reply link first, then press Connect."
    );
    assert_eq!(
        said(TableError::NoSeatWaiting.into()),
        "No seat is waiting for a reply."
    );
    assert_eq!(said(TableError::NotOpen.into()), "No table is open.");
    // The server's own words, as they came.
    assert_eq!(
        said(TableError::RoomClosed("This room has closed.".into()).into()),
        "This room has closed."
    );
    assert_eq!(
        said(TableError::Refused("That seat is taken.".into()).into()),
        "That seat is taken."
    );
    assert_eq!(
        said(AppError::ChainNotSolved("too many states".into())),
        "The exact chain could not be solved: too many states"
    );
    assert_eq!(
        CodeNotLoaded { why: None }.to_string(),
        "This page cannot load the game's code."
    );
    assert_eq!(
        CodeNotLoaded {
            why: Some("Failed to fetch".into())
        }
        .to_string(),
        "Failed to fetch"
    );
    assert_eq!(RoomStatus::Connecting.to_string(), "Connecting…");
    assert_eq!(RoomStatus::Connected.to_string(), "Connected");
    assert_eq!(RoomStatus::Reconnecting.to_string(), "Reconnecting…");
}
