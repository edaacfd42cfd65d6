//! Invite and reply links: round trips, sizes, and every refusal with its sentence.

mod common;

use common::*;
use worlds_engine::PlayerId;
use worlds_table::invite::{
    parse_invite, parse_reply, InviteError, LinkKind, SummaryKind, TableId, MAX_AGE_MINUTES,
};

#[test]
fn an_invite_travels_and_reads_back_the_same() {
    let inv = invite(1);
    let data = inv.to_data();
    eprintln!("an invite's data: {} characters", data.len());
    eprintln!("https://example.org/#{}", inv.fragment());
    assert!(data.len() < 300, "{} characters", data.len());
    let back = parse_invite(&data, NOW + 5).expect("reads");
    assert_eq!(back, inv);
    assert_eq!(back.summary.board, "Classic");
    assert_eq!(back.summary.seats[1].kind, SummaryKind::Remote);
    assert_eq!(back.summary.seats[3].kind, SummaryKind::Computer);
    assert_eq!(back.summary.seats[0].color, "#e07a5f");
    // The whole URL, the fragment with or without '#', and bare data all read.
    for text in [
        format!("https://friends.example/monopoly/#{}", inv.fragment()),
        format!("#{}", inv.fragment()),
        inv.fragment(),
        format!("  {data}\n"),
    ] {
        assert_eq!(parse_invite(&text, NOW).expect("reads"), inv, "{text}");
    }
}

#[test]
fn a_reply_travels_and_reads_back_the_same() {
    let rep = reply(1);
    let data = rep.to_data();
    eprintln!("a reply's data: {} characters", data.len());
    assert!(data.len() < 160, "{} characters", data.len());
    let back = parse_reply(
        &format!("https://x.example/#{}", rep.fragment()),
        TABLE,
        &[PlayerId(1), PlayerId(2)],
    )
    .expect("reads");
    assert_eq!(back, rep);
}

fn sentence(e: &InviteError) -> String {
    let s = e.to_string();
    assert!(s.ends_with('.'), "one sentence: {s}");
    assert!(!s.contains('<'), "never markup: {s}");
    s
}

#[test]
fn a_cut_invite_is_refused_as_incomplete_at_every_length() {
    let data = invite(1).to_data();
    for n in 1..data.len() {
        let err = parse_invite(&data[..n], NOW).expect_err("cut");
        assert_eq!(err, InviteError::Cut(LinkKind::Invite), "cut at {n}");
    }
    assert_eq!(
        sentence(&InviteError::Cut(LinkKind::Invite)),
        "This invite is incomplete — copy the whole link."
    );
    let rep = reply(2).to_data();
    for n in 1..rep.len() {
        assert_eq!(
            parse_reply(&rep[..n], TABLE, &[PlayerId(2)]),
            Err(InviteError::Cut(LinkKind::Reply)),
            "cut at {n}"
        );
    }
}

#[test]
fn a_changed_character_is_caught() {
    let data = invite(1).to_data();
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    // Every position, changed to another character: never read as a (different) invite.
    for i in 0..data.len() {
        let mut b = data.clone().into_bytes();
        let old = b[i];
        b[i] = *alphabet
            .iter()
            .find(|&&c| c != old && c != old ^ 1)
            .unwrap_or(&b'A');
        let text = String::from_utf8(b).expect("ascii");
        match parse_invite(&text, NOW) {
            Ok(inv) => panic!("position {i} changed and still read: {inv:?}"),
            Err(InviteError::Changed(LinkKind::Invite))
            | Err(InviteError::Cut(LinkKind::Invite))
            | Err(InviteError::OtherVersion(LinkKind::Invite))
            | Err(InviteError::WrongKind(LinkKind::Invite)) => {}
            Err(e) => panic!("position {i}: unexpected {e:?}"),
        }
    }
    let mut b = data.into_bytes();
    let mid = b.len() / 2;
    b[mid] = if b[mid] == b'x' { b'y' } else { b'x' };
    let err = parse_invite(&String::from_utf8(b).expect("ascii"), NOW).expect_err("changed");
    assert_eq!(err, InviteError::Changed(LinkKind::Invite));
    assert!(sentence(&err).starts_with("This invite was changed"));
    // Characters a link never has.
    let err = parse_invite("join=abc<script>", NOW).expect_err("bad characters");
    assert_eq!(err, InviteError::Changed(LinkKind::Invite));
}

