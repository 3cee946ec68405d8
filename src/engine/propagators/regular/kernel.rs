//! What the layered graph asks of a kernel: a layer's successors, its
//! predecessors with the supports of the position, or the supports alone.
//! `shifts.rs` and `arcs.rs` answer, each for the automata it is cheaper
//! on.

/// A layer's neighbours. Layers are bitsets of states, domains and
/// supports bitsets of symbols.
pub(super) trait Kernel {
    /// The backward layer holds only states of the forward one, and so is
    /// recomputed when the forward one changes.
    const BACKWARD_READS_FORWARD: bool;

    /// `row`: the states the transitions on `domain` lead to from `layer`.
    fn successors(&self, layer: &[u64], domain: &[u64], row: &mut [u64]);

    /// `row`: the states from which a transition on `domain` leads into
    /// `next` (those of `layer` alone, if `BACKWARD_READS_FORWARD`);
    /// `supported`: the symbols of `domain` on a transition from `layer`
    /// into `next`.
    fn predecessors(
        &self,
        layer: &[u64],
        next: &[u64],
        domain: &[u64],
        row: &mut [u64],
        supported: &mut [u64],
    );

    /// `supported` alone, as `predecessors` finds it.
    fn supports(&self, layer: &[u64], next: &[u64], domain: &[u64], supported: &mut [u64]);
}
