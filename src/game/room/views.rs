//! The room's screens: the waiting room a room link opens (who sits where, the Room link
//! with Copy and a QR code, Join room for a friend, Remove and Start game for the room's
//! creator, who also says whether others with the link may watch), and the room's panel beside a game in progress (who is away, "Let a computer
//! play for Bea"). Every name comes from the network: shown as text, never HTML.

use leptos::prelude::*;

use crate::common::context::Screen;
use crate::common::error::AppError;
use crate::common::room_server::room_link;
use crate::common::share::LinkField;
use crate::game::pieces::{token_glyph, PieceFields};
use crate::game::room::{
    allow_watchers, im_back, join, leave_room_and_link, let_computer_play, play_again, remove_seat,
    set_turn_timer, show_code, start_game, RoomInfo, RoomSeat, RoomUi,
};
use worlds_engine::PlayerId;
use worlds_models::pieces::free_pieces;
use worlds_table::clock::TurnTimer;
use worlds_table::room::RoomPresence;

/// How a seat reads in the room's lists: "🚗 Bea (computer, balanced)", "Ann (you)",
/// "Seat 2: open for a friend".
fn seat_words(s: &RoomSeat, mine: Option<PlayerId>) -> String {
    if s.is_open() {
        return format!(
            "Seat {}: open for a friend (they join by the link)",
            s.seat.index() + 1
        );
    }
    let glyph = token_glyph(&worlds_engine::Token::from_name(&s.token));
    let mut notes = Vec::new();
    if Some(s.seat) == mine {
        notes.push("you".to_string());
    }
    if let Some(strategy) = &s.computer {
        notes.push(format!("computer, {strategy}"));
    }
    match s.presence {
        RoomPresence::Away => notes.push("away".to_string()),
        RoomPresence::ComputerPlaying => notes.push("a computer plays meanwhile".to_string()),
        RoomPresence::Here | RoomPresence::Computer | RoomPresence::Open => {}
    }
    if notes.is_empty() {
        format!("{glyph} {}", s.name)
    } else {
        format!("{glyph} {} ({})", s.name, notes.join(", "))
    }
}

/// The waiting room of the room a link opened (`#room=CODE`).
#[component]
pub fn RoomScreen(ui: RoomUi) -> impl IntoView {
    let code = move || ui.info.with(|i| i.as_ref().map(|i| i.code.clone()));
    // Taking over from the room's door (web/door.js), whose page had the focus, or opened
    // with the focus nowhere: the focus goes to the room's heading, not the page's top, so a
    // keyboard user goes on from there.
    let heading = NodeRef::<leptos::html::H1>::new();
    Effect::new(move |_| {
        if let Some(h) = heading.get() {
            request_animation_frame(move || {
                if h.is_connected() && crate::common::focus::focus_is_lost() {
                    let _ = h.focus();
                }
            });
        }
    });
    view! {
        <section class="screen join room" aria-labelledby="room-title">
            <div class="panel">
                <h1 id="room-title" node_ref=heading tabindex="-1">{move || code().map_or("Room".to_string(), |c| format!("Room {}", show_code(&c)))}</h1>
                <OperatorNotice ui=ui />
                {move || ui.closed.get().map(|why| view! {
                    <p class="problem" role="alert">{why.to_string()}</p>
                })}
                {move || ui.info.get().map(|i| view! {
                    <p>{format!("{} · Board: {}", i.title, i.board_name)}</p>
                })}
                <p role="status" aria-live="polite">{move || ui.status.get().map(|s| s.to_string())}</p>
                // A seated player shares the link first; a friend at the door joins first
                // (the link is below for them).
                <RoomLink ui=ui seated=true />
                <h2>"Who sits where"</h2>
                <ul class="join-seats"><RoomSeats ui=ui /></ul>
                <JoinRoomForm ui=ui />
                <RoomNotes ui=ui />
                <TurnTimerField ui=ui />
                {move || (ui.seat.get().is_some() && ui.closed.get().is_none())
                    .then(|| view! { <crate::common::alerts::TellMeButton /> })}
                {move || ui.problem.get().filter(|_| !at_the_door(ui)).map(|p| view! { <p class="problem" role="alert">{p.to_string()}</p> })}
                <RoomButtons ui=ui />
                <RoomLink ui=ui seated=false />
            </div>
        </section>
    }
}