#[test]
fn an_old_invite_is_refused() {
    let data = invite(1).to_data();
    assert!(parse_invite(&data, NOW + MAX_AGE_MINUTES).is_ok());
    let err = parse_invite(&data, NOW + MAX_AGE_MINUTES + 1).expect_err("too old");
    assert_eq!(err, InviteError::TooOld);
    assert_eq!(
        sentence(&err),
        "This invite is more than a day old — ask the host for a new one."
    );
    // A clock behind the host's is no reason to refuse.
    assert!(parse_invite(&data, NOW - 30).is_ok());
}

#[test]
fn another_version_is_refused() {
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine as _;
    let mut bytes = URL_SAFE_NO_PAD.decode(invite(1).to_data()).expect("base64");
    bytes[0] = 2;
    let err = parse_invite(&URL_SAFE_NO_PAD.encode(&bytes), NOW).expect_err("version");
    assert_eq!(err, InviteError::OtherVersion(LinkKind::Invite));
    assert!(sentence(&err).contains("another version"));
}

#[test]
fn a_reply_for_another_table_or_seat_is_refused() {
    let data = reply(1).to_data();
    let other = TableId([9; 8]);
    let err = parse_reply(&data, other, &[PlayerId(1), PlayerId(2)]).expect_err("other table");
    assert_eq!(err, InviteError::WrongTable);
    assert!(sentence(&err).contains("another table"));
    let err = parse_reply(&data, TABLE, &[PlayerId(2)]).expect_err("seat not waiting");
    assert_eq!(err, InviteError::BadSeat(LinkKind::Reply));
    sentence(&err);
}

#[test]
fn an_invite_to_a_seat_that_is_not_remote_is_refused() {
    // Seat 0 is played at the host's device.
    let err = parse_invite(&invite(0).to_data(), NOW).expect_err("not remote");
    assert_eq!(err, InviteError::BadSeat(LinkKind::Invite));
    let err = parse_invite(&invite(7).to_data(), NOW).expect_err("no such seat");
    assert_eq!(err, InviteError::BadSeat(LinkKind::Invite));
    sentence(&err);
}

#[test]
fn invites_and_replies_are_not_confused() {
    let err = parse_invite(&format!("#{}", reply(1).fragment()), NOW).expect_err("a reply");
    assert_eq!(err, InviteError::WrongKind(LinkKind::Invite));
    assert!(sentence(&err).contains("open it on the host's device"));
    // Bare data too: the kind byte tells.
    let err = parse_invite(&reply(1).to_data(), NOW).expect_err("a reply");
    assert_eq!(err, InviteError::WrongKind(LinkKind::Invite));
    let err = parse_reply(&invite(1).to_data(), TABLE, &[PlayerId(1)]).expect_err("an invite");
    assert_eq!(err, InviteError::WrongKind(LinkKind::Reply));
    let err = parse_invite("#world=v1.abc", NOW).expect_err("a world link");
    assert_eq!(err, InviteError::NotALink(LinkKind::Invite));
    assert_eq!(
        parse_invite("", NOW),
        Err(InviteError::NotALink(LinkKind::Invite))
    );
}

#[test]
fn names_with_control_characters_never_travel() {
    let mut rep = reply(1);
    rep.name = "Bea\u{202e}\u{0000}\nX".to_string();
    rep.color = "red;x".to_string();
    let back = parse_reply(&rep.to_data(), TABLE, &[PlayerId(1)]).expect("reads");
    assert_eq!(
        back.name, "BeaX",
        "control characters and direction marks are stripped"
    );
    assert_eq!(back.color, "", "only #rrggbb colors travel");
}

#[test]
fn the_rebuilt_offer_is_a_whole_data_channel_sdp() {
    use worlds_table::signal::SdpKind;
    let inv = parse_invite(&invite(1).to_data(), NOW).expect("reads");
    let sdp = inv.offer.to_sdp(SdpKind::Offer);
    eprintln!("{sdp}");
    let lines: Vec<&str> = sdp.split("\r\n").collect();
    assert_eq!(lines.last(), Some(&""), "every line ends with CRLF");
    for needed in [
        "v=0",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        "a=end-of-candidates",
        "a=ice-ufrag:4ZcD",
        "a=ice-pwd:2/1muCWoOi3uLifh0NuRHlbY",
        "a=setup:actpass",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ] {
        assert!(lines.contains(&needed), "{needed}");
    }
    assert!(lines[1].starts_with("o=- ") && lines[1].ends_with(" 2 IN IP4 127.0.0.1"));
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("a=candidate:"))
            .count(),
        2
    );
}
