//! The play screen: the board ring with dice and prompt in its center, the action bar, the
//! players and the log; the dialogs the game asks for; computer turns on a visible timer;
//! Esc for the game menu; the end screen when the game is over.

pub mod actions;
pub mod coach;
pub mod dialogs;
pub mod end_screen;
pub mod game_log;
pub mod game_menu;
pub mod landing;
pub mod manage;
pub mod play_board;
pub mod play_ui;
pub mod players;
pub mod timers;
pub mod trade;

use leptos::prelude::*;
use worlds_engine::{Game, SquareKind};

use crate::common::board_view::{board_square_views, token_view, SquareView};
use crate::common::context::{Navigator, Screen, SettingsStore};
use crate::game::play::actions::ActionBar;
use crate::game::play::dialogs::{PhaseDialog, ResignDialog, SquareInfo};
use crate::game::play::end_screen::EndScreen;
use crate::game::play::game_log::GameLog;
use crate::game::play::game_menu::{esc_toggles_menu, GameMenu, GameMenuUi};
use crate::game::play::manage::ManageDialog;
use crate::game::play::play_board::{CardDrawn, PlayBoard};
use crate::game::play::play_ui::PlayUi;
use crate::game::play::players::PlayerPanel;
use crate::game::play::trade::TradeDialog;
use crate::game::session::Session;

/// The squares as the ring draws them, with the tokens at `shown` positions.
pub fn square_views(g: &Game, shown: &[usize]) -> Vec<SquareView> {
    let b = g.board();
    let mut views = board_square_views(b.def());
    for (i, v) in views.iter_mut().enumerate() {
        let st = g.square(i);
        v.owner = st.owner.map(|o| {
            let p = g.player(o);
            (p.color.clone(), p.name.clone())
        });
        v.houses = st.buildings.level();
        v.mortgaged = st.mortgaged;
        if matches!(b.square(i).kind, SquareKind::FreeParking)
            && g.rules().free_parking_jackpot
            && g.jackpot() > 0
        {
            v.detail = b.money(g.jackpot());
        }
    }
    for (i, p) in g.players().iter().enumerate() {
        if p.bankrupt {
            continue;
        }
        let pos = shown.get(i).copied().unwrap_or(p.position);
        if let Some(v) = views.get_mut(pos) {
            let name = if p.in_jail {
                format!("{} (in jail)", p.name)
            } else {
                p.name.clone()
            };
            v.tokens.push(token_view(b.def(), name, &p.token, &p.color));
        }
    }
    views
}

#[component]
pub fn PlayScreen() -> impl IntoView {
    let session = expect_context::<Session>();
    let nav = expect_context::<Navigator>();
    let settings = expect_context::<SettingsStore>().settings;
    let ui = PlayUi {
        manage: RwSignal::new(false),
        trade: RwSignal::new(false),
        resign: RwSignal::new(false),
        menu: RwSignal::new(false),
        info: RwSignal::new(None),
        landing: RwSignal::new(None),
    };
    provide_context(ui);
    landing::follow_landings(session, ui);
    let menu = GameMenuUi::new();

    let shown = timers::chase_tokens(session, settings);
    timers::time_computers(session, settings, ui, shown);
    timers::play_sounds(session, settings);
    esc_toggles_menu(ui, menu);

    // A new game starts at the top of the page, not where the lobby was scrolled to.
    window().scroll_to_with_x_and_y(0.0, 0.0);
    let round = move || session.game.with(|g| g.as_ref().map_or(0, |g| g.round()));
    let over = Memo::new(move |_| {
        session
            .game
            .with(|g| g.as_ref().is_some_and(|g| g.is_over()))
    });
    let any_modal = move || menu.sharing() || ui_modal(session, ui);

    view! {
        <section class="screen play" aria-label="Game">
            <a class="skip-link" href="#decision" on:click=move |ev| {
                ev.prevent_default();
                crate::common::focus::focus_decision();
            }>"Skip to the decision"</a>
            {move || session.game.with(|g| g.is_none()).then(|| view! {
                <div class="panel">
                    <p>"There is no game in progress."</p>
                    <button type="button" class="menu-button" on:click=move |_| nav.go(Screen::Menu)>"Main menu"</button>
                </div>
            })}
            <header class="play-header" inert=move || any_modal().then_some("")>
                <h1 class="play-title">{move || session.title.get()}</h1>
                <span class="play-round">{move || format!("Round {}", round())}</span>
                <button type="button" class="small-button" on:click=move |_| menu.open(ui)>"Menu"</button>
            </header>
            {move || session.storage_warning.get().map(|w| view! { <p class="problem" role="alert">{w.to_string()}</p> })}
            {move || over.get().then(|| view! { <EndScreen /> })}
            <div class="play-layout" inert=move || any_modal().then_some("")>
                <div class="play-board">
                    <PlayBoard shown=shown />
                </div>
                <PlaySide />
            </div>
            <div class="visually-hidden" role="status" aria-live="polite">
                {move || {
                    // A card waiting to be drawn is not told before it is drawn.
                    let events = session.last_events.get();
                    let shown = landing::feed_until_card(session, &events);
                    events[..shown].join(". ")
                }}
            </div>
            <PhaseDialog />
            <landing::CardDialog />
            <ManageDialog />
            <TradeDialog />
            <ResignDialog />
            <SquareInfo />
            <GameMenu menu=menu />
        </section>
    }
}

