//! The statistics lab's page (lab.html): its own code, downloaded when a player opens it.
fn main() {
    monopoly_worlds::common::page::start(monopoly_worlds::lab::app::LabApp);
}
