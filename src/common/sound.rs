//! Small sound effects made with Web Audio (no sound files): a rattle for the dice, a chime
//! for money, a low tone for jail (the play screen), and the "your turn" chime of a room's
//! hidden page.

use leptos::prelude::{GetValue, LocalStorage, SetValue, StoredValue};

use worlds_models::steps::Cue;

/// The page's audio context, made at the first sound (kept by the play screen).
pub type Speaker = StoredValue<Option<web_sys::AudioContext>, LocalStorage>;

/// (frequency in Hz, start in s, length in s) of each note of a cue.
fn notes(cue: Cue) -> &'static [(f32, f64, f64)] {
    match cue {
        Cue::Dice => &[(420.0, 0.0, 0.04), (380.0, 0.06, 0.04), (460.0, 0.12, 0.05)],
        Cue::Cash => &[(880.0, 0.0, 0.08), (1320.0, 0.08, 0.12)],
        Cue::Jail => &[(196.0, 0.0, 0.18), (147.0, 0.18, 0.3)],
        Cue::Turn => &[(660.0, 0.0, 0.12), (990.0, 0.12, 0.25)],
    }
}

/// Plays a cue at `volume` (0 to 100), once the page has painted what the action changed:
/// making the audio context (at the first sound) takes about 100 ms, which the dice would
/// otherwise wait for. A context that a browser kept suspended (it was made outside the
/// player's press) is resumed here, while the press that caused the cue is still being
/// handled. Silently does nothing where audio is unavailable.
pub fn play_after_paint(speaker: Speaker, cue: Cue, volume: u8) {
    if volume == 0 {
        return;
    }
    if let Some(ctx) = speaker.try_get_value().flatten() {
        if ctx.state() == web_sys::AudioContextState::Suspended {
            let _ = ctx.resume();
        }
    }
    crate::common::clock::after_paint(move || play(speaker, cue, volume));
}

/// Plays a cue at once, on a page that may be hidden (where nothing is painted, so
/// [`play_after_paint`] would wait): the "your turn" chime.
pub fn play_now(speaker: Speaker, cue: Cue, volume: u8) {
    if volume > 0 {
        play(speaker, cue, volume);
    }
}

fn play(speaker: Speaker, cue: Cue, volume: u8) {
    // The play screen may have been left meanwhile (its speaker is gone then).
    match speaker.try_get_value() {
        None => return,
        Some(None) => speaker.set_value(web_sys::AudioContext::new().ok()),
        Some(Some(_)) => {}
    }
    {
        let Some(ctx) = speaker.try_get_value().flatten() else {
            return;
        };
        let now = ctx.current_time();
        let gain_value = f32::from(volume) / 100.0 * 0.2;
        for &(freq, start, len) in notes(cue) {
            let (Ok(osc), Ok(gain)) = (ctx.create_oscillator(), ctx.create_gain()) else {
                return;
            };
            osc.frequency().set_value(freq);
            let g = gain.gain();
            let _ = g.set_value_at_time(gain_value, now + start);
            let _ = g.exponential_ramp_to_value_at_time(0.0001, now + start + len);
            if osc.connect_with_audio_node(&gain).is_err()
                || gain.connect_with_audio_node(&ctx.destination()).is_err()
            {
                return;
            }
            let _ = osc.start_with_when(now + start);
            let _ = osc.stop_with_when(now + start + len + 0.02);
        }
    }
}
