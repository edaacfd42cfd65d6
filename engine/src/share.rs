//! Links that carry a world or a game, so one travels by message instead of as a file.
//!
//! A link is this site's address with a fragment (never sent to any server):
//! `#world=v1.<data>` for a world, `#game=v1.<data>` for a game. `<data>` is the JSON of the
//! matching export file (the same envelope a download holds), compressed with zlib (deflate
//! plus a checksum, so a changed or cut link is caught) and written in base64url without
//! padding. `v1` is the format's version: a later format gets a new tag and old links keep
//! their meaning.
//!
//! Reading a link checks, in order, before any work that grows with the link: its length,
//! its version, its characters, then it inflates with a limit ([`MAX_INFLATED_BYTES`], the
//! size a board file may have) and verifies the checksum. What it carries is then checked as
//! an imported file would be ([`read_world`] runs [`crate::envelope::import_board`]).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;

use crate::board::BoardDef;
use crate::envelope::{import_board, ImportError, MAX_IMPORT_BYTES};

/// The fragment key of a world link.
pub const WORLD: &str = "world";
/// The fragment key of a game link.
pub const GAME: &str = "game";
/// The version tag of links written now.
pub const VERSION: &str = "v1";
/// The longest link data read at all (about 1 MB of text is refused before decoding).
pub const MAX_LINK_CHARS: usize = 256 * 1024;
/// The most a link may unpack to.
pub const MAX_INFLATED_BYTES: usize = MAX_IMPORT_BYTES;

/// Why a link cannot be read. Every message is for the player.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    #[error("This link is too long to be a Monopoly Worlds link ({chars} characters; at most {limit}). Nothing was opened.")]
    TooLong { chars: usize, limit: usize },
    #[error("This link does not carry a world or a game of Monopoly Worlds.")]
    NotALink,
    #[error("This link was made by another version of Monopoly Worlds (format \"{0}\"); this version reads \"v1\" links.")]
    UnknownVersion(String),
    #[error("This link is damaged: it has characters such a link never has. It may have been changed while it was copied.")]
    BadCharacters,
    #[error("This link is damaged: what it carries does not unpack. It may have been cut short or changed while it was copied.")]
    Corrupt,
    #[error("This link unpacks to more than {limit_kb} KB, more than a world or a game can be.")]
    TooLarge { limit_kb: usize },
}

/// Why a world link cannot be opened.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WorldLinkError {
    #[error("{0}")]
    Link(#[from] LinkError),
    #[error("The world in this link cannot be opened. {0}")]
    Board(#[from] ImportError),
}

/// The link data (`v1.<base64url>`) for a text (an export file's JSON).
pub fn pack(text: &str) -> String {
    let packed = miniz_oxide::deflate::compress_to_vec_zlib(text.as_bytes(), 10);
    format!("{VERSION}.{}", URL_SAFE_NO_PAD.encode(packed))
}

/// The text a link's data carries.
pub fn unpack(data: &str) -> Result<String, LinkError> {
    let data = data.trim();
    if data.len() > MAX_LINK_CHARS {
        return Err(LinkError::TooLong {
            chars: data.chars().count(),
            limit: MAX_LINK_CHARS,
        });
    }
    let (version, body) = data.split_once('.').ok_or(LinkError::NotALink)?;
    if version != VERSION {
        let shown: String = version.chars().take(12).collect();
        return Err(if shown.is_empty() {
            LinkError::NotALink
        } else {
            LinkError::UnknownVersion(shown)
        });
    }
    if body.is_empty() {
        return Err(LinkError::Corrupt);
    }
    if !body
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        return Err(LinkError::BadCharacters);
    }
    let packed = URL_SAFE_NO_PAD
        .decode(body)
        .map_err(|_| LinkError::Corrupt)?;
    let bytes =
        miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(&packed, MAX_INFLATED_BYTES)
            .map_err(|e| match e.status {
                miniz_oxide::inflate::TINFLStatus::HasMoreOutput => LinkError::TooLarge {
                    limit_kb: MAX_INFLATED_BYTES / 1024,
                },
                _ => LinkError::Corrupt,
            })?;
    String::from_utf8(bytes).map_err(|_| LinkError::Corrupt)
}

/// The fragment (without `#`) of a link carrying `text` under `key` (`world` or `game`).
pub fn fragment(key: &str, text: &str) -> String {
    format!("{key}={}", pack(text))
}

/// Splits a location hash (`#world=v1....`, with or without `#`) into its key and data;
/// `None` when it is no world or game link.
pub fn parse_fragment(hash: &str) -> Option<(&'static str, &str)> {
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    let (key, data) = hash.split_once('=')?;
    match key {
        WORLD => Some((WORLD, data)),
        GAME => Some((GAME, data)),
        _ => None,
    }
}

