//! The lobby form, natively: who plays each seat, the names computers take, and the checks
//! before a game starts.

use worlds_engine::{ComputerStrategy, Preset, SeatKind};
use worlds_models::lobby::{LastSetup, LobbyForm, Plays};

#[test]
fn every_choice_of_plays_as_reads_back_from_its_form_value() {
    let all: Vec<Plays> = Plays::all().collect();
    assert_eq!(all.len(), 2 + ComputerStrategy::ALL.len());
    for p in &all {
        assert_eq!(Plays::from_name(p.name()), Some(*p));
    }
    assert_eq!(Plays::from_name("computer"), None);
    assert_eq!(Plays::from_name(""), None);
    let labels: Vec<String> = all.iter().map(|p| p.label()).collect();
    assert_eq!(
        labels,
        [
            "Human",
            "Another device",
            "Computer (balanced)",
            "Computer (cautious)",
            "Computer (random)",
            "Computer (expert)"
        ]
    );
}

#[test]
fn a_seat_switched_to_a_computer_takes_a_computers_name_and_back() {
    let mut f = LobbyForm::new("Classic");
    f.set_plays_as(1, Plays::Computer(ComputerStrategy::Balanced));
    assert_eq!(f.seats[1].name, "Bea");
    f.set_plays_as(1, Plays::Human);
    assert_eq!(f.seats[1].name, "Player 2");
    // A person the player named like a computer keeps that name.
    f.seats[1].name = "Cy".into();
    f.set_plays_as(1, Plays::Human);
    assert_eq!(f.seats[1].name, "Cy");
    f.set_plays_as(1, Plays::OtherDevice);
    assert_eq!(f.seats[1].name, "Cy");
    f.seats[1].name = "Zed".into();
    f.set_plays_as(1, Plays::Computer(ComputerStrategy::Expert));
    assert_eq!(f.seats[1].name, "Zed", "a name the player typed stays");
    // A seat that is not there changes nothing.
    let before = f.clone();
    f.set_plays_as(7, Plays::OtherDevice);
    assert_eq!(f, before);
}

#[test]
fn only_people_at_other_devices_are_remote_seats_and_the_setup_follows_each_choice() {
    let mut f = LobbyForm::new("Classic");
    f.set_seat_count(4);
    f.set_plays_as(1, Plays::OtherDevice);
    f.set_plays_as(2, Plays::Computer(ComputerStrategy::Cautious));
    f.set_plays_as(3, Plays::OtherDevice);
    assert_eq!(f.remote_seats(), vec![1, 3]);
    let setup = f.to_setup(Preset::Classic.board(), 7);
    let kinds: Vec<SeatKind> = setup.seats.iter().map(|s| s.kind.clone()).collect();
    assert_eq!(
        kinds,
        vec![
            SeatKind::Human,
            SeatKind::Human,
            SeatKind::Computer {
                strategy: ComputerStrategy::Cautious
            },
            SeatKind::Human
        ]
    );
    // The lobby remembers every seat as it was: a friend's other device too.
    let memory = f.memory();
    let mut again = LobbyForm::new("Classic");
    again.remember(&memory, 2, 8);
    let plays: Vec<Plays> = again.seats.iter().map(|s| s.plays).collect();
    let before: Vec<Plays> = f.seats.iter().map(|s| s.plays).collect();
    assert_eq!(plays, before);
    assert!(plays.contains(&Plays::OtherDevice), "{plays:?}");
}

#[test]
fn a_record_from_before_other_devices_were_remembered_still_loads() {
    let old = r##"{"seats":[{"name":"Ann","color":"#1d4ed8","token":"boot","computer":null},
        {"name":"Cy","color":"#15803d","token":"dog","computer":"cautious"}],"round_limit":"12"}"##;
    let last: LastSetup = serde_json::from_str(old).expect("an older record reads");
    let mut f = LobbyForm::new("Classic");
    f.remember(&last, 2, 8);
    let plays: Vec<Plays> = f.seats.iter().map(|s| s.plays).collect();
    assert_eq!(
        plays,
        vec![Plays::Human, Plays::Computer(ComputerStrategy::Cautious)]
    );
    assert_eq!(f.round_limit, "12");
}

#[test]
fn the_quick_start_seats_you_and_named_computers() {
    let mut f = LobbyForm::new("Classic");
    f.set_plays_as(0, Plays::OtherDevice);
    f.quick_start(3, ComputerStrategy::Expert, 8);
    assert_eq!(f.seats.len(), 4);
    assert_eq!(f.seats[0].plays, Plays::Human);
    let names: Vec<&str> = f.seats[1..].iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Bea", "Cy", "Dee"]);
    assert!(f.seats[1..]
        .iter()
        .all(|s| s.plays == Plays::Computer(ComputerStrategy::Expert)));
    assert!(f.problems(2, 8).is_empty(), "{:?}", f.problems(2, 8));
}

