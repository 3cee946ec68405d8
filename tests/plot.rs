//! `--plot FILE.svg`: the charts of `compare --sweep`, `play --all-secrets`
//! and `analyze` are read back from the SVG (lines as polylines, bars as
//! rectangles) and checked against the figures the same command prints.

use crate::solve;
use serde_json::Value;
use std::path::PathBuf;

/// A uniquely named `.svg` path in the temporary directory, removed when
/// dropped.
struct TempSvg(PathBuf);

impl TempSvg {
    fn new(label: &str) -> TempSvg {
        let name = format!("solve-plot-{}-{label}.svg", std::process::id());
        TempSvg(std::env::temp_dir().join(name))
    }
    fn path(&self) -> &str {
        self.0.to_str().expect("temporary path is not UTF-8")
    }
    fn read(&self) -> String {
        let svg = std::fs::read_to_string(&self.0).expect("--plot wrote no file");
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        svg
    }
}

impl Drop for TempSvg {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The value of `name="..."` in one SVG element's text.
fn attribute<'a>(element: &'a str, name: &str) -> Option<&'a str> {
    let at = |prefix: &str| element.find(&format!("{prefix}{name}=\""));
    let start = if element.starts_with(&format!("{name}=\"")) {
        0
    } else {
        at(" ")? + 1
    };
    element[start + name.len() + 2..].split('"').next()
}

/// The texts of the SVG's `<text>` elements, trimmed.
fn texts(svg: &str) -> Vec<&str> {
    svg.split("<text ")
        .skip(1)
        .filter_map(|rest| rest.split_once('>')?.1.split("</text>").next())
        .map(str::trim)
        .collect()
}

/// Every element `<tag ...>` of the SVG, as its attribute text.
fn elements<'a>(svg: &'a str, tag: &str) -> Vec<&'a str> {
    svg.split(&format!("<{tag} "))
        .skip(1)
        .map(|rest| rest.split('>').next().unwrap_or(""))
        .collect()
}

/// The bars of a histogram: `(x, height)` of every rectangle of the bar
/// colour, left to right.
fn bars(svg: &str) -> Vec<(f64, f64)> {
    let number = |e: &str, n: &str| attribute(e, n).unwrap().parse::<f64>().unwrap();
    let mut bars: Vec<(f64, f64)> = elements(svg, "rect")
        .into_iter()
        .filter(|e| !matches!(attribute(e, "fill"), Some("#FFFFFF" | "none")))
        .map(|e| (number(e, "x"), number(e, "height")))
        .collect();
    bars.sort_by(|a, b| a.0.total_cmp(&b.0));
    bars
}

/// Bars as tall as the counts, up to the pixel each is rounded to (a
/// count too small to see at least 1% as tall as the tallest), each count
/// written on the chart.
fn assert_bars_follow(svg: &str, counts: &[u64]) {
    let bars = bars(svg);
    assert_eq!(bars.len(), counts.len(), "one bar per count: {bars:?}");
    let top = *counts.iter().max().unwrap() as f64;
    let tallest = bars.iter().map(|b| b.1).fold(0.0, f64::max);
    let written = texts(svg);
    for ((_, height), &count) in bars.iter().zip(counts) {
        assert!(
            written.contains(&count.to_string().as_str()),
            "{count} not written: {written:?}"
        );
        let least = if count > 0 { tallest / 100.0 } else { 0.0 };
        let expected = (tallest * count as f64 / top).max(least);
        assert!(
            (height - expected).abs() <= 2.0,
            "bar of {count}: {height} px, expected {expected:.1} ({bars:?})"
        );
    }
}

/// A JSON histogram object (`"1": 3, ...`) as counts in key order.
fn histogram(json: &Value) -> Vec<u64> {
    let map = json["histogram"].as_object().unwrap();
    let mut pairs: Vec<(u64, u64)> = map
        .iter()
        .map(|(k, v)| (k.parse().unwrap(), v.as_u64().unwrap()))
        .collect();
    pairs.sort();
    pairs.into_iter().map(|p| p.1).collect()
}

