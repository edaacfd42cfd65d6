//! The lobby's boards: the presets, the user's worlds and a world opened from a link, each
//! with a thumbnail and a line saying what it is, one of them chosen.

use leptos::prelude::*;
use worlds_engine::{Board, BoardDef, Preset};

use crate::common::boards::BoardChoice;
use crate::common::thumbnail::BoardThumbnail;

/// A board the player can pick.
#[derive(Clone)]
pub(super) struct Choice {
    pub(super) id: BoardChoice,
    label: String,
    pub(super) board: Board,
    /// What the board is, in one line.
    about: String,
}

/// One line saying what a board is. It never names another board (a board is found by its
/// name in this card).
fn board_line(id: &BoardChoice, board: &Board) -> String {
    let squares = board.len();
    match id {
        BoardChoice::Preset(Preset::Classic) => {
            "The official US rules: 40 squares, auctions, houses and hotels".into()
        }
        BoardChoice::Preset(Preset::Mini) => {
            "A short game on 16 squares: no auctions, no houses, 20 rounds".into()
        }
        BoardChoice::Preset(Preset::Campus) => {
            "16 squares, rent is the price, a 6 rolls again".into()
        }
        BoardChoice::Preset(Preset::Worlds) => {
            "The template for your own boards: 40 squares, houses and hotels".into()
        }
        BoardChoice::World(_) => format!("Your world: {squares} squares"),
        BoardChoice::Link | BoardChoice::Editing => {
            format!("Opened from a link: {squares} squares")
        }
    }
}

/// The presets and the user's worlds, a world opened from a link (`from_link`, played
/// without saving it) first; with what went wrong while gathering them.
pub(super) fn board_choices(from_link: Option<BoardDef>) -> (Vec<Choice>, Option<String>) {
    let (list, problem) = crate::common::boards::offered_boards();
    let mut choices: Vec<Choice> = list
        .into_iter()
        .map(|c| Choice {
            about: board_line(&c.choice, &c.board),
            id: c.choice,
            label: c.name,
            board: c.board,
        })
        .collect();
    if let Some(def) = from_link {
        if let Ok(board) = Board::from_def(def.clone()) {
            choices.insert(
                0,
                Choice {
                    id: BoardChoice::Link,
                    label: def.name.clone(),
                    about: board_line(&BoardChoice::Link, &board),
                    board,
                },
            );
        }
    }
    (choices, problem)
}

/// The boards the lobby offers, and the chosen one.
#[derive(Clone, Copy)]
pub(super) struct Boards {
    pub(super) choices: StoredValue<Vec<Choice>>,
    pub(super) chosen: RwSignal<usize>,
}

impl Boards {
    /// `f` of the chosen board's entry (tracked).
    pub(super) fn with_chosen<R>(&self, f: impl FnOnce(&Choice) -> R) -> R {
        let chosen = self.chosen.get();
        self.choices.with_value(|c| f(&c[chosen.min(c.len() - 1)]))
    }

    /// The chosen board (tracked).
    pub(super) fn board(&self) -> Board {
        self.with_chosen(|c| c.board.clone())
    }

    /// Where the board with this id is in the list.
    pub(super) fn position(&self, id: &BoardChoice) -> Option<usize> {
        self.choices
            .with_value(|c| c.iter().position(|x| x.id == *id))
    }
}

/// One radio button per board (its thumbnail, name, kind and line); `pick` chooses it.
#[component]
pub(super) fn BoardList(boards: Boards, pick: Callback<usize>) -> impl IntoView {
    let Boards { choices, chosen } = boards;
    move || {
        choices.with_value(|list| {
            list.iter()
                .enumerate()
                .map(|(i, c)| {
                    let def = c.board.def().clone();
                    let label = c.label.clone();
                    let kind = c.id.kind_label();
                    let about = c.about.clone();
                    let id = c.id.to_string();
                    view! {
                        <li>
                            <label class="board-choice" class:selected=move || chosen.get() == i>
                                <input
                                    type="radio"
                                    name="board"
                                    value=id
                                    prop:checked=move || chosen.get() == i
                                    on:change=move |_| pick.run(i)
                                />
                                <BoardThumbnail def=def />
                                <span class="board-choice-name">{label}</span>
                                <span class="board-choice-kind">{kind}</span>
                                <span class="board-choice-about">{about}</span>
                            </label>
                        </li>
                    }
                })
                .collect_view()
        })
    }
}
