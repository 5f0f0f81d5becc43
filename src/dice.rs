//! Dice as chance outcomes. A die is a list of equally likely faces; the table draws one with
//! its own RNG and applies it as a logged action.

/// The chance outcomes of one roll of a die with faces `1..=sides`, each of weight 1, mapped to
/// a game's action type.
pub fn roll<A>(sides: u8, to_action: impl Fn(u8) -> A) -> Vec<(A, u32)> {
    faces(sides, to_action).collect()
}

/// [`roll`] as an iterator, for the outcome lists random play appends to a buffer.
pub fn faces<A>(sides: u8, to_action: impl Fn(u8) -> A) -> impl Iterator<Item = (A, u32)> {
    (1..=sides).map(move |face| (to_action(face), 1))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_d6_has_six_equal_faces() {
        let faces = super::roll(6, |f| f);
        assert_eq!(faces.iter().map(|(f, _)| *f).collect::<Vec<_>>(), [1, 2, 3, 4, 5, 6]);
        assert!(faces.iter().all(|(_, w)| *w == 1));
    }
}
