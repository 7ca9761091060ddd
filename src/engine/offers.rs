//! Draw offers and resignation: what the engine says besides its move.
//!
//! [`ScoreLog`] remembers our score after each of our searches in the game; [`OfferPolicy`]
//! turns the latest score, that history and the options into an [`Offer`].

use crate::search::Score;

/// A draw offer is accepted when our score is at most this ("dead equal or worse").
pub const DRAW_ACCEPT_SCORE: i32 = 20;
/// A position counts as a dead, quiet stretch when the scores of our last
/// [`QUIET_STRETCH_MOVES`] moves stayed within this of zero and at least
/// [`QUIET_STRETCH_PLIES`] plies passed without a capture.
pub const QUIET_SCORE: i32 = 15;
/// See [`QUIET_SCORE`].
pub const QUIET_STRETCH_MOVES: usize = 10;
/// See [`QUIET_SCORE`].
pub const QUIET_STRETCH_PLIES: u16 = 60;
/// The most consecutive moves that `resignmoves` may ask for.
pub const MAX_RESIGN_MOVES: usize = 100;
/// Scores kept by [`ScoreLog`]: enough for the longest resignation or quiet-stretch test.
const LOG_LEN: usize = MAX_RESIGN_MOVES + QUIET_STRETCH_MOVES;

/// What the engine adds to its move (UCCI `bestmove … draw` / `… resign`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Offer {
    /// Nothing.
    #[default]
    None,
    /// Offer or accept a draw.
    Draw,
    /// Resign.
    Resign,
}

/// Our scores after each of our recent searches, by game ply, to decide draw offers and
/// resignation over several moves.
#[derive(Clone, Debug, Default)]
pub struct ScoreLog(Vec<(u32, Score)>);

impl ScoreLog {
    /// Records our score for the move chosen at game ply `ply`. Entries at or after `ply`
    /// (a new game or a take-back) are forgotten first.
    pub fn record(&mut self, ply: u32, score: Score) {
        self.0.retain(|&(p, _)| p < ply);
        self.0.push((ply, score));
        if self.0.len() > LOG_LEN {
            self.0.remove(0);
        }
    }

    /// Scores of our consecutive previous moves before `ply` (oldest first), at most `n`.
    pub fn recent(&self, ply: u32, n: usize) -> Vec<Score> {
        let mut out = Vec::new();
        let mut want = ply;
        for &(p, s) in self.0.iter().rev() {
            if want < 2 || p != want - 2 || out.len() == n {
                break;
            }
            out.push(s);
            want = p;
        }
        out.reverse();
        out
    }
}

/// The options and game facts that decide the [`Offer`] for one move.
#[derive(Clone, Debug)]
pub struct OfferPolicy {
    /// The opponent offers a draw (UCCI `go draw` / `ponderhit draw`).
    pub draw_offered: bool,
    /// Our scores after our previous consecutive moves, oldest first.
    pub recent_scores: Vec<Score>,
    /// Resign when the score stays at or below minus this (0 = never).
    pub resign_score: i32,
    /// How many consecutive moves (this one included) the score must stay that low.
    pub resign_moves: usize,
    /// Offer draws in dead positions and long quiet equal stretches.
    pub draw_offers: bool,
    /// Neither side can win (insufficient material).
    pub dead: bool,
    /// Plies since the last capture.
    pub plies_without_capture: u16,
}

impl OfferPolicy {
    /// How many of our previous scores the policy needs for these options.
    pub fn history_needed(resign_moves: usize) -> usize {
        resign_moves.clamp(QUIET_STRETCH_MOVES, MAX_RESIGN_MOVES)
    }

