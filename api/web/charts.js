// Small inline SVG charts (no library): bars for totals, lines for HP over time.
const NS = "http://www.w3.org/2000/svg";
const COLOURS = ["#2f6fb3", "#c0392b", "#27ae60", "#8e44ad", "#d68910", "#16a085", "#7f8c8d", "#b03a2e"];

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

// rows: [[label, value], ...] as horizontal bars.
export function barChart(rows, width = 420) {
  const height = 22 * rows.length + 10;
  const most = Math.max(1, ...rows.map(([, v]) => v));
  const chart = svg("svg", { width, height, class: "chart bars", role: "img" });
  rows.forEach(([label, value], i) => {
    const y = 5 + 22 * i;
    chart.append(svg("text", { x: 0, y: y + 14, class: "label" }, label));
    chart.append(svg("rect", { x: 130, y, width: Math.max(1, (width - 180) * value / most), height: 16, fill: COLOURS[i % COLOURS.length] }));
    chart.append(svg("text", { x: 136 + (width - 180) * value / most, y: y + 13, class: "value" }, value));
  });
  return chart;
}

// series: {name: [[x, y], ...]} as lines, with a legend.
export function lineChart(series, width = 420, height = 200) {
  const points = Object.values(series).flat();
  const chart = svg("svg", { width, height: height + 20 * Object.keys(series).length, class: "chart lines", role: "img" });
  if (!points.length) return chart;
  const [x0, x1] = [Math.min(...points.map((p) => p[0])), Math.max(...points.map((p) => p[0]))];
  const [y0, y1] = [Math.min(0, ...points.map((p) => p[1])), Math.max(1, ...points.map((p) => p[1]))];
  const sx = (x) => 30 + (width - 40) * (x - x0) / Math.max(1, x1 - x0);
  const sy = (y) => 10 + (height - 30) * (1 - (y - y0) / Math.max(1, y1 - y0));
  chart.append(svg("line", { x1: 30, x2: width - 10, y1: sy(0), y2: sy(0), class: "axis" }));
  Object.entries(series).forEach(([name, data], i) => {
    const colour = COLOURS[i % COLOURS.length];
    const path = data.map(([x, y], j) => `${j ? "L" : "M"}${sx(x).toFixed(1)},${sy(y).toFixed(1)}`).join(" ");
    chart.append(svg("path", { d: path, fill: "none", stroke: colour, "stroke-width": 2 }));
    for (const [x, y] of data) chart.append(svg("circle", { cx: sx(x).toFixed(1), cy: sy(y).toFixed(1), r: 3, fill: colour }));
    chart.append(svg("text", { x: 30, y: height + 14 + 20 * i, fill: colour, class: "legend" }, name));
  });
  return chart;
}
