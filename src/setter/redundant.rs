//! Needless clues: the clue items whose removal, alone, keeps the solution
//! unique. Each is one question to [`Forcing`]: all clues but it. Two
//! needless clues need not be needless together; [`super::minimize`]
//! drops as many as can go at once.

use crate::setter::forcing::Forcing;
use crate::stop::Cause;

/// The clues (indices into `forcing.clues`, in order) each of which can
/// be dropped alone with the solution still forced.
pub fn redundant(forcing: &mut Forcing) -> Result<Vec<usize>, Cause> {
    let n = forcing.clues.len();
    let mut needless = Vec::new();
    for dropped in 0..n {
        let kept: Vec<usize> = (0..n).filter(|&c| c != dropped).collect();
        if forcing.forces(&kept)? {
            needless.push(dropped);
        }
    }
    Ok(needless)
}
