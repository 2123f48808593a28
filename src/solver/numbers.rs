//! The numbers df-pn keeps for a position, which the table stores and the estimates
//! make: below every other room of the solver.

/// A proof or disproof number that cannot be reached: the node is decided.
pub const INF: u32 = u32::MAX / 2;

/// What is known of one position, from its side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub pn: u32,
    pub dn: u32,
}

impl Entry {
    pub(crate) const WIN: Entry = Entry { pn: 0, dn: INF };
    /// What a position never expanded is assumed to cost either way.
    pub(crate) const FRESH: Entry = Entry { pn: 1, dn: 1 };

    pub fn is_win(self) -> bool {
        self.pn == 0
    }
    pub fn is_loss(self) -> bool {
        self.dn == 0
    }
}
