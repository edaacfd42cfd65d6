//! The command line, declared with clap's derive: one struct per command, each with its own
//! `--help`. Values that have a meaning of their own (a board, a count, a strategy) arrive
//! as text and are checked by the command, which words the problem; clap's own errors are
//! turned into the same one line (exit code 2) as those.

use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Args, Parser, Subcommand};

use crate::text::{clean, one_line};

#[derive(Parser, Debug)]
#[command(
    name = "worlds",
    about = "Command-line tools over the Monopoly Worlds engine: scenarios, statistics, \
             tournaments, benchmarks and the room server."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play a scenario file and print the players and the log.
    Replay(ReplayArgs),
    /// Play full computer games on one thread and report actions per second (a benchmark).
    BenchGames(BenchGamesArgs),
    /// Monte Carlo landing frequencies (the statistics lab).
    Landing(LandingArgs),
    /// The exact long-run distribution from the Markov chain of movement.
    Exact(ExactArgs),
    /// Expected rent per opponent turn and turns to pay back, per lot and group.
    Payback(PaybackArgs),
    /// Full games between computer strategies, with win rates and their intervals.
    Tournament(TournamentArgs),
    /// The expert's decision time and games per second (a benchmark).
    BenchExpert(BenchExpertArgs),
    /// Statistics benchmarks: turns per second, chain solve time, full games per second.
    BenchStats(BenchStatsArgs),
    /// The movement simulation on the job of shared/bench/movement_ref.c (a benchmark).
    BenchMovement(BenchMovementArgs),
    /// The room server: serves the built site and hosts rooms (friends anywhere).
    Serve(ServeArgs),
    /// Random games with varied rules, checking invariants after every action.
    Fuzz(FuzzArgs),
    /// A load generator for a room server: rooms of computer clients over real WebSockets.
    Load(LoadArgs),
    /// A room server's admin API (worlds serve --admin-token-file): its rooms, a notice to
    /// every device, closing a room.
    Admin(AdminArgs),
}

/// `worlds admin`: speaks plain HTTP, for a server on the operator's own network, on loopback
/// or through an SSH tunnel (never across the internet: the token would travel in the clear).
#[derive(Args, Debug)]
pub struct AdminArgs {
    /// The room server (plain HTTP), e.g. http://127.0.0.1:8080.
    #[arg(long, value_name = "http://HOST:PORT")]
    pub url: String,
    /// The file holding the admin token (the one the server's --admin-token-file names).
    #[arg(long, value_name = "FILE")]
    pub token_file: String,
    #[command(subcommand)]
    pub what: AdminCommand,
}

#[derive(Subcommand, Debug)]
pub enum AdminCommand {
    /// The rooms the server runs now: code, title, board, seats, actions, last action, node.
    Rooms {
        #[command(flatten)]
        format: FormatArg,
    },
    /// Every device connected to the server shows TEXT in its feed and as a banner.
    Notice {
        /// The sentence (one line, at most 300 characters), e.g. Restarting in 5 minutes.
        #[arg(value_name = "TEXT", required = true, num_args = 1..)]
        text: Vec<String>,
    },
    /// Closes a room: its devices and its link say when and why.
    Close {
        /// The room's code.
        #[arg(value_name = "CODE")]
        code: String,
        /// Why, as its devices and its link will say it.
        #[arg(long, value_name = "TEXT")]
        reason: Option<String>,
    },
}

/// `--board`: a preset (classic, mini, campus, worlds) or the path of a board JSON file.
#[derive(Args, Debug, Clone)]
pub struct BoardArg {
    /// A preset (classic, mini, campus, worlds) or the path of a board JSON file.
    #[arg(long, value_name = "B", default_value = "classic")]
    pub board: String,
}

/// `--format json|table`.
#[derive(Args, Debug, Clone)]
pub struct FormatArg {
    /// Output as a table or as JSON.
    #[arg(long, value_name = "json|table", default_value = "table")]
    pub format: String,
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The scenario file (JSON).
    #[arg(value_name = "SCENARIO.json")]
    pub scenario: String,
    #[command(flatten)]
    pub format: FormatArg,
}

