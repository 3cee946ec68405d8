//! The CLI's charts, written as SVG files by `--plot FILE.svg`: `compare`'s
//! sweep as one line per configuration (a measure against the param, log
//! scale), and the histograms of `play --all-secrets` (guesses per secret)
//! and `analyze` (positions per distance), each count written above its
//! bar. Titles name the spec and its `--set` values. Drawn by plotters'
//! SVG backend, which needs no font files: the page's browser or viewer
//! lays the text.

use super::usage;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use solve::diagnostic::Error;
use std::path::{Path, PathBuf};

/// `--plot FILE.svg`: every subcommand that draws a chart takes it.
#[derive(Clone, Debug, Default, clap::Args)]
pub(super) struct PlotArg {
    /// Also draw the figures as a chart in FILE.svg (SVG only).
    #[arg(long, value_name = "FILE.svg", value_parser = svg_path)]
    pub plot: Option<PathBuf>,
}

fn svg_path(text: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(text);
    match path.extension().and_then(|e| e.to_str()) {
        Some(e) if e.eq_ignore_ascii_case("svg") => Ok(path),
        _ => Err(format!(
            "`{text}`: the chart is drawn as SVG; give a file name ending in .svg"
        )),
    }
}

/// One line of a line chart: its label and its points, `(x, y, exact)`;
/// a point that is not exact (a limit stopped it) is drawn hollow, off
/// the line.
#[derive(Clone, Debug)]
pub(super) struct Series {
    pub label: String,
    pub points: Vec<(i64, f64, bool)>,
}

const SIZE: (u32, u32) = (720, 440);

/// Ten colours told apart on white (Tableau's), one per line in turn.
const COLOURS: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
];

/// A figure as a label: whole numbers without decimals.
fn figure(y: &f64) -> String {
    if *y >= 1.0 {
        format!("{y:.0}")
    } else {
        format!("{y:.3}")
    }
}

/// Lines of `y` against `x`, `y` on a log scale.
pub(super) fn lines(
    title: &str,
    x_name: &str,
    y_name: &str,
    series: &[Series],
) -> Result<String, Error> {
    let xs = series.iter().flat_map(|s| s.points.iter().map(|p| p.0));
    let (x_lo, x_hi) = xs.fold((i64::MAX, i64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)));
    if x_lo > x_hi {
        return Err(usage("--plot: no figures to draw".to_string()));
    }
    // A log scale has no zero: figures below the smallest positive one
    // sit on the axis.
    let positive = series.iter().flat_map(|s| s.points.iter().map(|p| p.1));
    let y_lo = positive
        .clone()
        .filter(|&y| y > 0.0)
        .fold(f64::INFINITY, f64::min);
    let y_lo = if y_lo.is_finite() { y_lo } else { 1.0 };
    let y_hi = positive.fold(y_lo, f64::max);
    let (y_lo, y_hi) = (y_lo / 1.5, y_hi * 1.5);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        draw_lines(
            &root,
            title,
            (x_name, y_name),
            (x_lo, x_hi),
            (y_lo, y_hi),
            series,
        )
        .map_err(|e| usage(format!("--plot: cannot draw the chart: {e}")))?;
    }
    Ok(svg)
}

type Drawn = Result<(), Box<dyn std::error::Error>>;

fn draw_lines(
    root: &DrawingArea<SVGBackend<'_>, Shift>,
    title: &str,
    (x_name, y_name): (&str, &str),
    (x_lo, x_hi): (i64, i64),
    (y_lo, y_hi): (f64, f64),
    series: &[Series],
) -> Drawn {
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(
            x_lo..x_hi.max(x_lo.saturating_add(1)),
            (y_lo..y_hi).log_scale(),
        )?;
    chart
        .configure_mesh()
        .label_style(("sans-serif", 13))
        .axis_desc_style(("sans-serif", 14))
        .x_desc(if series.iter().any(|s| s.points.iter().any(|p| !p.2)) {
            format!("{x_name} (hollow: a limit stopped the count, a lower bound)")
        } else {
            x_name.to_string()
        })
        .y_desc(format!("{y_name} (log scale)"))
        .y_label_formatter(&figure)
        .x_labels(((x_hi - x_lo) as usize + 1).min(20))
        .draw()?;
    for (i, s) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let at = |&(x, y, _): &(i64, f64, bool)| (x, y.max(y_lo));
        let _ = chart
            .draw_series(LineSeries::new(
                s.points.iter().filter(|p| p.2).map(at),
                colour.stroke_width(2),
            ))?
            .label(s.label.as_str())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
            });
        let _ = chart.draw_series(s.points.iter().map(|p| {
            let style = if p.2 {
                colour.filled()
            } else {
                colour.stroke_width(2)
            };
            Circle::new(at(p), 4, style)
        }))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

/// Bars of `counts[k]` at `first + k`.
pub(super) fn histogram(
    title: &str,
    x_name: &str,
    y_name: &str,
    first: u32,
    counts: &[u64],
) -> Result<String, Error> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        draw_histogram(&root, title, (x_name, y_name), first, counts)
            .map_err(|e| usage(format!("--plot: cannot draw the chart: {e}")))?;
    }
    Ok(svg)
}

fn draw_histogram(
    root: &DrawingArea<SVGBackend<'_>, Shift>,
    title: &str,
    (x_name, y_name): (&str, &str),
    first: u32,
    counts: &[u64],
) -> Drawn {
    root.fill(&WHITE)?;
    let last = first + counts.len().max(1) as u32 - 1;
    let top = counts.iter().copied().max().unwrap_or(0).max(1);
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d((first..last).into_segmented(), 0..top + top / 10 + 1)?;
    chart
        .configure_mesh()
        .label_style(("sans-serif", 13))
        .axis_desc_style(("sans-serif", 14))
        .disable_x_mesh()
        .x_desc(x_name)
        .y_desc(y_name)
        .x_labels(counts.len().clamp(1, 30))
        .draw()?;
    // A count too small to see beside the largest is drawn 1% as tall,
    // and every count is written above its bar.
    let least = top.div_ceil(100);
    let shown = |c: u64| if c == 0 { 0 } else { c.max(least) };
    let _ = chart.draw_series(
        Histogram::vertical(&chart)
            .style(COLOURS[0].filled())
            .margin(4)
            .data(
                counts
                    .iter()
                    .enumerate()
                    .map(|(k, &c)| (first + k as u32, shown(c))),
            ),
    )?;
    let label = ("sans-serif", 12)
        .into_font()
        .color(&BLACK)
        .pos(Pos::new(HPos::Center, VPos::Bottom));
    let _ = chart.draw_series(counts.iter().enumerate().filter(|(_, c)| **c > 0).map(
        |(k, &c)| {
            let at = (SegmentValue::CenterOf(first + k as u32), shown(c));
            Text::new(c.to_string(), at, label.clone())
        },
    ))?;
    root.present()?;
    Ok(())
}

/// A chart's title: the spec's file name and the `--set` values it ran
/// with, then what the chart shows.
pub(super) fn title(file: &Path, set: &[String], what: &str) -> String {
    let spec = file
        .file_stem()
        .map(|s| s.to_string_lossy())
        .unwrap_or_default();
    if set.is_empty() {
        format!("{spec}: {what}")
    } else {
        format!("{spec} ({}): {what}", set.join(" "))
    }
}

/// Writes the chart; a file that cannot be written is an I/O error (2).
pub(super) fn write(path: &Path, svg: &str) -> Result<(), Error> {
    std::fs::write(path, svg)
        .map_err(|e| usage(format!("--plot: cannot write {}: {e}", path.display())))
}
