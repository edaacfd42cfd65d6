//! The play screen: the board ring with dice and prompt in its center, the action bar, the
//! players and the log; the dialogs the game asks for; computer turns on a visible timer;
//! Esc for the game menu; the end screen when the game is over.

pub mod actions;
pub mod coach;
pub mod dialogs;
pub mod end_screen;
pub mod game_log;
pub mod manage;
pub mod play_ui;
pub mod players;
pub mod sound;
pub mod trade;

use std::time::Duration;

use leptos::prelude::*;
use worlds_engine::{Game, GameRecord, SquareKind};

use crate::common::board_view::{board_square_views, BoardRing, Die, SquareView, TokenView};
use crate::common::context::{Navigator, Screen, SettingsStore};
use crate::common::modal::Modal;
use crate::common::share::ShareDialog;
use crate::game::help::HelpPanel;
use crate::game::pieces::token_glyph;
use crate::game::play::actions::{newest_feed_lines, ActionBar};
use crate::game::play::dialogs::{PhaseDialog, ResignDialog, SquareInfo};
use crate::game::play::end_screen::EndScreen;
use crate::game::play::game_log::GameLog;
use crate::game::play::manage::ManageDialog;
use crate::game::play::play_ui::PlayUi;
use crate::game::play::players::PlayerPanel;
use crate::game::play::trade::TradeDialog;
use crate::game::session::Session;
use crate::game::settings::SettingsPanel;

/// What the in-game menu shows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum MenuView {
    Main,
    Help,
    Settings,
    ConfirmExit,
}

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
            let picture = p
                .token
                .pawn()
                .and_then(|n| b.def().pawns.get(n))
                .map(|pawn| pawn.picture.clone());
            let name = if p.in_jail {
                format!("{} (in jail)", p.name)
            } else {
                p.name.clone()
            };
            v.tokens.push(TokenView {
                player: name,
                glyph: token_glyph(&p.token).to_string(),
                picture,
                color: p.color.clone(),
            });
        }
    }
    views
}

fn positions(session: &Session) -> Vec<usize> {
    session.game.with_untracked(|g| {
        g.as_ref()
            .map(|g| g.players().iter().map(|p| p.position).collect())
            .unwrap_or_default()
    })
}

