//! Browser test of the transport (common/transport.rs): two peers in one page connect through
//! nothing but packed signals, as invite and reply links carry them, send bytes both ways
//! (one message of 60 KB), and the host notices when the guest goes away.
//!
//! Timings are printed to the console (run with `--nocapture` to see them).

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
}
