//! The game's page: the menu, the lobby and the game (index.html).
fn main() {
    monopoly_worlds::app::start(monopoly_worlds::App);
}