#[test]
fn compare_plots_one_line_per_configuration_ordered_as_its_nodes() {
    let svg = TempSvg::new("compare");
    let tries = ["default", "no-symmetry", "consistency=check"];
    let mut args = vec![
        "compare",
        "specs/queens.toml",
        "--sweep",
        "n=4..7",
        "--json",
    ];
    for t in &tries {
        args.extend(["--try", t]);
    }
    args.extend(["--plot", svg.path()]);
    let (out, err, code) = solve(&args);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let svg = svg.read();
    for t in tries {
        assert!(texts(&svg).contains(&t), "no legend for {t}");
    }
    // The series are the wide polylines (the axes and ticks are 1 px),
    // each followed by its legend's two-point line.
    let lines: Vec<Vec<(f64, f64)>> = elements(&svg, "polyline")
        .into_iter()
        .filter(|e| attribute(e, "stroke-width") == Some("2"))
        .map(|e| {
            let points = attribute(e, "points").unwrap();
            points
                .split_whitespace()
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect()
        })
        .filter(|l: &Vec<(f64, f64)>| l.len() == 4)
        .collect();
    assert_eq!(lines.len(), tries.len(), "one line per configuration");
    // At every n, a configuration with more nodes is drawn higher (a
    // smaller y), and the same x is shared by every line.
    for k in 0..4 {
        for (a, b) in [(0, 1), (1, 2), (0, 2)] {
            let nodes = |c: usize| rows[k * tries.len() + c]["nodes"].as_u64().unwrap();
            let (ya, yb) = (lines[a][k].1, lines[b][k].1);
            assert_eq!(lines[a][k].0, lines[b][k].0);
            if nodes(a) != nodes(b) {
                assert_eq!(nodes(a) > nodes(b), ya < yb, "n={}: {a} vs {b}", k + 4);
            }
        }
    }
}

#[test]
fn play_all_secrets_plots_the_histogram_of_guesses() {
    let svg = TempSvg::new("play");
    let args = [
        "play",
        "specs/moo.toml",
        "--all-secrets",
        "--strategy",
        "minimax",
    ];
    let (out, err, code) = solve(&[&args[..], &["--json", "--plot", svg.path()]].concat());
    assert_eq!(code, 0, "{err}");
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_bars_follow(&svg.read(), &histogram(&json));
}

#[test]
fn analyze_plots_the_histogram_of_distances() {
    let svg = TempSvg::new("analyze");
    let args = ["analyze", "specs/flipit.toml", "--set", "n=6", "--json"];
    let (out, err, code) = solve(&[&args[..], &["--plot", svg.path()]].concat());
    assert_eq!(code, 0, "{err}");
    let json: Value = serde_json::from_str(&out).unwrap();
    let counts = histogram(&json);
    assert_eq!(
        counts.iter().sum::<u64>(),
        json["solvable"].as_u64().unwrap()
    );
    let drawn = svg.read();
    assert_bars_follow(&drawn, &counts);
    // The title names the spec and its --set values.
    let title = format!(
        "flipit (n=6): {} positions, {0} solvable",
        counts.iter().sum::<u64>()
    );
    assert!(
        texts(&drawn).contains(&title.as_str()),
        "{:?}",
        texts(&drawn)
    );
}

#[test]
fn plot_is_refused_where_it_has_nothing_to_draw() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["compare", "specs/queens.toml", "--plot", "x.png"],
            "ending in .svg",
        ),
        (
            &["compare", "specs/queens.toml", "--plot", "x.svg"],
            "--sweep",
        ),
        (
            &["play", "specs/moo.toml", "--plot", "x.svg"],
            "--all-secrets",
        ),
        (
            &[
                "analyze",
                "specs/flipit.toml",
                "--set",
                "n=3",
                "--plot",
                "/nonexistent/dir/x.svg",
            ],
            "cannot write /nonexistent/dir/x.svg",
        ),
    ];
    for (args, expected) in cases {
        let (_, err, code) = solve(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}