#[derive(Args, Debug)]
pub struct BenchGamesArgs {
    /// Games to play.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub games: u64,
    /// A preset board: classic, mini, campus or worlds.
    #[arg(long, value_name = "ID", default_value = "classic")]
    pub board: String,
    /// Players in each game.
    #[arg(long, value_name = "P", default_value_t = 4)]
    pub players: usize,
    /// Every seat's strategy: balanced, cautious or random.
    #[arg(long, value_name = "NAME", default_value = "balanced")]
    pub strategy: String,
    /// Game g is seeded seed + g.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
}

#[derive(Args, Debug)]
pub struct LandingArgs {
    #[command(flatten)]
    pub board: BoardArg,
    /// Simulated games.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub games: u64,
    /// Turns per game.
    #[arg(long, value_name = "T", default_value_t = 100)]
    pub turns: u64,
    /// Players per game.
    #[arg(long, value_name = "P", default_value_t = 2)]
    pub players: u64,
    /// The generator's seed.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// What is counted: landings, rolls or turns.
    #[arg(long, value_name = "landings|rolls|turns", default_value = "landings")]
    pub count: String,
    /// Card decks shuffled once per game, or each card drawn at random.
    #[arg(long, value_name = "shuffled|random", default_value = "shuffled")]
    pub decks: String,
    /// In jail: stay (try for doubles) or leave at once.
    #[arg(long, value_name = "stay|leave", default_value = "stay")]
    pub jail: String,
    #[command(flatten)]
    pub format: FormatArg,
}

#[derive(Args, Debug)]
pub struct ExactArgs {
    #[command(flatten)]
    pub board: BoardArg,
    /// What is counted: rolls, turns or landings.
    #[arg(long, value_name = "rolls|turns|landings", default_value = "turns")]
    pub count: String,
    /// In jail: stay (try for doubles) or leave at once.
    #[arg(long, value_name = "stay|leave", default_value = "stay")]
    pub jail: String,
    #[command(flatten)]
    pub format: FormatArg,
}

#[derive(Args, Debug)]
pub struct PaybackArgs {
    #[command(flatten)]
    pub board: BoardArg,
    /// In jail: stay (try for doubles) or leave at once.
    #[arg(long, value_name = "stay|leave", default_value = "stay")]
    pub jail: String,
    #[command(flatten)]
    pub format: FormatArg,
}

#[derive(Args, Debug)]
pub struct TournamentArgs {
    #[command(flatten)]
    pub board: BoardArg,
    /// Games to play; game g is seeded seed + g.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub games: u64,
    /// One strategy per seat: balanced, cautious, random, expert.
    #[arg(
        long,
        value_name = "STRATEGY,STRATEGY,...",
        default_value = "balanced,cautious"
    )]
    pub seats: String,
    /// The first game's seed.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// A board without a round limit of its own ends here; the richest player wins.
    #[arg(long, value_name = "R", default_value_t = 500)]
    pub round_cap: u64,
    /// Rotate the seat list by the game's index (every strategy in every seat equally often).
    #[arg(long)]
    pub rotate: bool,
    /// Threads (default: every core; the result does not depend on it).
    #[arg(long, value_name = "T")]
    pub threads: Option<u64>,
    #[command(flatten)]
    pub expert: ExpertArgs,
    #[command(flatten)]
    pub format: FormatArg,
}

/// How hard an expert seat thinks: a time per decision that matters, and a play-out budget.
#[derive(Args, Debug, Clone)]
pub struct ExpertArgs {
    /// Milliseconds the expert may think about each decision that matters (stopped by the
    /// clock: results then vary from run to run). Without it, only the play-out budget
    /// bounds the thinking and a seed repeats a tournament exactly.
    #[arg(long, value_name = "MS")]
    pub think_ms: Option<u64>,
    /// The expert's play-outs per decision at most.
    #[arg(long, value_name = "P", default_value_t = u64::from(worlds_engine::expert::DEFAULT_PLAYOUTS))]
    pub playouts: u64,
    /// Rounds each play-out looks ahead.
    #[arg(long, value_name = "H", default_value_t = u64::from(worlds_engine::expert::DEFAULT_HORIZON))]
    pub horizon: u64,
}