    /// The offer for a move whose search scored `score` (side to move's view).
    pub fn offer(&self, score: Score) -> Offer {
        let hopeless = |s: Score| self.resign_score > 0 && s <= -self.resign_score;
        let before = self.resign_moves.saturating_sub(1);
        if hopeless(score)
            && self.recent_scores.len() >= before
            && self
                .recent_scores
                .iter()
                .rev()
                .take(before)
                .all(|&s| hopeless(s))
        {
            return Offer::Resign;
        }
        if self.draw_offered && score <= DRAW_ACCEPT_SCORE {
            return Offer::Draw;
        }
        let quiet = |s: Score| s.abs() <= QUIET_SCORE;
        let recent_quiet = self.recent_scores.len() >= QUIET_STRETCH_MOVES
            && self
                .recent_scores
                .iter()
                .rev()
                .take(QUIET_STRETCH_MOVES)
                .all(|&s| quiet(s));
        if self.draw_offers
            && score <= DRAW_ACCEPT_SCORE
            && (self.dead
                || (self.plies_without_capture >= QUIET_STRETCH_PLIES
                    && recent_quiet
                    && quiet(score)))
        {
            return Offer::Draw;
        }
        Offer::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(recent: Vec<Score>) -> OfferPolicy {
        OfferPolicy {
            draw_offered: false,
            recent_scores: recent,
            resign_score: 1500,
            resign_moves: 5,
            draw_offers: true,
            dead: false,
            plies_without_capture: 0,
        }
    }

    #[test]
    fn resigns_only_after_several_hopeless_moves() {
        assert_eq!(policy(vec![-2000; 3]).offer(-2000), Offer::None);
        assert_eq!(policy(vec![-2000; 4]).offer(-2000), Offer::Resign);
        assert_eq!(
            policy(vec![-2000, -2000, -100, -2000]).offer(-2000),
            Offer::None
        );
        assert_eq!(policy(vec![-2000; 4]).offer(-300), Offer::None);
        let mut never = policy(vec![-2000; 10]);
        never.resign_score = 0;
        assert_eq!(never.offer(-29_000), Offer::None);
    }

    /// `resignmoves` above 11 used to disable resignation: the log kept only 10 scores.
    #[test]
    fn resigns_after_many_moves_when_asked() {
        let mut log = ScoreLog::default();
        for ply in (0..80).step_by(2) {
            log.record(ply, -2000);
        }
        let recent = log.recent(80, OfferPolicy::history_needed(20));
        assert_eq!(recent.len(), 20);
        let mut p = policy(recent);
        p.resign_moves = 20;
        assert_eq!(p.offer(-2000), Offer::Resign);
        p.resign_moves = 41;
        assert_eq!(p.offer(-2000), Offer::None, "only 40 moves so far");
        let mut log = ScoreLog::default();
        for ply in (0..300).step_by(2) {
            log.record(ply, -2000);
        }
        let mut p = policy(log.recent(300, OfferPolicy::history_needed(100)));
        p.resign_moves = 100;
        assert_eq!(p.offer(-2000), Offer::Resign);
    }

    #[test]
    fn draw_offers_accepted_when_equal_or_worse() {
        let mut p = policy(vec![]);
        p.draw_offered = true;
        assert_eq!(p.offer(10), Offer::Draw);
        assert_eq!(p.offer(-400), Offer::Draw);
        assert_eq!(p.offer(120), Offer::None);
        let mut dead = policy(vec![]);
        dead.dead = true;
        assert_eq!(dead.offer(0), Offer::Draw);
        let mut quiet = policy(vec![5; 10]);
        assert_eq!(quiet.offer(0), Offer::None, "too soon after a capture");
        quiet.plies_without_capture = 80;
        assert_eq!(quiet.offer(0), Offer::Draw);
        assert_eq!(quiet.offer(90), Offer::None);
        quiet.draw_offers = false;
        assert_eq!(quiet.offer(0), Offer::None);
    }

    #[test]
    fn score_log_keeps_consecutive_moves_of_one_game() {
        let mut log = ScoreLog::default();
        for (ply, s) in [(0, 10), (2, 20), (4, 30), (6, 40)] {
            log.record(ply, s);
        }
        assert_eq!(log.recent(8, 10), vec![10, 20, 30, 40]);
        assert_eq!(log.recent(8, 2), vec![30, 40]);
        assert_eq!(log.recent(9, 10), Vec::<Score>::new());
        // A new game from the start forgets the old one.
        log.record(0, -5);
        assert_eq!(log.recent(2, 10), vec![-5]);
    }
}