fn reduced_motion() -> bool {
    window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// Moves shown tokens one square at a time towards where they really are; a backward move
/// or a jump (jail, a card) lands at once.
fn animate_step(
    session: Session,
    shown: RwSignal<Vec<usize>>,
    generation: RwSignal<u64>,
    gen: u64,
    ms: u64,
) {
    // The screen may have been left since this step was scheduled: its signals are gone.
    if generation.try_get_untracked() != Some(gen) {
        return;
    }
    let target = positions(&session);
    let n = session
        .game
        .with_untracked(|g| g.as_ref().map_or(1, |g| g.board().len()))
        .max(1);
    let Some(current) = shown.try_get_untracked() else {
        return;
    };
    if current.len() != target.len() {
        shown.set(target);
        return;
    }
    let next: Vec<usize> = current
        .iter()
        .zip(&target)
        .map(|(&c, &t)| {
            let forward = (t + n - c) % n;
            if forward == 0 || forward > 12 {
                t
            } else {
                (c + 1) % n
            }
        })
        .collect();
    let done = next == target;
    shown.set(next);
    if !done {
        set_timeout(
            move || animate_step(session, shown, generation, gen, ms),
            Duration::from_millis(ms),
        );
    }
}

#[component]
pub fn PlayScreen() -> impl IntoView {
    let session = expect_context::<Session>();
    // The card just drawn, with OK to put it away (shown in the board's centre, or above
    // the bar on a phone).
    let card_drawn = move |class: &'static str| {
        move || {
            session.card.get().map(|c| {
                view! {
                    <div class=class role="status">
                        <strong>{format!("{}'s {} card", c.player, c.deck.label())}</strong>
                        <p>{c.text}</p>
                        <button type="button" class="small-button" on:click=move |_| session.card.set(None)>"OK"</button>
                    </div>
                }
            })
        }
    };
    let nav = expect_context::<Navigator>();
    let shared = use_context::<crate::common::context::Shared>();
    let settings = expect_context::<SettingsStore>().settings;
    let ui = PlayUi {
        manage: RwSignal::new(false),
        trade: RwSignal::new(false),
        resign: RwSignal::new(false),
        menu: RwSignal::new(false),
        info: RwSignal::new(None),
    };
    provide_context(ui);
    let menu_view = RwSignal::new(MenuView::Main);
    // The Share dialog of the game menu's "Share game".
    let sharing = RwSignal::new(None::<Result<String, crate::common::error::AppError>>);
    let save_message = RwSignal::new(None::<(bool, String)>);

    // Tokens: where they are drawn (chasing where they are, square by square).
    let shown = RwSignal::new(positions(&session));
    let generation = RwSignal::new(0u64);
    Effect::new(move |_| {
        session.version.track();
        let target = positions(&session);
        let step_ms = u64::from(settings.with_untracked(|s| s.animation.scale_ms(90)));
        if step_ms == 0 || reduced_motion() {
            shown.set(target);
            return;
        }
        if shown.get_untracked() != target {
            generation.update(|g| *g += 1);
            let gen = generation.get_untracked();
            set_timeout(
                move || animate_step(session, shown, generation, gen, step_ms),
                Duration::from_millis(step_ms),
            );
        }
    });

    // Computer players act on their own after a short, visible delay (paused while the game
    // menu is open; Skip in the action bar plays them at once).
    Effect::new(move |_| {
        let v = session.version.get();
        let settled = shown.with(|s| *s == positions(&session));
        if !settled || ui.menu.get() || !session.computer_to_act() {
            return;
        }
        let delay = u64::from(
            settings
                .with_untracked(|s| s.animation.scale_ms(700))
                .max(40),
        );
        set_timeout(
            move || {
                // `try_`: the play screen may have been left while the timer ran.
                if session.version.get_untracked() == v
                    && ui.menu.try_get_untracked() == Some(false)
                {
                    leptos::task::spawn_local(async move {
                        session.computer_step_in_slices().await;
                    });
                }
            },
            Duration::from_millis(delay),
        );
    });

    // Small sound effects for dice, money and jail.
    Effect::new(move |_| {
        session.version.track();
        let s = settings.get_untracked();
        if !s.sound {
            return;
        }
        if let Some(cue) = session.cue.get_untracked() {
            sound::play(cue, s.volume);
        }
    });

    // Esc opens (or closes) the game menu when no other dialog has taken it.
    let esc = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" && !ev.default_prevented() {
            if ui.menu.get_untracked() {
                ui.menu.set(false);
            } else {
                menu_view.set(MenuView::Main);
                save_message.set(None);
                ui.menu.set(true);
            }
        }
    });
    on_cleanup(move || esc.remove());

    // One memo for the whole ring: each square's own memo then picks its entry.
    let squares = Memo::new(move |_| {
        let pos = shown.get();
        session.game.with(|g| {
            g.as_ref()
                .map(|g| square_views(g, &pos))
                .unwrap_or_default()
        })
    });
    // The square of the player whose turn it is, as drawn: the zoomed phone board keeps it
    // in view.
    let follow = Signal::derive(move || {
        let pos = shown.get();
        session.game.with(|g| {
            g.as_ref().map(|g| {
                let i = g.current_player().index();
                pos.get(i)
                    .copied()
                    .unwrap_or(g.player(g.current_player()).position)
            })
        })
    });
    let board_name_now = session
        .game
        .with_untracked(|g| g.as_ref().map(|g| g.board().name().to_string()))
        .unwrap_or_default();
    let picture = move || {
        session
            .game
            .with(|g| g.as_ref().and_then(|g| g.board().def().picture.clone()))
    };
    // The last roll, and how many rolls the game has seen (a new roll of the same faces
    // still tumbles).
    let dice = Memo::new(move |_| {
        session.game.with(|g| {
            g.as_ref()
                .map(|g| (g.turn().last_roll.clone(), g.throws()))
                .unwrap_or_default()
        })
    });
    let tumble = move || settings.with(|s| s.animation.scale_ms(90)) > 0 && !reduced_motion();
    // A new game starts at the top of the page, not where the lobby was scrolled to.
    window().scroll_to_with_x_and_y(0.0, 0.0);
    let prompt = move || {
        session
            .game
            .with(|g| g.as_ref().map(|g| g.prompt()).unwrap_or_default())
    };
    let round = move || session.game.with(|g| g.as_ref().map_or(0, |g| g.round()));
    let over = Memo::new(move |_| {
        session
            .game
            .with(|g| g.as_ref().is_some_and(|g| g.is_over()))
    });
    let any_modal = move || {
        sharing.with(Option::is_some)
            || ui.menu.get()
            || ui.manage.get()
            || ui.trade.get()
            || ui.resign.get()
            || ui.info.get().is_some()
            || session.game.with(|g| {
                g.as_ref().is_some_and(|g| {
                    // Buying and bidding wait in a panel beside the board, which stays
                    // usable (its deeds can be opened).
                    !matches!(
                        g.phase(),
                        worlds_engine::Phase::Roll
                            | worlds_engine::Phase::EndTurn
                            | worlds_engine::Phase::GameOver
                    ) && !dialogs::is_panel_decision(g.phase())
                })
            }) && !session.computer_to_act()
    };
    let open_square = Callback::new(move |i: usize| ui.info.set(Some(i)));

    let save = move |_| {
        let title = session.title.get_untracked();
        save_message.set(Some(match session.save_named(&title) {
            Ok(()) => (true, format!("Saved as “{title}”.")),
            Err(e) => (false, e),
        }));
    };
    let exit = move |_| {
        ui.menu.set(false);
        session.close();
        nav.go(Screen::Menu);
    };

    let game_menu = move || {
        if !ui.menu.get() {
            return None;
        }
        let close = Callback::new(move |_| ui.menu.set(false));
        let back = Callback::new(move |_| menu_view.set(MenuView::Main));
        Some(view! {
            <Modal title="Game menu".to_string() on_close=close class="game-menu">
                {move || match menu_view.get() {
                    MenuView::Main => view! {
                        <div class="menu-list">
                            <button type="button" class="menu-button primary" on:click=move |_| ui.menu.set(false)>"Resume"</button>
                            <button type="button" class="menu-button" on:click=save>"Save"</button>
                            <button type="button" class="menu-button" on:click=move |_| {
                                let title = session.title.get_untracked();
                                let record = session.game.with_untracked(|g| g.as_ref().map(GameRecord::of));
                                let link = match record {
                                    Some(r) => crate::common::share_link::game_link(&title, &r),
                                    None => Err(crate::common::error::AppError::NoGameToShare),
                                };
                                ui.menu.set(false);
                                sharing.set(Some(link));
                            }>"Share game"</button>
                            <button type="button" class="menu-button" on:click=move |_| {
                                // The lab opens on this game's board; its Back returns here
                                // (the game is saved after every move).
                                if let Some(shared) = shared {
                                    let board = session.game.with_untracked(|g| g.as_ref().map(|g| g.board().def().clone()));
                                    shared.lab_board.set(board);
                                    shared.lab_back.set(Screen::Play);
                                }
                                ui.menu.set(false);
                                nav.go(Screen::Statistics);
                            }>"Board statistics"</button>
                            <button type="button" class="menu-button" on:click=move |_| menu_view.set(MenuView::Help)>"Help"</button>
                            <button type="button" class="menu-button" on:click=move |_| menu_view.set(MenuView::Settings)>"Settings"</button>
                            <button type="button" class="menu-button" on:click=move |_| menu_view.set(MenuView::ConfirmExit)>"Exit"</button>
                        </div>
                        {move || save_message.get().map(|(ok, m)| view! {
                            <p class=if ok { "notice" } else { "problem" } role="status">{m}</p>
                        })}
                    }.into_any(),
                    MenuView::Help => view! { <HelpPanel on_back=back /> }.into_any(),
                    MenuView::Settings => view! { <SettingsPanel on_back=back /> }.into_any(),
                    MenuView::ConfirmExit => view! {
                        <p>"Leave this game? It stays saved: Continue on the main menu resumes it."</p>
                        <div class="button-row">
                            <button type="button" class="menu-button danger" on:click=exit>"Exit game"</button>
                            <button type="button" class="menu-button" on:click=move |_| menu_view.set(MenuView::Main)>"Stay"</button>
                        </div>
                    }.into_any(),
                }}
            </Modal>
        })
    };

    // The 14 newest lines (see .feed in play.css).
    let feed_lines = move || newest_feed_lines(session, 14);

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
                <button type="button" class="small-button" on:click=move |_| {
                    menu_view.set(MenuView::Main);
                    save_message.set(None);
                    ui.menu.set(true);
                }>"Menu"</button>
            </header>
            {move || session.storage_warning.get().map(|w| view! { <p class="problem" role="alert">{w}</p> })}
            {move || over.get().then(|| view! { <EndScreen /> })}
            <div class="play-layout" inert=move || any_modal().then_some("")>
                <div class="play-board">
                    <BoardRing squares=squares label=board_name_now.clone() on_select=open_square one_tab_stop=true zoomable=true follow=follow>
                        {move || picture().map(|p| view! { <img class="center-picture" src=p alt="" /> })}
                        <p class="center-name">{board_name_now.clone()}</p>
                        <div class="dice" aria-label=move || {
                            let (d, _) = dice.get();
                            if d.is_empty() { "No roll yet".to_string() } else {
                                format!("Dice: {}", d.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" and "))
                            }
                        } role="img">
                            {move || {
                                let (faces, _) = dice.get();
                                let rolling = tumble();
                                faces.into_iter().map(|d| view! { <Die face=d rolling=rolling /> }).collect_view()
                            }}
                        </div>
                        <p class="prompt">{prompt}</p>
                        {card_drawn("card-drawn in-centre")}
                        <ol class="feed" aria-label="What happened">{feed_lines}</ol>
                    </BoardRing>
                </div>
                <aside class="play-side">
                    // On a phone the board's centre is often scrolled away: the card shows
                    // above the bar instead (CSS shows one of the two).
                    {card_drawn("card-drawn in-bar")}
                    <ActionBar />
                    <PhaseDialog panel=true />
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
                    <PlayerPanel />
                    <GameLog />
                </aside>
            </div>
            <div class="visually-hidden" role="status" aria-live="polite">
                {move || session.last_events.get().join(". ")}
            </div>
            <PhaseDialog />
            <ManageDialog />
            <TradeDialog />
            <ResignDialog />
            <SquareInfo />
            {game_menu}
            {move || sharing.get().map(|link| view! {
                <ShareDialog
                    title="Share this game".to_string()
                    link=link
                    note=Some("Whoever opens the link can continue the game from here on their own device, then send a link back.".to_string())
                    on_close=Callback::new(move |()| sharing.set(None))
                />
            })}
        </section>
    }
}
