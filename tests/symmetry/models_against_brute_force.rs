//! Models checked against the brute force.

use super::*;

/// A small spec with declared symmetries and its brute-force counterpart.
pub(super) struct Model {
    pub(super) label: String,
    /// The `[vars]` and `[constraints]` sections' lines.
    pub(super) vars: String,
    pub(super) constraints: String,
    /// The declared variables, in declaration order.
    pub(super) names: Vec<&'static str>,
    /// Every solution's key, from the brute force.
    pub(super) solutions: Vec<Key>,
    /// Each declaration: its `[symmetry]` line's name, the line, and the
    /// elements it stands for.
    pub(super) groups: Vec<(&'static str, String, Vec<Element>)>,
}

impl Model {
    pub(super) fn spec(&self, lex_leader: bool) -> String {
        let mut symmetry = String::new();
        if lex_leader {
            symmetry.push_str("break = \"lex-leader\"\n");
        }
        for (name, line, _) in &self.groups {
            symmetry.push_str(&format!("{name} = {line}\n"));
        }
        format!(
            "name = \"{}\"\n\n[vars]\n{}\n[constraints]\n{}\n[symmetry]\n{symmetry}",
            self.label, self.vars, self.constraints
        )
    }

    /// Checks every command of the feature against the brute force:
    /// `--unique` (count and solutions), `break = "lex-leader"` (count and
    /// solutions), and `check-symmetry`'s figures.
    pub(super) fn check(&self) {
        let label = &self.label;
        let names = &self.names;
        let elements: Vec<&Element> = self.groups.iter().flat_map(|g| &g.2).collect();
        let class = classes(&self.solutions, &elements);
        let representatives: BTreeSet<Key> = class.values().cloned().collect();
        let leaders = lex_leaders(&self.solutions, &elements);
        assert!(
            representatives.is_subset(&leaders),
            "oracle: the smallest key of a class is below all its images"
        );
        assert!(
            !self.solutions.is_empty(),
            "{label}: pick a model with solutions"
        );

        let plain = TempSpec::new("symmetry-plain", &self.spec(false));
        let broken = TempSpec::new("symmetry-lex", &self.spec(true));
        let (plain, broken) = (plain.path(), broken.path());
        assert_eq!(
            count(&[plain]) as usize,
            self.solutions.len(),
            "{label}: declarations alone break nothing"
        );
        assert_eq!(
            count(&[plain, "--unique"]) as usize,
            representatives.len(),
            "{label}: --unique --count is the number of classes"
        );
        assert_eq!(
            keys(&[plain, "--unique", "--all"], names),
            representatives,
            "{label}: --unique keeps the smallest key of each class"
        );
        assert_eq!(
            count(&[broken, "--no-symmetry"]) as usize,
            self.solutions.len(),
            "{label}: --no-symmetry drops the generated constraints"
        );
        assert_eq!(
            count(&[broken, "--unique"]) as usize,
            representatives.len(),
            "{label}: --unique runs without the breaking constraints"
        );
        assert_eq!(
            keys(&[broken, "--all"], names),
            leaders,
            "{label}: lex-leader keeps the solutions below each element's image"
        );
        if self.groups.len() == 1 {
            assert_eq!(
                leaders, representatives,
                "{label}: lex-leader for one group keeps exactly the smallest of each class"
            );
        }

        // check-symmetry: the same figures, and the classes kept twice;
        // without breaking constraints, nothing to check them against.
        let (stdout, code) = check_symmetry(&[plain]);
        assert_eq!(code, 0, "{label}:\n{stdout}");
        assert!(
            stdout
                .lines()
                .any(|l| l.starts_with("no breaking constraints")),
            "{label}:\n{stdout}"
        );
        let mut kept: HashMap<&Key, usize> = HashMap::new();
        for k in &leaders {
            *kept.entry(&class[k]).or_default() += 1;
        }
        let twice = kept.values().filter(|&&n| n > 1).count();
        let (stdout, code) = check_symmetry(&[broken]);
        let group_names: Vec<&str> = self.groups.iter().map(|g| g.0).collect();
        has_line(
            &stdout,
            &format!(
                "solutions without the breaking constraints: {}",
                self.solutions.len()
            ),
        );
        has_line(
            &stdout,
            &format!(
                "classes under the declared symmetries ({}): {}",
                group_names.join(", "),
                representatives.len()
            ),
        );
        has_line(
            &stdout,
            &format!(
                "kept by the breaking constraints: {}",
                crate::solutions(leaders.len() as u64)
            ),
        );
        assert_eq!(number_after(&stdout, "lost:"), None, "{label}:\n{stdout}");
        if twice == 0 {
            has_line(&stdout, "every class keeps exactly one solution: ok");
            assert_eq!(code, 0, "{label}:\n{stdout}");
        } else {
            assert_eq!(
                number_after(&stdout, "kept more than once:"),
                Some(twice),
                "{label}:\n{stdout}"
            );
            assert_eq!(code, 1, "{label}:\n{stdout}");
        }
    }
}

/// Graph colouring with interchangeable colours; with `x`, a variable
/// outside the group declared first (`x <= 1` or the first and last
/// vertices share a colour, which no renaming changes).
pub(super) fn colouring(
    label: &str,
    vertices: usize,
    edges: &[(usize, usize)],
    colours: i64,
    x: bool,
) -> Model {
    let offset = usize::from(x);
    let mut vars = String::new();
    let mut constraints = String::new();
    let mut domains = Vec::new();
    let mut names = Vec::new();
    if x {
        vars.push_str("x = \"0..2\"\n");
        constraints.push_str(&format!(
            "x_link = \"x <= 1 or c[0] == c[{}]\"\n",
            vertices - 1
        ));
        domains.push(range(0, 2));
        names.push("x");
    }
    vars.push_str(&format!(
        "c = {{ index = \"0..{}\", domain = \"1..{colours}\" }}\n",
        vertices - 1
    ));
    names.push("c");
    domains.extend(std::iter::repeat_n(range(1, colours), vertices));
    for (i, (a, b)) in edges.iter().enumerate() {
        constraints.push_str(&format!("e{i} = \"c[{a}] != c[{b}]\"\n"));
    }
    let edges = edges.to_vec();
    let ok = move |k: &[i64]| {
        edges.iter().all(|&(a, b)| k[offset + a] != k[offset + b])
            && (offset == 0 || k[0] <= 1 || k[1] == k[vertices])
    };
    let positions: Vec<usize> = (offset..offset + vertices).collect();
    Model {
        label: label.to_string(),
        vars,
        constraints,
        names,
        solutions: assignments(&domains, &ok),
        groups: vec![(
            "colours",
            "{ values = \"c\" }".to_string(),
            value_swaps(&positions, &range(1, colours)),
        )],
    }
}

/// Which groups a 0/1 matrix model declares.
#[derive(Clone, Copy, Debug)]
pub(super) enum Lines {
    Rows,
    Columns,
    /// Columns, declared as the rows of the transposed matrix.
    ColumnsTransposed,
    Both,
}

/// A `rows x cols` 0/1 matrix, every row summing to `row_sum`, every column
/// to at most `col_max`; with `total`, a variable `t` declared first holding
/// the number of ones.
pub(super) fn matrix(
    rows: usize,
    cols: usize,
    row_sum: i64,
    col_max: i64,
    total: bool,
    lines: Lines,
) -> Model {
    let (r1, c1) = (rows - 1, cols - 1);
    let offset = usize::from(total);
    let mut vars = String::new();
    let mut constraints = format!(
        "rows = \"forall(sum(m[i][j] for j in 0..{c1}) == {row_sum} for i in 0..{r1})\"\n\
         cols = \"forall(sum(m[i][j] for i in 0..{r1}) <= {col_max} for j in 0..{c1})\"\n"
    );
    let mut domains = Vec::new();
    let mut names = Vec::new();
    if total {
        vars.push_str(&format!("t = \"0..{}\"\n", rows * cols));
        constraints.push_str(&format!(
            "total = \"t == sum(m[i][j] for i in 0..{r1} for j in 0..{c1})\"\n"
        ));
        domains.push(range(0, (rows * cols) as i64));
        names.push("t");
    }
    vars.push_str(&format!(
        "m = {{ index = [\"0..{r1}\", \"0..{c1}\"], domain = \"0..1\" }}\n"
    ));
    names.push("m");
    domains.extend(std::iter::repeat_n(range(0, 1), rows * cols));
    let ok = move |k: &[i64]| {
        let m = |i: usize, j: usize| k[offset + i * cols + j];
        (0..rows).all(|i| (0..cols).map(|j| m(i, j)).sum::<i64>() == row_sum)
            && (0..cols).all(|j| (0..rows).map(|i| m(i, j)).sum::<i64>() <= col_max)
            && (offset == 0 || k[0] == k[1..].iter().sum::<i64>())
    };
    let by_rows = (
        "r",
        "{ rows = \"m\" }".to_string(),
        line_swaps(&matrix_rows(offset, rows, cols)),
    );
    let by_columns = (
        "c",
        "{ columns = \"m\" }".to_string(),
        line_swaps(&matrix_columns(offset, rows, cols)),
    );
    let groups = match lines {
        Lines::Rows => vec![by_rows],
        Lines::Columns => vec![by_columns],
        Lines::ColumnsTransposed => vec![(
            "c",
            format!("{{ rows = \"[[m[i][j] for i in 0..{r1}] for j in 0..{c1}]\" }}"),
            by_columns.2,
        )],
        Lines::Both => vec![by_rows, by_columns],
    };
    Model {
        label: format!(
            "{rows}x{cols} rows sum {row_sum}, columns <= {col_max}, {lines:?}, total {total}"
        ),
        vars,
        constraints,
        names,
        solutions: assignments(&domains, &ok),
        groups,
    }
}

impl Model {
    /// The same model over `bool` cells (0/1 is false/true): a declared
    /// `bool` variable is a cell as any other (README, Symmetry).
    pub(super) fn over_bools(mut self) -> Model {
        assert!(self.vars.contains("domain = \"0..1\""), "{}", self.vars);
        self.vars = self.vars.replace("domain = \"0..1\"", "domain = \"bool\"");
        self.label += ", bool";
        self
    }
}

/// `rows x cols` 0/1 matrix with `ones` ones, no two orthogonally adjacent,
/// declared as a grid.
pub(super) fn independent_sets(rows: usize, cols: usize, ones: i64) -> Model {
    let (r1, c1) = (rows - 1, cols - 1);
    let constraints = format!(
        "ones = \"sum(m[i][j] for i in 0..{r1} for j in 0..{c1}) == {ones}\"\n\
         across = \"forall(m[i][j] + m[i][j+1] <= 1 for i in 0..{r1} for j in 0..{})\"\n\
         down = \"forall(m[i][j] + m[i+1][j] <= 1 for i in 0..{} for j in 0..{c1})\"\n",
        c1 - 1,
        r1 - 1
    );
    let ok = move |k: &[i64]| {
        let m = |i: usize, j: usize| k[i * cols + j];
        k.iter().sum::<i64>() == ones
            && (0..rows).all(|i| (0..c1).all(|j| m(i, j) + m(i, j + 1) <= 1))
            && (0..r1).all(|i| (0..cols).all(|j| m(i, j) + m(i + 1, j) <= 1))
    };
    Model {
        label: format!("{rows}x{cols} independent sets of {ones}"),
        vars: format!("m = {{ index = [\"0..{r1}\", \"0..{c1}\"], domain = \"0..1\" }}\n"),
        constraints,
        names: vec!["m"],
        solutions: assignments(&vec![range(0, 1); rows * cols], &ok),
        groups: vec![(
            "square",
            "{ grid = \"m\" }".to_string(),
            grid(&as_cells(&matrix_rows(0, rows, cols))),
        )],
    }
}