#[derive(Args, Debug)]
pub struct BenchExpertArgs {
    #[command(flatten)]
    pub board: BoardArg,
    /// Games to play (one thread).
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub games: u64,
    /// One strategy per seat, rotated by the game's index.
    #[arg(
        long,
        value_name = "S,S,...",
        default_value = "expert,balanced,balanced,balanced"
    )]
    pub seats: String,
    /// The first game's seed.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Rounds before a game ends with the richest player winning.
    #[arg(long, value_name = "R", default_value_t = 500)]
    pub round_cap: u64,
    /// Milliseconds the expert may think about each decision that matters.
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_THINK_MS)]
    pub think_ms: u64,
    /// The expert's play-outs per decision at most.
    #[arg(long, value_name = "P", default_value_t = u64::from(worlds_engine::expert::DEFAULT_PLAYOUTS))]
    pub playouts: u64,
    /// Rounds each play-out looks ahead.
    #[arg(long, value_name = "H", default_value_t = u64::from(worlds_engine::expert::DEFAULT_HORIZON))]
    pub horizon: u64,
    #[command(flatten)]
    pub format: FormatArg,
}

/// The expert's time per decision that matters, natively, by default (`bench-expert`).
pub const DEFAULT_THINK_MS: u64 = 100;

#[derive(Args, Debug)]
pub struct BenchStatsArgs {
    #[command(flatten)]
    pub board: BoardArg,
    /// Simulated games for turns per second.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub games: u64,
    /// Turns per simulated game.
    #[arg(long, value_name = "T", default_value_t = 150)]
    pub turns: u64,
    /// Players per simulated game.
    #[arg(long, value_name = "P", default_value_t = 2)]
    pub players: u64,
    /// Full computer games for games per second.
    #[arg(long, value_name = "G", default_value_t = 200)]
    pub full_games: u64,
}

#[derive(Args, Debug)]
pub struct BenchMovementArgs {
    /// Games of 150 turns x 2 players per round.
    #[arg(long, value_name = "N", default_value_t = 20_000)]
    pub games: u64,
    /// Timed rounds.
    #[arg(long, value_name = "R", default_value_t = 5)]
    pub rounds: u64,
    /// The compiled C reference (cc -O2 -o /tmp/movement_ref movement_ref.c), run after each round.
    #[arg(long, value_name = "PATH")]
    pub reference: Option<String>,
}

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The built site (make build writes dist/).
    #[arg(long, value_name = "DIR", default_value = "dist")]
    pub site: String,
    /// The address to listen on (0.0.0.0 for every network).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub bind: String,
    /// The port.
    #[arg(long, value_name = "N", default_value_t = 8080)]
    pub port: u64,
    /// The pause before each computer move, in milliseconds.
    #[arg(long, value_name = "N", default_value_t = 700)]
    pub bot_delay_ms: u64,
    /// A room with no action and no device in it for this many days is closed (its link then
    /// says when and why); until then a room nobody is in costs disk, not memory.
    #[arg(long, value_name = "N", default_value_t = 30)]
    pub room_idle_days: u64,
    /// For tests: close idle rooms after this many minutes instead of --room-idle-days.
    #[arg(long, value_name = "N")]
    pub room_idle_minutes: Option<u64>,
    /// A room nobody is connected to leaves this server's memory after this many seconds
    /// (its store keeps it; the next visitor's server takes it up again).
    #[arg(long, value_name = "N", default_value_t = 60)]
    pub set_aside_seconds: u64,
    /// Keep rooms on disk in this folder (an embedded SQLite database, rooms.sqlite3): a
    /// restart, a crash or kill -9 loses no game.
    #[arg(long, value_name = "DIR", default_value = "worlds-data")]
    pub data: String,
    /// Keep rooms in this process's memory only (lost when it stops; for trying things out).
    #[arg(long)]
    pub memory: bool,
    /// Keep rooms in Redis (redis://HOST:PORT), so several servers behind a load balancer
    /// serve any room and a room outlives the server that ran it.
    #[arg(long, value_name = "redis://HOST:PORT")]
    pub redis: Option<String>,
    /// A reverse proxy in front of this server (repeatable, or comma separated): connections
    /// from it are counted by the client address it puts in X-Forwarded-For.
    #[arg(long = "trusted-proxy", value_name = "ADDR", value_delimiter = ',')]
    pub trusted_proxy: Vec<String>,
    /// Who runs this server, for the push services that carry "Your turn" to closed pages
    /// (VAPID's contact): a mailto: or https: URL [default: https://github.com/monopoly-worlds].
    #[arg(long, value_name = "URL")]
    pub push_contact: Option<String>,
    /// For tests only: also send turn pushes to http://127.0.0.1:PORT endpoints (a test's own
    /// push service). Never on a real server: pushes otherwise go only to https:// push
    /// services on the internet.
    #[arg(long)]
    pub push_allow_loopback: bool,
    /// The most rooms kept at once; beyond it, opening a room is refused (503) with a sentence.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub max_rooms: u64,
    /// Rooms one address may open per minute; beyond it, refused (429) with a sentence.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub rooms_per_minute: u64,
    /// WebSockets one address may hold open at once.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub max_sockets_per_address: u64,
    /// Turns on the admin API (/api/admin/...): every request must carry
    /// "Authorization: Bearer TOKEN", TOKEN being this file's content (at least 16
    /// characters; keep it readable by the server's user only).
    #[arg(long, value_name = "FILE")]
    pub admin_token_file: Option<String>,
    /// After SIGTERM, /readyz answers 503 for at least this many seconds before the server
    /// stops listening, so a load balancer sends nobody new to it.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub drain_seconds: u64,
    /// The flags whose value came from their WORLDS_ variable (long name, variable), so a
    /// bad value is said under the name the operator gave it.
    #[arg(skip)]
    pub from_env: Vec<(String, String)>,
}

