// Analytics on the page: this fight's damage per round and per combatant and HP over time; and,
// with the operator token, damage dealt and hit rate across every stored fight.
import { html, useEffect, useRef, useState } from "./lib.js";
import { api, fail, page, update } from "./store.js";
import { COLOURS, barChart, lineChart } from "../charts.js";
import { ErrorNote } from "./ui.js";
import { rulesetTitle } from "./rules.js";

// Chart labels: a combatant's name, with its id where two share the name (enforcer-1, -2).
function labels(combatants) {
  const seen = {};
  for (const c of combatants) seen[c.name] = (seen[c.name] || 0) + 1;
  return (c) => (seen[c.name] > 1 ? `${c.name} (${c.combatant})` : c.name);
}

const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// HP over time by round: each reading at its round, the lines of one round spread as ticks
// within it (round 2's first change at 2, its last just short of 3), in the log's order.
function byRound(hpOverTime) {
  const seen = {};
  for (const points of Object.values(hpOverTime)) {
    for (const p of points) (seen[p.round] ||= new Set()).add(p.position);
  }
  const at = {};
  for (const [round, positions] of Object.entries(seen)) {
    const sorted = [...positions].sort((a, b) => a - b);
    sorted.forEach((position, k) => { at[position] = Number(round) + k / sorted.length; });
  }
  return (p) => at[p.position];
}

function thisFight(report) {
  const rounds = {};
  for (const row of report.damage_by_round) rounds[row.round] = (rounds[row.round] || 0) + row.total;
  const label = labels(report.combatants);
  const byId = Object.fromEntries(report.combatants.map((c) => [c.combatant, label(c)]));
  // One colour per combatant, the same in every chart of the fight.
  const order = report.combatants.map(label);
  const colour = (name, i) => COLOURS[(order.includes(name) ? order.indexOf(name) : i) % COLOURS.length];
  const x = byRound(report.hp_over_time);
  const hp = Object.fromEntries(Object.entries(report.hp_over_time).map(([id, points]) => [byId[id] || id, points.map((p) => [x(p), p.hp])]));
  const foe = report.most_dangerous_foe;
  return [
    ["p", foe ? `Most dangerous foe: ${foe.name} (${foe.damage_dealt} damage)` : "No foe has dealt damage yet."],
    ["h3", "Damage per round"], barChart(Object.entries(rounds).map(([r, total]) => [`round ${r}`, total]), { label: "damage per round" }),
    ["h3", "Damage dealt per combatant"], barChart(report.combatants.map((c) => [label(c), c.damage_dealt.total]), { label: "damage dealt per combatant", colour }),
    ["h3", "HP over time"], lineChart(hp, { label: "HP over time", xTitle: "round", yTitle: "HP", colour, xWhole: true,
      point: (name, at, value) => `${name}: ${value} HP in round ${Math.floor(at)}` }),
  ];
}

function everyFight(report) {
  const label = labels(report.combatants);
  const dealt = report.combatants.filter((c) => c.damage_dealt.total > 0).sort((a, b) => b.damage_dealt.total - a.damage_dealt.total).slice(0, 12);
  const rates = report.combatants.filter((c) => c.attacks > 0).sort((a, b) => b.hit_rate - a.hit_rate).slice(0, 12);
  const rounds = report.encounters.reduce((sum, e) => sum + (e.rounds || 0), 0);
  const foe = report.most_dangerous_foe;
  return [
    ["p", `${count(report.encounters.length, "fight")}, ${count(rounds, "round")}${foe ? `; most dangerous foe: ${foe.name} (${foe.damage_dealt} damage)` : ""}`, "summary"],
    ["h3", "Damage dealt, every fight"], barChart(dealt.map((c) => [label(c), c.damage_dealt.total]), { label: "damage dealt, every fight" }),
    ["h3", "Hit rate"], barChart(rates.map((c) => [label(c), Math.round(100 * c.hit_rate)]), { label: "hit rate", unit: "%" }),
  ];
}

function Drawn({ parts }) {
  const ref = useRef(null);
  useEffect(() => {
    ref.current.replaceChildren(...parts.map((p) => {
      if (!Array.isArray(p)) return p;
      const node = document.createElement(p[0]);
      node.textContent = p[1];
      if (p[2]) node.className = p[2];
      return node;
    }));
  }, [parts]);
  return html`<div id="stats" ref=${ref}></div>`;
}

export function Stats() {
  const [parts, setParts] = useState([]);
  const [ruleset, setRuleset] = useState("");
  const [loading, setLoading] = useState(false);
  const show = async (work) => {
    setLoading(true);
    try {
      setParts(await work());
      const { stats: _, ...others } = page.errors;
      update({ errors: others });
    } catch (error) { fail("stats", error.message); } finally { setLoading(false); }
  };
  const mine = () => show(async () => thisFight(await api("GET", `/encounters/${page.id}/stats`)));
  const all = () => show(async () => {
    if (!page.operator) throw new Error("Figures across fights need the operator token (open the address combatlog serve prints).");
    return everyFight(await api("GET", `/stats${ruleset ? `?ruleset=${ruleset}` : ""}`, undefined, page.operator));
  });
  return html`<section class="analytics" aria-label="analytics"><h2>Analytics</h2>
    <div class="buttons">
      <button type="button" id="show-stats" onClick=${mine}>This fight</button>
      <button type="button" id="show-all-stats" onClick=${all}>Every fight</button>
      <select id="all-stats-ruleset" aria-label="ruleset for every fight" value=${ruleset} onChange=${(e) => setRuleset(e.target.value)}>
        <option value="">all rulesets</option>${Object.keys(page.rulesets).map((r) => html`<option value=${r}>${rulesetTitle(r)}</option>`)}</select>
      ${loading ? html`<span role="status">counting…</span>` : null}</div>
    <${ErrorNote} where="stats" />
    <${Drawn} parts=${parts} />
  </section>`;
}
