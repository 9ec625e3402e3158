// The party across a campaign's sessions (GET /stats/trends, the operator token): a line chart
// per figure with a line per player character over the sessions (a session a PC missed is a gap,
// not a zero), the campaign's foes per foe type, and its analytics rows as CSV or Parquet.
import { html, useEffect, useRef, useState } from "./lib.js";
import { page } from "./store.js";
import { call } from "./api.js";
import { lineChart } from "../charts.js";

const METRICS = [
  ["damage_dealt", "Damage dealt", ""],
  ["damage_taken", "Damage taken", ""],
  ["hit_rate", "Hit rate", "%"],
  ["knocked_out", "Knock-outs suffered", ""],
  ["healing_received", "Healing received", ""],
];

// Session dates as short tick labels ("20 Nov"; with the year where sessions span years).
function dateLabels(sessions) {
  const years = new Set(sessions.map((s) => s.date.slice(0, 4)));
  const format = { day: "numeric", month: "short", timeZone: "UTC", ...(years.size > 1 ? { year: "2-digit" } : {}) };
  return sessions.map((s) => new Date(`${s.date}T12:00:00Z`).toLocaleDateString(undefined, format));
}

// A PC's name as a series name, with its id where two PCs share the name.
function seriesNames(party) {
  const seen = {};
  for (const pc of party) seen[pc.name] = (seen[pc.name] || 0) + 1;
  return party.map((pc) => (seen[pc.name] > 1 ? `${pc.name} (${pc.combatant})` : pc.name));
}

function value(figures, key) {
  const v = figures[key];
  if (v === null || v === undefined) return null; // absent that session: a gap
  return key === "hit_rate" ? Math.round(100 * v) : v;
}

function chartOf(trend, [key, title, unit]) {
  const names = seriesNames(trend.party);
  const labels = dateLabels(trend.sessions);
  const series = Object.fromEntries(trend.party.map((pc, i) => [names[i], pc.sessions.map((f, x) => [x, value(f, key)])]));
  return lineChart(series, { label: `${title} per session`, xLabels: labels, unit, width: 360,
    point: (name, day, y) => `${name}, ${day}: ${y}${unit}` });
}

function Chart({ trend, metric }) {
  const ref = useRef(null);
  useEffect(() => { ref.current.replaceChildren(chartOf(trend, metric)); }, [trend, metric]);
  return html`<figure class="trend" data-metric=${metric[0]}><figcaption>${metric[1]}</figcaption><div ref=${ref}></div></figure>`;
}

function FoeTypes({ foes }) {
  if (!foes.length) return null;
  return html`<h3>Foes by type</h3>
    <div class="table-scroll"><table class="foe-types">
      <thead><tr><th scope="col">Foe</th><th scope="col">Foes</th><th scope="col">Dealt</th><th scope="col">Taken</th>
        <th scope="col">Hits</th><th scope="col">KOs</th></tr></thead>
      <tbody>${foes.map((f) => html`<tr data-foe-type=${f.foe_type}>
        <th scope="row">${f.foe_type}</th><td>${f.combatants}<small> in ${f.encounters} fight${f.encounters === 1 ? "" : "s"}</small></td>
        <td>${f.damage_dealt.total}</td><td>${f.damage_taken.total}</td>
        <td>${f.hits}/${f.attacks}${f.hit_rate === null ? "" : html`<small> ${Math.round(100 * f.hit_rate)}%</small>`}</td>
        <td>${f.knockouts}</td></tr>`)}</tbody>
    </table></div>`;
}

// The campaign's rows, fetched with the operator token and saved through a Blob link.
async function download(campaign, branches, format, setError) {
  const query = `campaign=${encodeURIComponent(campaign)}${branches ? "&branches=true" : ""}`;
  try {
    const reply = await fetch(`/stats/rows.${format}?${query}`, { headers: { Authorization: `Bearer ${page.operator}` } });
    if (!reply.ok) throw new Error(`the service answered ${reply.status}`);
    const link = document.createElement("a");
    link.href = URL.createObjectURL(await reply.blob());
    link.download = `combatlog-${campaign}.${format}`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    setError(null);
  } catch (error) { setError(`The ${format.toUpperCase()} download failed: ${error.message}`); }
}

export function Trends({ campaign }) {
  const [trend, setTrend] = useState(null);
  const [branches, setBranches] = useState(false);
  const [error, setError] = useState(null);
  useEffect(() => {
    setTrend(null);
    const path = `/stats/trends?campaign=${encodeURIComponent(campaign)}${branches ? "&branches=true" : ""}`;
    call("GET", path, { token: page.operator }).then((found) => { setTrend(found); setError(null); }, (e) => setError(e.message));
  }, [campaign, branches]);
  if (!page.operator) return null;
  const empty = trend && !trend.party.length;
  return html`<section class="panel-box trends" aria-label="the party across sessions">
    <h2>The party across sessions</h2>
    <div class="buttons">
      <label class="check"><input type="checkbox" id="trend-branches" checked=${branches} onChange=${(e) => setBranches(e.target.checked)} /> Count what-if branches</label>
      <button type="button" id="download-csv" onClick=${() => download(campaign, branches, "csv", setError)}>Download CSV</button>
      <button type="button" id="download-parquet" onClick=${() => download(campaign, branches, "parquet", setError)}>Download Parquet</button>
    </div>
    ${error ? html`<p class="error" role="alert" data-error="trends">${error}</p>` : null}
    ${trend === null ? html`<p role="status">counting…</p>` : html`
      ${empty ? html`<p>No player character has fought in a session of this campaign yet.</p>` : html`
        <p class="trend-note">${trend.sessions.length} session${trend.sessions.length === 1 ? "" : "s"}; a gap in a line: that PC missed the session.</p>
        <div class="trend-charts">${METRICS.map((m) => html`<${Chart} key=${m[0]} trend=${trend} metric=${m} />`)}</div>`}
      <${FoeTypes} foes=${trend.foe_types} />`}
  </section>`;
}