#[derive(Args, Debug)]
pub struct LoadArgs {
    /// The room server, e.g. ws://127.0.0.1:8080.
    #[arg(long, value_name = "ws://HOST:PORT")]
    pub url: String,
    /// Rooms to open, all at once.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub rooms: u64,
    /// Seats per room, each a client playing as a balanced computer.
    #[arg(long, value_name = "S", default_value_t = 4)]
    pub seats: u64,
    /// Each room's game ends after this many rounds (the richest player wins).
    #[arg(long, value_name = "R", default_value_t = 10)]
    pub rounds: u64,
    /// Each client drops its socket and rejoins with its seat token after every N of its own
    /// confirmed actions (0: never).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub drop_every: u64,
    /// A soak: keep N rooms playing (a new one as each game ends) for this many minutes.
    #[arg(long, value_name = "M", default_value_t = 0)]
    pub minutes: u64,
    /// Each seat thinks before each decision: N ms, randomised by up to half either way, as
    /// a person at the table does (0: at once).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub think_ms: u64,
    /// The server's process (give it once per node): its CPU seconds are read from
    /// /proc/PID/stat before and after, and reported per action.
    #[arg(long, value_name = "PID")]
    pub server_pid: Vec<u32>,
    #[command(flatten)]
    pub format: FormatArg,
}

#[derive(Args, Debug)]
pub struct FuzzArgs {
    /// Games (boards cycle through classic, mini, campus and worlds).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub games: u64,
    /// The first game's seed.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Actions at most per game.
    #[arg(long, value_name = "A", default_value_t = 3000)]
    pub max_actions: u64,
}

/// The command line, or the exit code when there is nothing to run: 0 after `--help`, 2 with
/// one line on standard error for a bad command line.
pub fn parse() -> Result<Command, ExitCode> {
    let args: Vec<String> = std::env::args().collect();
    if args.len() == 1 || args.get(1).is_some_and(|a| a == "help") {
        return Err(help(args.len() == 1));
    }
    match try_parse(&args) {
        Ok(cli) => Ok(cli.command),
        Err(e) => Err(report(&e, &args, command_named(&args))),
    }
}

