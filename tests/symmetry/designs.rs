//! Block designs: a 0/1 matrix whose rows (points) and columns (blocks)
//! are both interchangeable, declared as two groups. `--unique` sorts
//! them together (a search over rows, not a walk over every column
//! order): Fano's plane is one class of 151,200 = 7! 7! / 168 matrices,
//! and the representative printed is the smallest image found here by
//! brute force over every row and column order.

use super::*;

/// A `(v, b, r, k, lambda)` design: v points in b blocks, r blocks per
/// point, k points per block, every two points in lambda blocks together.
fn design(v: usize, b: usize, r: usize, k: usize, lambda: usize) -> TempSpec {
    TempSpec::new(
        "design",
        &format!(
            "[params]\nv = {v}\nb = {b}\nr = {r}\nk = {k}\nlambda = {lambda}\n\
             [vars]\nx = {{ index = [\"0..v-1\", \"0..b-1\"], domain = \"0..1\" }}\n\
             [constraints]\n\
             points = \"forall(sum(x[i][j] for j in 0..b-1) == r for i in 0..v-1)\"\n\
             blocks = \"forall(sum(x[i][j] for i in 0..v-1) == k for j in 0..b-1)\"\n\
             pairs = \"forall(sum(x[i][j] * x[h][j] for j in 0..b-1) == lambda for i in 0..v-1 for h in i+1..v-1)\"\n\
             [symmetry]\npoints = {{ rows = \"x\" }}\nblocks = {{ columns = \"x\" }}\n"
        ),
    )
}

#[test]
fn the_representative_of_a_design_is_its_smallest_image() {
    // K4's edges: 4 points, the 6 pairs as blocks, in any order (6! = 720).
    let spec = design(4, 6, 3, 2, 1);
    assert_eq!(count(&[spec.path()]), 720);
    assert_eq!(count(&[spec.path(), "--unique"]), 1);
    // The smallest image of one solution over every row and column order.
    let pairs: Vec<(usize, usize)> = (0..4)
        .flat_map(|i| (i + 1..4).map(move |j| (i, j)))
        .collect();
    let mut smallest: Option<Vec<i64>> = None;
    let mut columns: Vec<i64> = (0..6).collect();
    for_each_permutation(&mut columns, &mut |columns| {
        let mut rows: Vec<Vec<i64>> = (0..4)
            .map(|p| {
                columns
                    .iter()
                    .map(|&c| i64::from(pairs[c as usize].0 == p || pairs[c as usize].1 == p))
                    .collect()
            })
            .collect();
        rows.sort();
        let image = rows.concat();
        if smallest.as_ref().is_none_or(|s| image < *s) {
            smallest = Some(image);
        }
    });
    let printed = json_solutions(&[spec.path(), "--unique", "--all", "--json"]);
    assert_eq!(printed.len(), 1);
    let mut key = Vec::new();
    running_the_solver::flatten(&printed[0]["x"], &mut key);
    assert_eq!(Some(key), smallest);
}

#[test]
fn fanos_plane_is_one_class() {
    let spec = design(7, 7, 3, 3, 1);
    assert_eq!(count(&[spec.path()]), 151_200);
    assert_eq!(count(&[spec.path(), "--unique"]), 1);
    assert_eq!(count(&[spec.path(), "--unique", "-j", "1"]), 1);
}

#[test]
fn check_symmetry_reports_the_same_on_any_threads() {
    let spec = design(4, 6, 3, 2, 1);
    let (one, code) = running_the_solver::check_symmetry(&[spec.path(), "-j", "1"]);
    assert_eq!(code, 0, "{one}");
    running_the_solver::has_line(&one, "solutions without the breaking constraints: 720");
    running_the_solver::has_line(
        &one,
        "classes under the declared symmetries (points, blocks): 1",
    );
    let (two, _) = running_the_solver::check_symmetry(&[spec.path(), "-j", "2"]);
    assert_eq!(one, two);
}

/// With a symmetric group of values declared beside the rows and the
/// columns, the choice of what to sort leaves the least to walk: the
/// values (9! renamings) are sorted and the 36 row and column orders
/// walked, rather than the matrix sorted and 9! renamings walked (which
/// `--unique` would refuse). Every 3x3 square of 1..9 is one class.
#[test]
fn what_is_sorted_leaves_the_least_to_walk() {
    let spec = TempSpec::new(
        "values-rows-columns",
        "[vars]\nm = { index = [\"0..2\", \"0..2\"], domain = \"1..9\" }\n\
         [constraints]\nall = \"alldifferent(m[i][j] for i in 0..2 for j in 0..2)\"\n\
         [symmetry]\nvals = { values = \"m\" }\nr = { rows = \"m\" }\nc = { columns = \"m\" }\n",
    );
    assert_eq!(count(&[spec.path(), "--unique"]), 1);
}