/// The room server's operator's notice as a banner ("Restarting in 5 minutes"): their text
/// as text, never as HTML.
#[component]
fn OperatorNotice(ui: RoomUi) -> impl IntoView {
    move || {
        ui.notice.get().map(|text| {
            view! {
                <p class="operator-notice" role="status"><strong>"Room server: "</strong>{text}</p>
            }
        })
    }
}

/// The Room link with Copy and its QR code, shown where it serves: above the seats for a
/// seated player (`seated`), below everything for a device at the door.
#[component]
fn RoomLink(ui: RoomUi, seated: bool) -> impl IntoView {
    move || {
        let here = ui.seat.get().is_some() == seated && ui.closed.get().is_none();
        let code = ui.info.with(|i| i.as_ref().map(|i| i.code.clone()));
        code.filter(|_| here).map(|c| {
            view! {
                <LinkField
                    label="Room link"
                    link=room_link(&show_code(&c))
                    copy_label="Copy"
                    hint="Send it to your friends: opening it is all they need to sit down.".to_string()
                />
            }
        })
    }
}

/// Whether this device is at the room's door: no seat, and the game not started.
fn at_the_door(ui: RoomUi) -> bool {
    !seated(ui) && !started(ui) && ui.info.with(Option::is_some)
}

/// Whether the room's game has started.
fn started(ui: RoomUi) -> bool {
    ui.info.with(|i| i.as_ref().is_some_and(|i| i.started))
}

/// Whether this device has a seat in the room.
fn seated(ui: RoomUi) -> bool {
    ui.seat.get().is_some()
}

/// Whether the room lets others with the link watch.
fn watchers_allowed(ui: RoomUi) -> bool {
    ui.info.with(|i| i.as_ref().is_some_and(|i| i.spectators))
}

/// The room's seats, one item each; before the start the creator may remove another's.
#[component]
fn RoomSeats(ui: RoomUi) -> impl IntoView {
    move || {
        let mine = ui.seat.get();
        let creator = ui.is_creator();
        let before_start = !started(ui);
        ui.info
            .get()
            .map(|i| i.seats)
            .unwrap_or_default()
            .into_iter()
            .map(|s| {
                let seat = s.seat;
                let words = seat_words(&s, mine);
                let removable = creator && before_start && Some(seat) != mine;
                let remove_label = if s.is_open() {
                    format!("Remove open seat {}", seat.index() + 1)
                } else {
                    format!("Remove {}", s.name)
                };
                let open = s.is_open();
                view! {
                    <li class:open-seat=open>
                        <span class="seat-swatch" aria-hidden="true" style:background=if open { "transparent".to_string() } else { s.color.clone() }></span>
                        <span>{words}</span>
                        {removable.then(|| view! {
                            <button type="button" class="action" aria-label=remove_label.clone()
                                on:click=move |_| remove_seat(ui, seat)>"Remove"</button>
                        })}
                    </li>
                }
            })
            .collect_view()
    }
}

/// Before the start, for a device without a seat: its name, color and token, and Join room.
/// The color and token start as ones nobody in the room holds (the open seat's own when
/// free), and move on when someone else takes them first.
#[component]
fn JoinRoomForm(ui: RoomUi) -> impl IntoView {
    let name = RwSignal::new(String::new());
    let color = RwSignal::new(String::new());
    let token = RwSignal::new(String::new());
    Effect::new(move |_| {
        let Some((free_color, free_token)) = ui.info.with(|i| i.as_ref().map(room_free_pieces))
        else {
            return;
        };
        let held = |seats: &[RoomSeat], c: &str, t: &str| {
            seats.iter().filter(|s| !s.is_open()).any(|s| {
                (!c.is_empty() && s.color.eq_ignore_ascii_case(c))
                    || (!t.is_empty() && s.token == t)
            })
        };
        let seats = ui
            .info
            .with_untracked(|i| i.as_ref().map(|i| i.seats.clone()))
            .unwrap_or_default();
        let c = color.get_untracked();
        if c.is_empty() || held(&seats, &c, "") {
            color.set(free_color);
        }
        let t = token.get_untracked();
        if t.is_empty() || held(&seats, "", &t) {
            token.set(free_token);
        }
    });
    let on_join = move |_| {
        let n = name.get_untracked();
        if n.trim().is_empty() {
            ui.problem.set(Some(AppError::NameNeeded));
            // The sentence stands next to the field, and the field takes the focus.
            if let Some(input) = document()
                .query_selector(".room .join-form input[type=text]")
                .ok()
                .flatten()
                .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
            {
                let _ = input.focus();
            }
            return;
        }
        join(ui, n, color.get_untracked(), token.get_untracked());
    };
    move || {
        at_the_door(ui).then(|| view! {
        <div class="lobby-row join-form">
            <PieceFields name=name color=color token=token />
        </div>
        {move || ui.problem.get().map(|p| view! { <p class="problem" role="alert">{p.to_string()}</p> })}
        <div class="button-row">
            <button type="button" class="menu-button primary" on:click=on_join>"Join room"</button>
        </div>
    })
    }
}

