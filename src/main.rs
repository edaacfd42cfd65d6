//! The game's page: the menu, the lobby and the game (index.html).
fn main() {
    monopoly_worlds::common::page::start(monopoly_worlds::game::app::App);
}
