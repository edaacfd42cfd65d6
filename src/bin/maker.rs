//! The Board Maker's page (maker.html): its own code, downloaded when a player opens it.
fn main() {
    monopoly_worlds::common::page::start(monopoly_worlds::maker::app::MakerApp);
}