/// A color and a token nobody in the room holds: the first open seat's when free.
fn room_free_pieces(info: &RoomInfo) -> (String, String) {
    let held = info
        .seats
        .iter()
        .filter(|s| !s.is_open())
        .map(|s| (s.color.as_str(), s.token.as_str()));
    let preferred = info
        .seats
        .iter()
        .find(|s| s.is_open())
        .map(|s| (s.color.as_str(), s.token.as_str()));
    free_pieces(held, preferred)
}

/// What this device may do now (wait, watch, or nothing), and for the creator whether
/// others with the link may watch.
#[component]
fn RoomNotes(ui: RoomUi) -> impl IntoView {
    view! {
        {move || (seated(ui) && !started(ui) && !ui.is_creator()).then(|| view! {
            <p class="hint">"You are seated: the game starts when the room's creator presses Start game."</p>
        })}
        {move || ui.is_creator().then(|| view! {
            <label class="check">
                <input type="checkbox"
                    prop:checked=move || watchers_allowed(ui)
                    on:change=move |ev| allow_watchers(ui, event_target_checked(&ev)) />
                "Others with the link may watch"
            </label>
        })}
        {move || (!seated(ui) && !started(ui) && watchers_allowed(ui)).then(|| view! {
            <p class="hint">"Without a seat you can watch once the game starts."</p>
        })}
        {move || (!seated(ui) && started(ui) && !ui.watching.get()).then(|| view! {
            <p class="hint">"This room's game has started: only its players' devices can sit down."</p>
        })}
        {move || (!seated(ui) && started(ui) && ui.watching.get()).then(|| view! {
            <p class="hint">"You are watching this game: its players' devices decide."</p>
        })}
    }
}

/// The room's turn timer: the creator chooses it before the start; every other device reads
/// it.
#[component]
fn TurnTimerField(ui: RoomUi) -> impl IntoView {
    let timer = move || {
        ui.info
            .with(|i| i.as_ref().map_or(TurnTimer::Off, |i| i.turn_timer))
    };
    // The creator sets it until the game starts.
    let sets = move || ui.is_creator() && !started(ui);
    view! {
        {move || sets().then(|| view! {
            <div class="lobby-row"><label>
                "Turn timer"
                <select
                    prop:value=move || timer().key()
                    on:change=move |ev| {
                        if let Some(t) = TurnTimer::from_key(&event_target_value(&ev)) {
                            set_turn_timer(ui, t);
                        }
                    }
                >
                    {TurnTimer::ALL.into_iter().map(|t| view! {
                        <option value=t.key() selected=move || timer() == t>{t.label()}</option>
                    }).collect_view()}
                </select>
            </label></div>
            <p class="hint">"When a player's time runs out, a computer plays for them that time."</p>
        })}
        {move || (!sets() && !timer().is_off()).then(|| view! {
            <p class="hint">{format!("Turn timer: {}", timer().label())}</p>
        })}
    }
}

/// Why the creator's Start game waits, in a sentence (`None`: it is ready).
pub fn start_waits_for(info: &RoomInfo) -> Option<String> {
    if let Some(open) = info.seats.iter().find(|s| s.is_open()) {
        return Some(format!(
            "Start game waits for a friend to take seat {}: send them the room link, or remove the seat.",
            open.seat.index() + 1
        ));
    }
    (info.seats.len() < 2).then(|| {
        "Start game waits for a second player: send the room link to a friend.".to_string()
    })
}

