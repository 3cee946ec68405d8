//! Union-find over `0..n`, as a plain parent array: each element's parent,
//! a root its own. Shared by whatever groups things (a propagator's pieces
//! of links, FlatZinc's alias classes, an explanation's groups of auxiliary
//! variables, a symmetry's orbits).

/// The root of `i`'s group, halving the path on the way.
pub(crate) fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}
