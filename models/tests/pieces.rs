//! The pieces a friend's join form starts with: a color and a token nobody in the room holds.

use worlds_models::pieces::{free_pieces, COLORS, TOKENS};

#[test]
fn a_joining_friend_starts_with_the_open_seats_pieces_when_nobody_holds_them() {
    let held = [("#d62828", "dog")];
    assert_eq!(
        free_pieces(held, Some(("#1d4ed8", "car"))),
        ("#1d4ed8".to_string(), "car".to_string())
    );
}

#[test]
fn a_piece_someone_holds_is_never_the_forms_first_choice() {
    // The second friend: the first took blue and the car (the open seat's stand-ins).
    let held = [("#d62828", "dog"), ("#1D4ED8", "car")];
    let (color, token) = free_pieces(held, Some(("#1d4ed8", "car")));
    assert_eq!((color.as_str(), token.as_str()), (COLORS[2].1, TOKENS[2].0));
    // Three friends in a row, each taking what the form offered: nobody is refused.
    let mut room: Vec<(String, String)> = vec![("#d62828".into(), "dog".into())];
    for _ in 0..7 {
        let (c, t) = free_pieces(room.iter().map(|(c, t)| (c.as_str(), t.as_str())), None);
        assert!(!room
            .iter()
            .any(|(hc, ht)| hc.eq_ignore_ascii_case(&c) || *ht == t));
        room.push((c, t));
    }
    // A stand-in that is not one of the form's choices (a board's pawn) is not offered.
    let (_, token) = free_pieces([], Some(("#d62828", "pawn:3")));
    assert_eq!(token, TOKENS[0].0);
}
