//! The game page's light first code (index.html): the menu and the lobby; the game's code
//! (src/main.rs) takes the page over for everything else (see `game::front`).
fn main() {
    monopoly_worlds::common::page::start_front(monopoly_worlds::game::front::Front);
}
