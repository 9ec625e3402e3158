// Small SVG charts with axes, values and legends (no library: text stays text for screen readers,
// and a viewBox lets each chart shrink to a phone's width).
const NS = "http://www.w3.org/2000/svg";
export const COLOURS = ["#2f6fb3", "#c0392b", "#1e8449", "#8e44ad", "#b9770e", "#117a65", "#5d6d7e", "#a93226"];

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

// Round tick values from `low` up to at least `high` (`whole`: whole numbers only, for counts).
export function ticks(low, high, count = 5, whole = false) {
  const span = Math.max(1, high - low);
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(whole ? 1 : 0, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw));
  const values = [];
  // Each tick counted from the first, not summed step by step (0.6000000000000001).
  const first = Math.floor(low / step) * step;
  for (let i = 0, v = first; v <= high + step / 2; i += 1, v = Number((first + i * step).toPrecision(12))) values.push(v);
  if (values[values.length - 1] < high) values.push(values[values.length - 1] + step);
  return values;
}

function frame(width, height, label) {
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img", "aria-label": label,
    preserveAspectRatio: "xMinYMin meet" });
  chart.append(svg("title", {}, label));
  return chart;
}

const clip = (text, most) => (text.length > most ? `${text.slice(0, most - 1)}…` : text);

// rows: [[label, value], ...] as horizontal bars on an axis, each with its value at its end.
// `colour(name, i)` picks a bar's colour (default: the palette in order), so a chart can give
// each combatant the colour it has in the fight's other charts.
const inOrder = (_, i) => COLOURS[i % COLOURS.length];

export function barChart(rows, { label = "chart", unit = "", colour = inOrder } = {}) {
  const width = 440;
  const left = 120;
  const height = 24 * rows.length + 34;
  const chart = frame(width, height, label);
  chart.classList.add("bars");
  const marks = ticks(0, Math.max(1, ...rows.map(([, v]) => v)));
  const most = marks[marks.length - 1];
  const x = (v) => left + (width - left - 30) * v / most;
  for (const mark of marks) {
    chart.append(svg("line", { x1: x(mark), x2: x(mark), y1: 4, y2: height - 24, class: "grid" }));
    chart.append(svg("text", { x: x(mark), y: height - 8, class: "tick", "text-anchor": "middle" }, `${mark}${unit}`));
  }
  chart.append(svg("line", { x1: left, x2: left, y1: 4, y2: height - 24, class: "axis" }));
  rows.forEach(([name, value], i) => {
    const y = 8 + 24 * i;
    const text = svg("text", { x: left - 6, y: y + 13, class: "label", "text-anchor": "end" }, clip(name, 18));
    text.append(svg("title", {}, name));
    chart.append(text);
    chart.append(svg("rect", { x: left, y, width: Math.max(1, x(value) - left), height: 16, fill: colour(name, i) }));
    chart.append(svg("text", { x: x(value) + 4, y: y + 13, class: "value" }, `${value}${unit}`));
  });
  return chart;
}

// series: {name: [[x, y], ...]} as lines on two axes, with a legend under the chart. A y of null
// is a gap: the line breaks there rather than falling to zero. Options: xLabels names the ticks
// 0, 1, … (categories such as session dates, thinned to fit), unit follows each y value, width
// sets the viewBox (a narrower one keeps text larger on a phone), point words a dot's tooltip.
// `colour(name, i)` picks a series' colour; `xWhole` keeps the x ticks to whole numbers (rounds).
export function lineChart(series, { label = "chart", xTitle = "", yTitle = "", xLabels = null, unit = "", width = 440,
  point = (name, x, y) => `${name}: ${y}${unit} after line ${x}`, colour = inOrder, xWhole = false } = {}) {
  const names = Object.keys(series);
  const points = Object.values(series).flat().filter((p) => p[1] !== null && p[1] !== undefined);
  const [plot, left] = [190, 40];
  const columns = Math.max(1, Math.floor((width - left) / 160));
  const rows = Math.ceil(names.length / columns);
  const chart = frame(width, plot + 40 + 18 * rows, label);
  chart.classList.add("lines");
  if (!points.length) return chart;
  const xs = xLabels ? xLabels.map((_, i) => i) : ticks(Math.min(...points.map((p) => p[0])), Math.max(...points.map((p) => p[0])), 6, xWhole);
  const whole = points.every((p) => Number.isInteger(p[1]));
  const ys = ticks(Math.min(0, ...points.map((p) => p[1])), Math.max(1, ...points.map((p) => p[1])), 5, whole);
  const inset = xLabels ? 16 : 0; // categories: the first and last tick clear of the edges
  const sx = (v) => left + inset + (width - left - 12 - 2 * inset) * (v - xs[0]) / Math.max(1, xs[xs.length - 1] - xs[0]);
  const sy = (v) => 8 + (plot - 16) * (1 - (v - ys[0]) / Math.max(1, ys[ys.length - 1] - ys[0]));
  for (const v of ys) {
    chart.append(svg("line", { x1: left, x2: width - 12, y1: sy(v), y2: sy(v), class: v === 0 ? "axis" : "grid" }));
    chart.append(svg("text", { x: left - 5, y: sy(v) + 4, class: "tick", "text-anchor": "end" }, `${v}${unit}`));
  }
  const every = xLabels ? Math.ceil(xs.length / Math.max(1, Math.floor((width - left) / 56))) : 1;
  for (const v of xs) {
    if (v % every) continue;
    chart.append(svg("text", { x: sx(v), y: plot + 6, class: "tick", "text-anchor": "middle" }, xLabels ? xLabels[v] : v));
  }
  chart.append(svg("text", { x: width - 12, y: plot + 20, class: "axis-title", "text-anchor": "end" }, xTitle));
  chart.append(svg("text", { x: 2, y: 10, class: "axis-title" }, yTitle));
  names.forEach((name, i) => drawSeries(chart, name, series[name], colour(name, i), { sx, sy, point, xLabels }));
  names.forEach((name, i) => {
    const [lx, ly] = [left + (i % columns) * 160, plot + 36 + 18 * Math.floor(i / columns)];
    chart.append(svg("rect", { x: lx, y: ly - 9, width: 12, height: 10, fill: colour(name, i) }));
    chart.append(svg("text", { x: lx + 16, y: ly, class: "legend" }, clip(name, 22)));
  });
  return chart;
}

// One series: its line (broken at each gap) and a dot with a tooltip at each value.
function drawSeries(chart, name, data, colour, { sx, sy, point, xLabels }) {
  let path = "";
  let gap = true;
  for (const [a, b] of data) {
    if (b === null || b === undefined) { gap = true; continue; }
    path += `${gap ? "M" : "L"}${sx(a).toFixed(1)},${sy(b).toFixed(1)} `;
    gap = false;
  }
  chart.append(svg("path", { d: path.trim(), fill: "none", stroke: colour, "stroke-width": 2, "data-series": name }));
  for (const [a, b] of data) {
    if (b === null || b === undefined) continue;
    const dot = svg("circle", { cx: sx(a).toFixed(1), cy: sy(b).toFixed(1), r: 3.5, fill: colour, stroke: "#fff", "data-series": name });
    dot.append(svg("title", {}, point(name, xLabels ? xLabels[a] : a, b)));
    chart.append(dot);
  }
}