/// The declared command line: negative numbers are taken as values ("--games -3" is a bad
/// number of games, not an unknown option "-3"), and every `worlds serve` flag also reads its
/// `WORLDS_` variable.
fn declared() -> clap::Command {
    use clap::CommandFactory;
    Cli::command()
        .mut_subcommands(|c| c.allow_negative_numbers(true))
        .mut_subcommand("serve", |c| c.mut_args(from_environment))
}

fn try_parse(args: &[String]) -> Result<Cli, clap::Error> {
    use clap::FromArgMatches;
    let matches = declared().try_get_matches_from(args)?;
    let mut cli = Cli::from_arg_matches(&matches)?;
    if let (Command::Serve(a), Some(m)) = (&mut cli.command, matches.subcommand_matches("serve")) {
        a.from_env = from_env(m);
    }
    Ok(cli)
}

/// The variable a `worlds serve` flag also reads: `--max-rooms` reads `WORLDS_MAX_ROOMS`.
pub fn env_var(long: &str) -> String {
    format!("WORLDS_{}", long.to_uppercase().replace('-', "_"))
}

/// A flag that also reads its `WORLDS_` variable (the flag wins; `--help` names it). A switch
/// takes true/false, yes/no, on/off or 1/0 there.
fn from_environment(arg: clap::Arg) -> clap::Arg {
    let Some(var) = arg.get_long().map(env_var) else {
        return arg;
    };
    let switch = matches!(arg.get_action(), clap::ArgAction::SetTrue);
    let arg = arg.env(var);
    if switch {
        arg.value_parser(clap::builder::BoolishValueParser::new())
    } else {
        arg
    }
}

/// The `worlds serve` flags whose value came from their variable: (long name, variable).
fn from_env(m: &clap::ArgMatches) -> Vec<(String, String)> {
    let serve = declared();
    let Some(serve) = serve.find_subcommand("serve") else {
        return Vec::new();
    };
    serve
        .get_arguments()
        .filter(|a| {
            m.value_source(a.get_id().as_str()) == Some(clap::parser::ValueSource::EnvVariable)
        })
        .filter_map(|a| a.get_long().map(|l| (l.to_string(), env_var(l))))
        .collect()
}

/// A refused `worlds serve` value that came from a `WORLDS_` variable (its flag is not on the
/// command line) is said under the variable's name, which is what the operator wrote.
fn as_given(message: String, args: &[String], command: Option<&str>) -> String {
    if command != Some("serve") {
        return message;
    }
    let Some(flag) = message
        .split([':', ' '])
        .next()
        .filter(|f| f.starts_with("--"))
    else {
        return message;
    };
    let on_line = args
        .iter()
        .any(|a| a == flag || a.starts_with(&format!("{flag}=")));
    let var = env_var(&flag[2..]);
    if on_line || std::env::var_os(&var).is_none() {
        return message;
    }
    message.replacen(flag, &var, 1)
}

/// `worlds` alone (exit 2) or `worlds help` (exit 0): the commands.
fn help(missing: bool) -> ExitCode {
    use clap::CommandFactory;
    let text = Cli::command().render_long_help();
    if missing {
        eprintln!("{text}");
        ExitCode::from(2)
    } else {
        println!("{text}");
        ExitCode::SUCCESS
    }
}

/// The subcommand a command line names, if it names one.
fn command_named(args: &[String]) -> Option<String> {
    use clap::CommandFactory;
    let cli = Cli::command();
    let first = args.get(1)?;
    let known = cli.get_subcommands().any(|c| c.get_name() == first);
    known.then(|| first.clone())
}

/// Prints what clap refused as one line (or the help it was asked for) and gives the exit
/// code.
fn report(e: &clap::Error, args: &[String], command: Option<String>) -> ExitCode {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            print!("{}", e.render());
            return ExitCode::SUCCESS;
        }
        _ => {}
    }
    let message = one_line(&as_given(sentence(e), args, command.as_deref()));
    match command {
        Some(c) => eprintln!("worlds {c}: {message} (usage: worlds {c} --help)"),
        None => eprintln!("worlds: {message} (see worlds help)"),
    }
    ExitCode::from(2)
}

