//! The statistics lab's page (lab.html): its own code, downloaded when a player opens it.
fn main() {
    monopoly_worlds::app::start(monopoly_worlds::app::LabApp);
}