/// Back to menu (leaving the room), and Start game, Back to the game or Watch the game as
/// the room stands.
#[component]
fn RoomButtons(ui: RoomUi) -> impl IntoView {
    let nav = ui.nav;
    let waits = move || ui.info.with(|i| i.as_ref().and_then(start_waits_for));
    let back = move |_| {
        leave_room_and_link(ui.conn);
        nav.go(Screen::Menu)
    };
    view! {
        {move || (ui.is_creator() && !started(ui)).then(|| waits().map(|why| view! {
            <p class="hint" id="start-waits">{why}</p>
        }))}
        <div class="button-row">
            <button type="button" class="menu-button" on:click=back>"Back to menu"</button>
            {move || (ui.is_creator() && !started(ui)).then(|| view! {
                <button type="button" class="menu-button primary"
                    disabled=move || waits().is_some()
                    aria-describedby="start-waits"
                    on:click=move |_| start_game(ui)>"Start game"</button>
            })}
            {move || (seated(ui) && started(ui)).then(|| view! {
                <button type="button" class="menu-button primary"
                    on:click=move |_| nav.go(Screen::Play)>"Back to the game"</button>
            })}
            {move || (!seated(ui) && started(ui) && ui.watching.get()).then(|| view! {
                <button type="button" class="menu-button primary"
                    on:click=move |_| nav.go(Screen::Play)>"Watch the game"</button>
            })}
        </div>
    }
}

/// Beside a room's game: the room link, who is away, and "Let a computer play for Bea" once
/// a seat has been away for 30 s.
#[component]
pub fn RoomPanel(ui: RoomUi) -> impl IntoView {
    let away = move || {
        let mine = ui.seat.get();
        ui.info
            .get()
            .map(|i| i.seats)
            .unwrap_or_default()
            .into_iter()
            .filter(|s| s.is_away() && Some(s.seat) != mine)
            .map(|s| {
                let seat = s.seat;
                let label = format!("Let a computer play for {}", s.name);
                view! {
                    <li>
                        <span>{format!("{} is away", s.name)}</span>
                        {move || ui.away_long(seat).then(|| {
                            let label = label.clone();
                            view! {
                                <button type="button" class="action" on:click=move |_| let_computer_play(ui, seat)>{label}</button>
                            }
                        })}
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <section class="room-panel panel" aria-labelledby="room-panel-title">
            <h2 id="room-panel-title">{move || ui.info.with(|i| i.as_ref().map_or("Room".to_string(), |i| format!("Room {}", show_code(&i.code))))}</h2>
            <OperatorNotice ui=ui />
            <p role="status" aria-live="polite">{move || ui.status.get().map(|s| s.to_string())}</p>
            {move || ui.watching.get().then(|| view! {
                <p class="hint">"You are watching: the players' devices decide."</p>
            })}
            {move || ui.countdown().map(|left| view! {
                <p class="turn-clock" role="timer">{left}</p>
            })}
            {move || ui.computer_plays_mine().then(|| view! {
                <p class="hint">"A computer is playing for you."</p>
                <button type="button" class="menu-button primary" on:click=move |_| im_back(ui)>"I'm back"</button>
            })}
            <ul class="room-away">{away}</ul>
            {move || ui.seat.get().is_some().then(|| view! { <crate::common::alerts::TellMeButton /> })}
            {move || ui.problem.get().map(|p| view! { <p class="problem" role="alert">{p.to_string()}</p> })}
        </section>
    }
}

/// On a room game's end screen, for a player of the room: Play again opens a new room with
/// the same board, rules and seats, where each device that presses it sits in its old seat.
#[component]
pub fn PlayAgainButton(ui: RoomUi) -> impl IntoView {
    move || {
        let seated = seated(ui) && started(ui) && ui.conn.is_open();
        seated.then(|| {
            view! {
                <div class="button-row">
                    <button type="button" class="menu-button primary"
                        disabled=move || ui.again.get()
                        aria-describedby="play-again-note"
                        on:click=move |_| play_again(ui)>"Play again"</button>
                </div>
                <p class="hint" id="play-again-note" role="status">{move || if ui.again.get() {
                    "Opening a new room for the same players…".to_string()
                } else {
                    "A new room with the same board, rules and seats: each of you presses Play again.".to_string()
                }}</p>
                {move || ui.problem.get().map(|p| view! { <p class="problem" role="alert">{p.to_string()}</p> })}
            }
        })
    }
}