#[test]
fn problems_name_each_seat_that_cannot_start() {
    let mut f = LobbyForm::new("Classic");
    f.seats[1].name = "player 1".into();
    f.seats[1].token = f.seats[0].token.clone();
    f.round_limit = "0".into();
    let p = f.problems(2, 8);
    assert!(
        p.contains(&"Two players are called player 1.".to_string()),
        "{p:?}"
    );
    assert!(p.contains(&"Player 2 has the same token as another player.".to_string()));
    assert!(p
        .iter()
        .any(|x| x.starts_with("The round limit is a whole number")));
}

#[test]
fn a_board_choice_reads_back_from_its_written_form_and_a_bad_one_is_named() {
    use worlds_models::boards::BoardChoice;
    let all = [
        BoardChoice::Preset(Preset::Classic),
        BoardChoice::Preset(Preset::Campus),
        BoardChoice::World("m3k2".into()),
        BoardChoice::Link,
        BoardChoice::Editing,
    ];
    let written: Vec<String> = all.iter().map(|c| c.to_string()).collect();
    assert_eq!(
        written,
        [
            "preset:classic",
            "preset:campus",
            "world:m3k2",
            "link",
            "editing"
        ]
    );
    for c in &all {
        assert_eq!(c.to_string().parse::<BoardChoice>().as_ref(), Ok(c));
        let json = serde_json::to_string(c).expect("json");
        assert_eq!(json, format!("\"{c}\""));
        assert_eq!(
            serde_json::from_str::<BoardChoice>(&json).ok().as_ref(),
            Some(c)
        );
    }
    for bad in ["preset:moon", "world:", "", "worlds:x"] {
        let err = bad.parse::<BoardChoice>().expect_err(bad);
        assert_eq!(
            err.to_string(),
            format!("There is no board called \"{bad}\".")
        );
    }
}

#[test]
fn a_seats_token_is_typed_and_remembered_in_its_written_form() {
    use worlds_engine::Token;
    let mut f = LobbyForm::new("Classic");
    assert_eq!(f.seats[0].token, Token::Piece("dog".into()));
    assert_eq!(
        f.seats[1].token,
        Token::Piece("car".into()),
        "the first free one"
    );
    f.seats[1].token = Token::Pawn(0);
    let memory = f.memory();
    assert_eq!(memory.seats[1].token, "pawn:0");
    let mut again = LobbyForm::new("Classic");
    again.remember(&memory, 2, 8);
    assert_eq!(again.seats[1].token, Token::Pawn(0));
    // A friend's token comes as written; none keeps the seat's.
    assert_eq!(again.take_friend(1, "Bea", "", "top hat"), None);
    assert_eq!(again.seats[1].token, Token::Piece("top hat".into()));
    assert_eq!(again.take_friend(1, "Bea", "", ""), None);
    assert_eq!(again.seats[1].token, Token::Piece("top hat".into()));
    again.seats[0].token = Token::None;
    assert!(again
        .problems(2, 8)
        .contains(&"Player 1 needs a token.".to_string()));
    let setup = again.to_setup(Preset::Classic.board(), 1);
    assert_eq!(setup.seats[1].token, Token::Piece("top hat".into()));
}

#[test]
fn the_house_rule_sell_lots_to_the_bank_starts_off_and_reaches_the_games_rules() {
    let mut f = LobbyForm::new("Classic");
    let board = Preset::Classic.board();
    f.reset_house_rules(board.rules());
    assert!(!f.house.sell_lots_to_bank, "off, as the official rules");
    assert!(!f.to_setup(board.clone(), 1).rules.sell_lots_to_bank);
    f.house.sell_lots_to_bank = true;
    let setup = f.to_setup(board, 1);
    assert!(setup.rules.sell_lots_to_bank);
    assert!(
        setup.board.rules().sell_lots_to_bank,
        "Help reads the rules in force"
    );
    // A lobby kept before the rule existed reads, with the rule off.
    let mut kept = serde_json::to_value(&f.house).expect("writes");
    kept.as_object_mut()
        .expect("an object")
        .remove("sell_lots_to_bank");
    let old: worlds_models::lobby::HouseRules = serde_json::from_value(kept).expect("reads");
    assert!(!old.sell_lots_to_bank);
}

