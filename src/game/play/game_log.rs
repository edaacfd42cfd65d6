//! The game log: the audit trail of every roll, move, payment, purchase, build, mortgage,
//! trade, card and bankruptcy, with the round, the player's square and cash after it.
//! Filterable by player and exportable as CSV.

use crate::common::error::AppError;
use leptos::prelude::*;
use worlds_engine::Game;

use crate::common::download::download_text;
use crate::game::session::Session;

/// How many entries the panel shows at once (the export always holds all of them).
const SHOWN: usize = 200;

/// One line of the log as shown and exported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogLine {
    pub round: u32,
    pub player: usize,
    pub player_name: String,
    pub text: String,
    pub square: String,
    pub cash: String,
}

/// The log of a game, in words, oldest first.
pub fn log_lines(g: &Game) -> Vec<LogLine> {
    g.log().iter().map(|e| log_line(g, e)).collect()
}

fn log_line(g: &Game, e: &worlds_engine::LogEntry) -> LogLine {
    let b = g.board();
    LogLine {
        round: e.round,
        player: e.player.index(),
        player_name: g
            .players()
            .get(e.player.index())
            .map_or(String::new(), |p| p.name.clone()),
        text: g.describe(e),
        square: b
            .squares()
            .get(e.position)
            .map_or(String::new(), |s| s.name.clone()),
        cash: b.money(e.cash),
    }
}

/// The newest `count` lines of one player (or everyone), newest first, of the log's first
/// `until` entries (all of them: `None`): only those are put into words, so a long game
/// costs the panel no more than a short one.
pub fn latest_lines(
    g: &Game,
    player: Option<usize>,
    count: usize,
    until: Option<usize>,
) -> Vec<LogLine> {
    let log = g.log();
    log[..until.unwrap_or(log.len()).min(log.len())]
        .iter()
        .rev()
        .filter(|e| player.is_none_or(|p| p == e.player.index()))
        .take(count)
        .map(|e| log_line(g, e))
        .collect()
}

fn csv_field(s: &str) -> String {
    // A leading =, +, - or @ would be read as a formula by spreadsheets.
    let s = if s.starts_with(['=', '+', '-', '@']) {
        format!("'{s}")
    } else {
        s.to_string()
    };
    format!("\"{}\"", s.replace('"', "\"\""))
}

/// The log as CSV: round, player, event, square, cash.
pub fn log_csv(lines: &[LogLine]) -> String {
    let mut out = String::from("round,player,event,square,cash\n");
    for l in lines {
        out.push_str(&format!(
            "{},{},{},{},{}\n",
            l.round,
            csv_field(&l.player_name),
            csv_field(&l.text),
            csv_field(&l.square),
            csv_field(&l.cash)
        ));
    }
    out
}

#[component]
pub fn GameLog() -> impl IntoView {
    let session = expect_context::<Session>();
    // "" = everyone, else the player's index.
    let filter = RwSignal::new(String::new());
    let problem = RwSignal::new(None::<String>);
    let names = Memo::new(move |_| {
        session.game.with(|g| {
            g.as_ref()
                .map(|g| {
                    g.players()
                        .iter()
                        .map(|p| p.name.clone())
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });
    let lines = Memo::new(move |_| {
        let f = filter.get().parse::<usize>().ok();
        // A person's card waiting to be drawn: the log shows what came before it.
        let until = crate::game::play::landing::card_face_down(session).map(|c| c.log_at);
        session.game.with(|g| {
            g.as_ref()
                .map(|g| latest_lines(g, f, SHOWN, until))
                .unwrap_or_default()
        })
    });
    let export = move |_| {
        let result = session.game.with_untracked(|g| {
            let g = g
                .as_ref()
                .ok_or(AppError::NoGame(crate::common::error::Doing::ExportingLog))?;
            let name = format!(
                "{}-log.csv",
                session.title.get_untracked().replace(' ', "-")
            );
            download_text(&name, "text/csv", &log_csv(&log_lines(g)))
        });
        problem.set(result.err().map(|e| e.to_string()));
    };
    view! {
        <section class="game-log" aria-labelledby="log-title">
            <h2 id="log-title">"Game log"</h2>
            <div class="log-tools">
                <label>
                    "Show"
                    <select on:change=move |ev| filter.set(event_target_value(&ev))>
                        <option value="">"Everyone"</option>
                        {move || names.get().into_iter().enumerate().map(|(i, n)| view! {
                            <option value=i.to_string()>{n}</option>
                        }).collect_view()}
                    </select>
                </label>
                <button type="button" class="small-button" on:click=export>"Export log"</button>
            </div>
            {move || problem.get().map(|p| view! { <p class="problem" role="alert">{p}</p> })}
            <ol class="log-lines" reversed>
                {move || lines.get().into_iter().map(|l| view! {
                    <li>
                        <span class="log-round">{format!("R{}", l.round)}</span>
                        " "
                        <span class="log-text">{l.text}</span>
                        <span class="log-after">{format!(" — {} at {}, {}", l.player_name, l.square, l.cash)}</span>
                    </li>
                }).collect_view()}
            </ol>
        </section>
    }
}