/// Whether one of the play screen's dialogs (or a decision the game waits for in a dialog)
/// is up, so the screen behind it is inert (tracked). The game menu's Share dialog is asked
/// about first, by the caller.
fn ui_modal(session: Session, ui: PlayUi) -> bool {
    ui.menu.get()
        || landing::persons_card(session).is_some()
        || ui.manage.get()
        || ui.trade.get()
        || ui.resign.get()
        || ui.info.get().is_some()
        || session.game.with(|g| {
            g.as_ref().is_some_and(|g| {
                // Buying and bidding wait in a panel beside the board, which stays usable
                // (its deeds can be opened).
                !matches!(
                    g.phase(),
                    worlds_engine::Phase::Roll
                        | worlds_engine::Phase::EndTurn
                        | worlds_engine::Phase::GameOver
                ) && !dialogs::is_panel_decision(g.phase())
            })
        }) && !session.computer_to_act()
}

/// The side of the play screen: the card just drawn (on a phone), the action bar, the
/// buy or bid panel, a table's or room's panels, the players and the log.
#[component]
fn PlaySide() -> impl IntoView {
    let session = expect_context::<Session>();
    view! {
        <aside class="play-side">
            // On a phone the board's centre is often scrolled away: the card shows
            // above the bar instead (CSS shows one of the two).
            <CardDrawn class="card-drawn in-bar" />
            <ActionBar />
            <PhaseDialog panel=true />
            {online_panels(session)}
            <PlayerPanel />
            <GameLog />
        </aside>
    }
}

/// A table's or room's panels beside the board: the devices at the table while one is away
/// (for its host), the room's panel, and table talk.
#[cfg(feature = "online")]
fn online_panels(session: Session) -> impl IntoView {
    view! {
        {move || {
            // The host sees the devices at the table while one of them is away.
            let table = use_context::<crate::game::table::TableUi>()?;
            let hosting = session.role.get() == crate::game::session::TableRole::Host;
            let away = table.seats.with(|s| {
                s.iter().any(|l| l.status != crate::game::table::LinkStatus::Connected)
            });
            (hosting && away).then(|| view! {
                <crate::game::table::views::WaitingRoom ui=table on_friend=Callback::new(|_| {}) playing=true />
            })
        }}
        {move || {
            let room = use_context::<crate::game::room::RoomUi>()?;
            room.info.with(|i| i.as_ref().is_some_and(|i| i.started))
                .then(|| view! { <crate::game::room::views::RoomPanel ui=room /> })
        }}
        {move || {
            let table = use_context::<crate::game::table::TableUi>()?;
            (session.role.get() != crate::game::session::TableRole::Alone)
                .then(|| view! { <crate::game::table::views::TableTalk ui=table /> })
        }}
    }
}

/// The game's code without online play has no table or room beside the board.
#[cfg(not(feature = "online"))]
fn online_panels(_session: Session) -> impl IntoView {}