#[test]
fn played_online_the_first_person_seat_is_this_devices_and_every_other_person_waits_for_a_friend() {
    use worlds_models::lobby::room_seats;
    let names = |seats: &[worlds_engine::Seat]| -> Vec<String> {
        seats.iter().map(|s| s.name.clone()).collect()
    };
    // The lobby's default table: two person seats. The second is open for a friend.
    let f = LobbyForm::new("Classic");
    let setup = f.to_setup(Preset::Classic.board(), 0);
    let (seats, open) = room_seats(setup.seats, &f.remote_seats()).expect("a seat here");
    assert_eq!(names(&seats), ["Player 1", "Player 2"]);
    assert_eq!(open, [1]);
    // Computers stay computers, "Another device" is open too, and the lobby's order stays
    // (this device's seat first: a computer before it moves after it).
    let mut f = LobbyForm::new("Classic");
    f.set_seat_count(5);
    f.set_plays_as(0, Plays::Computer(ComputerStrategy::Cautious));
    f.set_plays_as(2, Plays::OtherDevice);
    f.set_plays_as(3, Plays::Computer(ComputerStrategy::Balanced));
    let setup = f.to_setup(Preset::Classic.board(), 0);
    let lobby = names(&setup.seats);
    let (seats, open) = room_seats(setup.seats, &f.remote_seats()).expect("a seat here");
    assert_eq!(names(&seats), [1, 0, 2, 3, 4].map(|i| lobby[i].clone()));
    assert_eq!(open, [2, 4]);
    assert!(matches!(seats[1].kind, SeatKind::Computer { .. }));
    assert!(matches!(seats[3].kind, SeatKind::Computer { .. }));
    // Nobody plays on this device: no room.
    let mut f = LobbyForm::new("Classic");
    f.set_plays_as(0, Plays::OtherDevice);
    f.set_plays_as(1, Plays::Computer(ComputerStrategy::Balanced));
    let setup = f.to_setup(Preset::Classic.board(), 0);
    assert!(room_seats(setup.seats, &f.remote_seats()).is_none());
}

#[test]
fn the_board_drawn_while_the_games_code_arrives_is_the_board_the_game_starts_on() {
    let mut f = LobbyForm::new("Classic");
    f.set_seat_count(3);
    f.seats[0].name = "  Ann ".into();
    f.set_plays_as(2, Plays::Computer(ComputerStrategy::Balanced));
    let board = Preset::Classic.board();
    let drawn = f.starting_squares(board.def());
    // The same squares as the ring draws for the board, with every token on the first.
    let plain = worlds_models::ring::board_square_views(board.def());
    assert_eq!(drawn.len(), plain.len());
    for (i, (d, p)) in drawn.iter().zip(&plain).enumerate() {
        assert_eq!(d.name, p.name);
        assert_eq!(d.band, p.band);
        if i > 0 {
            assert!(d.tokens.is_empty(), "square {i} has no token");
        }
    }
    // The game those seats start: its players, in order, are the tokens drawn on its first
    // square, where they all stand.
    let game = worlds_engine::Game::new(f.to_setup(board.clone(), 5)).expect("a valid table");
    let players: Vec<(String, String, String)> = game
        .players()
        .iter()
        .map(|p| {
            assert_eq!(p.position, 0, "{} starts on the first square", p.name);
            (
                p.name.clone(),
                worlds_models::lobby::token_glyph(&p.token).to_string(),
                p.color.clone(),
            )
        })
        .collect();
    let tokens: Vec<(String, String, String)> = drawn[0]
        .tokens
        .iter()
        .map(|t| (t.player.clone(), t.glyph.clone(), t.color.clone()))
        .collect();
    assert_eq!(tokens, players);
    assert_eq!(tokens[0].0, "Ann");
}

#[test]
fn a_token_that_is_one_of_the_boards_pawns_is_drawn_with_its_picture() {
    let mut def = Preset::Classic.board().def().clone();
    def.pawns.push(worlds_engine::board::PawnDef {
        name: "Kite".into(),
        picture: "data:image/png;base64,AAAA".into(),
    });
    let mut f = LobbyForm::new("Classic");
    f.seats[1].token = worlds_engine::Token::Pawn(0);
    let drawn = f.starting_squares(&def);
    assert_eq!(drawn[0].tokens[0].picture, None);
    assert_eq!(
        drawn[0].tokens[1].picture.as_deref(),
        Some("data:image/png;base64,AAAA")
    );
    assert_eq!(drawn[0].tokens[1].color, f.seats[1].color);
}