fn context(e: &clap::Error, kind: ContextKind) -> Option<String> {
    match e.get(kind)? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::Strings(v) => v.first().cloned(),
        ContextValue::StyledStr(s) => Some(s.to_string()),
        ContextValue::StyledStrs(v) => v.first().map(ToString::to_string),
        _ => None,
    }
}

/// clap's refusal in the words the commands use for their own.
fn sentence(e: &clap::Error) -> String {
    // "--games <N>" names the flag "--games".
    let arg = context(e, ContextKind::InvalidArg)
        .map(|a| a.split_whitespace().next().unwrap_or_default().to_string())
        .unwrap_or_default();
    let value = context(e, ContextKind::InvalidValue).unwrap_or_default();
    match e.kind() {
        ErrorKind::InvalidSubcommand => format!(
            "unknown command '{}'",
            clean(&context(e, ContextKind::InvalidSubcommand).unwrap_or_default())
        ),
        ErrorKind::UnknownArgument if arg.starts_with('-') => {
            format!("bad argument: unknown option {}", clean(&arg))
        }
        ErrorKind::UnknownArgument => {
            format!("bad argument: unexpected argument '{}'", clean(&arg))
        }
        ErrorKind::InvalidValue if value.is_empty() => format!("{arg} needs a value"),
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => {
            let why = std::error::Error::source(e)
                .map(|s| format!(" ({s})"))
                .unwrap_or_default();
            format!("{arg}: '{}' is not a valid value{why}", clean(&value))
        }
        ErrorKind::ArgumentConflict => format!("{arg} is given twice"),
        ErrorKind::MissingRequiredArgument => {
            format!("{} is needed", arg.trim_matches(|c| c == '<' || c == '>'))
        }
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            "a command is needed".to_string()
        }
        _ => e
            .render()
            .to_string()
            .lines()
            .next()
            .unwrap_or_default()
            .trim_start_matches("error: ")
            .to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_declaration_is_consistent() {
        Cli::command().debug_assert();
    }

    fn replay(args: &[&str]) -> Option<(String, String)> {
        let line = std::iter::once("worlds")
            .chain(std::iter::once("replay"))
            .chain(args.iter().copied());
        match Cli::try_parse_from(line).ok()?.command {
            Command::Replay(r) => Some((r.scenario, r.format.format)),
            _ => None,
        }
    }

    #[test]
    fn replay_takes_one_file_and_a_format_in_either_order() {
        let pair = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
        assert_eq!(replay(&["a.json"]), pair("a.json", "table"));
        assert_eq!(
            replay(&["a.json", "--format", "json"]),
            pair("a.json", "json")
        );
        assert_eq!(
            replay(&["--format=table", "a.json"]),
            pair("a.json", "table")
        );
        assert_eq!(replay(&["a.json", "b.json"]), None);
        assert_eq!(replay(&[]), None);
        assert_eq!(replay(&["--verbose", "a.json"]), None);
    }

    #[test]
    fn a_flag_given_twice_or_without_its_value_is_refused_in_our_words() {
        let refusal = |args: &[&str]| match try_parse(
            &args.iter().map(|a| a.to_string()).collect::<Vec<_>>(),
        ) {
            Ok(_) => String::new(),
            Err(e) => sentence(&e),
        };
        assert_eq!(
            refusal(&["worlds", "landing", "--turns"]),
            "--turns needs a value"
        );
        assert_eq!(
            refusal(&["worlds", "landing", "--games", "1", "--games", "2"]),
            "--games is given twice"
        );
        assert_eq!(
            refusal(&["worlds", "landing", "--colour", "red"]),
            "bad argument: unknown option --colour"
        );
        assert!(refusal(&["worlds", "fuzz", "--games", "x"])
            .starts_with("--games: 'x' is not a valid value"));
        assert_eq!(refusal(&["worlds", "nope"]), "unknown command 'nope'");
        assert!(refusal(&["worlds", "tournament", "--games", "-3"]).starts_with("--games: '-3'"));
    }
}