/// The world a link's data carries, checked as an imported board file is.
pub fn read_world(data: &str) -> Result<BoardDef, WorldLinkError> {
    let text = unpack(data)?;
    Ok(import_board(text.as_bytes())?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::envelope::{encode, RecordKind};
    use crate::presets::Preset;

    fn world_text(def: &BoardDef) -> String {
        encode(RecordKind::World, def, 0).expect("encodes")
    }

    #[test]
    fn every_preset_travels_by_link_and_comes_back_the_same() {
        for p in Preset::ALL {
            let def = p.board_def();
            let data = pack(&world_text(&def));
            assert!(data.starts_with("v1."));
            eprintln!("{}: a world link carries {} characters", p.id(), data.len());
            // A classic-sized world is a link of a few hundred bytes to about 2 KB.
            assert!(data.len() < 4096, "{}: {} characters", p.id(), data.len());
            let back = read_world(&data).expect("opens");
            assert_eq!(back, def, "{}", p.id());
        }
    }

    #[test]
    fn a_world_with_pictures_comes_back_with_them() {
        let mut def = Preset::Classic.board_def();
        let picture = format!("data:image/png;base64,{}", "iVBORw0KGgo".repeat(200));
        def.picture = Some(picture.clone());
        def.squares[1].picture = Some(picture);
        let back = read_world(&pack(&world_text(&def))).expect("opens");
        assert_eq!(back, def);
    }

    #[test]
    fn damaged_links_are_refused_with_a_reason() {
        let data = pack(&world_text(&Preset::Classic.board_def()));
        // One character changed: the checksum catches it (or the data no longer unpacks).
        let mut changed: Vec<char> = data.chars().collect();
        let i = changed.len() / 2;
        changed[i] = if changed[i] == 'A' { 'B' } else { 'A' };
        let changed: String = changed.into_iter().collect();
        assert!(matches!(
            read_world(&changed),
            Err(WorldLinkError::Link(LinkError::Corrupt))
        ));
        // Cut short.
        let cut = &data[..data.len() / 2];
        assert!(matches!(
            read_world(cut),
            Err(WorldLinkError::Link(LinkError::Corrupt))
        ));
        // A megabyte long: refused before it is decoded.
        let long = format!("v1.{}", "A".repeat(1024 * 1024));
        assert!(matches!(
            read_world(&long),
            Err(WorldLinkError::Link(LinkError::TooLong { .. }))
        ));
        // Another version, no version, characters no link has.
        assert_eq!(
            unpack("v9.abc"),
            Err(LinkError::UnknownVersion("v9".into()))
        );
        assert_eq!(unpack("abc"), Err(LinkError::NotALink));
        assert_eq!(unpack("v1.ab+c/"), Err(LinkError::BadCharacters));
        assert_eq!(unpack("v1."), Err(LinkError::Corrupt));
        // Packed fine, but not a board: the import's own refusal.
        assert!(matches!(
            read_world(&pack("{\"name\": 1}")),
            Err(WorldLinkError::Board(_))
        ));
        // A zip bomb: small link, huge content.
        let bomb = pack(&" ".repeat(MAX_INFLATED_BYTES + 10));
        assert!(bomb.len() < 10_000);
        assert_eq!(
            unpack(&bomb),
            Err(LinkError::TooLarge {
                limit_kb: MAX_INFLATED_BYTES / 1024
            })
        );
    }

    /// A game link's length after 10, 50 and 200 rounds of four computer players (the
    /// README reports them; a game link is offered up to 32 KB).
    #[test]
    fn game_links_grow_with_the_game() {
        use crate::bots::strategy_by_name;
        use crate::game::{ComputerStrategy, Game, GameRecord, GameSetup, Seat};
        #[derive(serde::Serialize)]
        struct Saved<'a> {
            name: &'a str,
            game: &'a GameRecord,
        }
        let seats = (0..4)
            .map(|i| Seat::computer(&format!("P{i}"), ComputerStrategy::Balanced))
            .collect();
        let mut setup = GameSetup::new(Preset::Classic.board(), seats, 7);
        setup.rules.round_limit = Some(400);
        // Rich players, so nobody goes bankrupt before round 200.
        setup.rules.starting_cash = 1_000_000;
        let mut game = Game::new(setup).expect("a game");
        let bot = strategy_by_name("balanced").expect("a strategy");
        let mut lengths = Vec::new();
        for target in [10u32, 50, 200] {
            while game.round() <= target && !game.is_over() {
                let Some(me) = game.actor() else { break };
                let action = bot.choose(&game, me);
                game.apply(action).expect("a legal choice");
            }
            let record = GameRecord::of(&game);
            let text = encode(
                RecordKind::Save,
                &Saved {
                    name: "A long game",
                    game: &record,
                },
                0,
            )
            .expect("encodes");
            let link = pack(&text);
            assert_eq!(unpack(&link).as_deref(), Ok(text.as_str()));
            eprintln!(
                "after {target} rounds ({} actions): a game link carries {} characters",
                record.actions.len(),
                link.len()
            );
            lengths.push(link.len());
        }
        assert!(
            game.round() > 200,
            "the game lasted {} rounds",
            game.round()
        );
        assert!(
            lengths[0] < lengths[1] && lengths[1] < lengths[2],
            "{lengths:?}"
        );
    }

    #[test]
    fn fragments_name_what_they_carry() {
        assert_eq!(parse_fragment("#world=v1.abc"), Some((WORLD, "v1.abc")));
        assert_eq!(parse_fragment("game=v1.x"), Some((GAME, "v1.x")));
        assert_eq!(parse_fragment("#lobby"), None);
        assert_eq!(parse_fragment("#other=v1.x"), None);
        assert!(fragment(WORLD, "{}").starts_with("world=v1."));
    }
}
