// The page's charts as SVG text: lines against a param on a log scale
// (compare's sweep, one line per configuration) and histograms (a game's
// guesses per secret, a puzzle's positions per distance). The command
// line draws the same charts with plotters (`--plot FILE.svg`).

const W = 640, H = 360;
const M = { left: 64, right: 16, top: 28, bottom: 44 };
// Tableau's ten colours, as the command line's charts.
export const COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
  "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"];

const escape = (s) => String(s).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const text = (x, y, s, extra = "") =>
  `<text x="${x}" y="${y}" font-size="12" font-family="sans-serif" ${extra}>${escape(s)}</text>`;
const figure = (y) => (y >= 1 || y === 0 ? Math.round(y).toLocaleString("en") : y.toPrecision(2));

function frame(title, xName, yName) {
  return [
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    text(W / 2, 18, title, 'text-anchor="middle" font-size="14"'),
    text(W / 2, H - 6, xName, 'text-anchor="middle"'),
    text(14, H / 2, yName, `text-anchor="middle" transform="rotate(-90 14 ${H / 2})"`),
    `<line x1="${M.left}" y1="${H - M.bottom}" x2="${W - M.right}" y2="${H - M.bottom}" stroke="#000"/>`,
    `<line x1="${M.left}" y1="${M.top}" x2="${M.left}" y2="${H - M.bottom}" stroke="#000"/>`,
  ];
}

// series: [{label, points: [{x, y, exact}]}]; y on a log scale; a point
// that is not exact (a limit stopped it) is hollow, off the line.
export function lineChart(title, xName, yName, series) {
  const points = series.flatMap((s) => s.points);
  if (points.length === 0) return "";
  const xs = points.map((p) => p.x);
  const positive = points.map((p) => p.y).filter((y) => y > 0);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const lo = Math.log10((positive.length ? Math.min(...positive) : 1) / 1.5);
  const hi = Math.log10((positive.length ? Math.max(...positive) : 10) * 1.5);
  const px = (x) => M.left + ((x - x0) / Math.max(1, x1 - x0)) * (W - M.left - M.right);
  const py = (y) => {
    const l = Math.log10(Math.max(y, 10 ** lo));
    return H - M.bottom - ((l - lo) / Math.max(1e-9, hi - lo)) * (H - M.top - M.bottom);
  };
  const out = frame(title, xName, `${yName} (log scale)`);
  for (let e = Math.ceil(lo); e <= Math.floor(hi); e++) {
    const y = py(10 ** e);
    out.push(`<line x1="${M.left}" y1="${y}" x2="${W - M.right}" y2="${y}" stroke="#ddd"/>`);
    out.push(text(M.left - 4, y + 4, figure(10 ** e), 'text-anchor="end"'));
  }
  for (const x of [...new Set(xs)].sort((a, b) => a - b)) {
    out.push(text(px(x), H - M.bottom + 16, x, 'text-anchor="middle"'));
  }
  series.forEach((s, i) => {
    const colour = COLOURS[i % COLOURS.length];
    const line = s.points.filter((p) => p.exact).map((p) => `${px(p.x)},${py(p.y)}`);
    out.push(`<polyline class="series" data-label="${escape(s.label)}" fill="none" stroke="${colour}" stroke-width="2" points="${line.join(" ")}"/>`);
    for (const p of s.points) {
      const fill = p.exact ? colour : "#fff";
      out.push(`<circle cx="${px(p.x)}" cy="${py(p.y)}" r="3.5" fill="${fill}" stroke="${colour}" stroke-width="2"><title>${escape(s.label)}: ${figure(p.y)}</title></circle>`);
    }
    const ly = M.top + 8 + i * 16;
    out.push(`<line x1="${M.left + 10}" y1="${ly}" x2="${M.left + 30}" y2="${ly}" stroke="${colour}" stroke-width="2"/>`);
    out.push(text(M.left + 36, ly + 4, s.label));
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">${out.join("")}</svg>`;
}

// Bars of counts[k] at first + k.
export function histogram(title, xName, yName, first, counts) {
  const top = Math.max(1, ...counts);
  const width = (W - M.left - M.right) / Math.max(1, counts.length);
  const py = (c) => H - M.bottom - (c / top) * (H - M.top - M.bottom - 10);
  const out = frame(title, xName, yName);
  for (const c of [0, top / 2, top]) {
    out.push(text(M.left - 4, py(c) + 4, figure(c), 'text-anchor="end"'));
  }
  counts.forEach((c, k) => {
    const x = M.left + k * width;
    const y = py(c);
    out.push(`<rect class="bar" x="${x + 2}" y="${y}" width="${width - 4}" height="${H - M.bottom - y}" fill="${COLOURS[0]}"><title>${first + k}: ${c}</title></rect>`);
    out.push(text(x + width / 2, H - M.bottom + 16, first + k, 'text-anchor="middle"'));
    out.push(text(x + width / 2, y - 3, c.toLocaleString("en"), 'text-anchor="middle" font-size="10"'));
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">${out.join("")}</svg>`;
}
