//! A game with a friend's clocks: each side's time left, the side to move's running, an
//! increment added after each of its moves.

use crate::board::Colour;
use crate::web::protocol::friend::ClockView;
use std::time::Duration;
use tokio::time::Instant;

/// A clock's setting: minutes a side and seconds added a move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Setting {
    pub minutes: f64,
    pub increment: f64,
}

impl Setting {
    /// The setting a page asked for, or why not: at most a day a side and an hour a move.
    pub fn new(minutes: f64, increment: f64) -> Result<Option<Setting>, String> {
        if !(0.0..=1440.0).contains(&minutes) || !(0.0..=3600.0).contains(&increment) {
            return Err("a clock is 0 to 1440 minutes a side and 0 to 3600 s a move".into());
        }
        Ok((minutes > 0.0).then_some(Setting { minutes, increment }))
    }

    /// The setting as the store keeps a game's clock (the words of a game's players' limits).
    pub fn stored(&self) -> String {
        format!("{} min a side + {} s a move", self.minutes, self.increment)
    }
}

/// Both sides' clocks.
pub struct Clock {
    setting: Setting,
    /// Time left, Red's then Blue's, as of `since` for the running side.
    left: [Duration; 2],
    running: Option<(Colour, Instant)>,
}

fn index(colour: Colour) -> usize {
    match colour {
        Colour::Red => 0,
        Colour::Blue => 1,
    }
}

impl Clock {
    pub fn new(setting: Setting) -> Clock {
        let each = Duration::from_secs_f64(setting.minutes * 60.0);
        Clock {
            setting,
            left: [each, each],
            running: None,
        }
    }

    /// The clocks as the store kept them after a move, standing: the time the server was
    /// down, or the game out of memory, is nobody's.
    pub fn resumed(setting: Setting, left_ms: [i64; 2]) -> Clock {
        let ms = |ms: i64| Duration::from_millis(ms.max(0) as u64);
        Clock {
            setting,
            left: left_ms.map(ms),
            running: None,
        }
    }

    /// Each side's time left as of the last move (the running side's since then not taken
    /// off), in milliseconds: what the store keeps with a move, right after it.
    pub fn left_ms(&self) -> [i64; 2] {
        self.left.map(|d| d.as_millis() as i64)
    }

    /// `colour`'s clock runs (the other's stops where it is).
    pub fn start(&mut self, colour: Colour, now: Instant) {
        self.stop(now);
        self.running = Some((colour, now));
    }

    /// No clock runs (the game is over).
    pub fn stop(&mut self, now: Instant) {
        if let Some((colour, since)) = self.running.take() {
            let i = index(colour);
            self.left[i] = self.left[i].saturating_sub(now - since);
        }
    }

    /// `mover` has moved: its time is spent, its increment added, and `next`'s clock runs.
    pub fn moved(&mut self, mover: Colour, next: Colour, now: Instant) {
        self.stop(now);
        let i = index(mover);
        self.left[i] += Duration::from_secs_f64(self.setting.increment);
        self.running = Some((next, now));
    }

    /// When the running side's time runs out, if one runs.
    pub fn deadline(&self) -> Option<Instant> {
        self.running
            .map(|(colour, since)| since + self.left[index(colour)])
    }

    /// The side whose clock runs, if any.
    pub fn running(&self) -> Option<Colour> {
        self.running.map(|(colour, _)| colour)
    }

    /// The clocks as the pages show them.
    pub fn view(&self, now: Instant) -> ClockView {
        let mut left = self.left;
        if let Some((colour, since)) = self.running {
            let i = index(colour);
            left[i] = left[i].saturating_sub(now - since);
        }
        ClockView {
            red_ms: left[0].as_millis() as i64,
            blue_ms: left[1].as_millis() as i64,
            running: self.running().map(crate::web::games::words::colour_name),
            minutes: self.setting.minutes,
            increment: self.setting.increment,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_spends_the_movers_time_and_adds_its_increment() {
        let setting = Setting::new(1.0, 2.0).unwrap().unwrap();
        let mut clock = Clock::new(setting);
        let t0 = Instant::now();
        clock.start(Colour::Red, t0);
        assert_eq!(clock.deadline(), Some(t0 + Duration::from_secs(60)));
        clock.moved(Colour::Red, Colour::Blue, t0 + Duration::from_secs(10));
        let view = clock.view(t0 + Duration::from_secs(15));
        assert_eq!((view.red_ms, view.blue_ms), (52_000, 55_000));
        assert_eq!(view.running, Some("blue"));
        clock.stop(t0 + Duration::from_secs(20));
        assert_eq!(clock.deadline(), None);
        assert_eq!(clock.view(t0 + Duration::from_secs(99)).blue_ms, 50_000);
    }

    #[test]
    fn a_resumed_clock_stands_at_the_kept_time_until_started() {
        let setting = Setting::new(1.0, 0.0).unwrap().unwrap();
        let mut clock = Clock::resumed(setting, [41_500, 12_000]);
        assert_eq!((clock.running(), clock.deadline()), (None, None));
        assert_eq!(clock.left_ms(), [41_500, 12_000]);
        let t0 = Instant::now();
        clock.start(Colour::Blue, t0);
        assert_eq!(clock.deadline(), Some(t0 + Duration::from_secs(12)));
        clock.moved(Colour::Blue, Colour::Red, t0 + Duration::from_secs(2));
        assert_eq!(clock.left_ms(), [41_500, 10_000]);
    }

    #[test]
    fn settings_out_of_range_are_refused_and_zero_is_no_clock() {
        assert_eq!(Setting::new(0.0, 5.0), Ok(None));
        assert!(Setting::new(-1.0, 0.0).is_err());
        assert!(Setting::new(f64::NAN, 0.0).is_err());
        assert!(Setting::new(5.0, 4000.0).is_err());
    }
}
