// What-if branches on the page: fork the fight at a line (as written or as corrected) into a new
// encounter and open it; on a branch, a banner naming its original, and the two side by side —
// their tables at their ends or at a line, what differs in the amendment summary's words, and
// their figures.
import { html, useEffect, useRef, useState } from "./lib.js";
import { call, newKey } from "./api.js";
import { api, fail, kept, page, remember, update } from "./store.js";
import { Dialog, ErrorNote } from "./ui.js";
import { renderTable } from "../table.js";

const TIMELINES = { then: "as written", corrected: "as corrected" };
const short = (id) => String(id).slice(0, 8);
const nameOf = (id) => kept()[id]?.name || `encounter ${short(id)}`;

// The control that opens the fork dialog: at a line, in a timeline.
export function BranchButton({ at, timeline = "then", cls = "branch", label = "Branch from here", children = "branch" }) {
  return html`<button type="button" class=${cls} aria-label=${label} title=${`A what-if branch: lines 1–${at} ${TIMELINES[timeline]}, in a new encounter`}
    onClick=${() => update({ dialog: { kind: "fork", at, timeline } })}>${children}</button>`;
}

// Forking writes nothing here (the fight is not touched), so it is allowed while replaying.
async function fork(at, timeline, name) {
  if (page.busy.has("fork")) return;
  page.busy.add("fork");
  update();
  try {
    const body = { at, timeline, ...(name.trim() ? { name: name.trim() } : {}) };
    const branch = await call("POST", `/encounters/${page.id}/fork`, { body, token: page.token, key: newKey() });
    const fallback = `${page.log[0]?.fact?.name || "encounter"} (branch at line ${at})`;
    remember(branch.id, branch.gm_token, branch.player_token, { name: body.name || fallback, ruleset: page.state.ruleset, version: branch.version });
    update({ dialog: null, errors: {}, replay: { ...page.replay, timeline: "then" } });  // the branch opens live, as written
    location.hash = `e=${branch.id}`;
  } catch (error) {
    fail("fork", error.message);
  } finally {
    page.busy.delete("fork");
    update();
  }
}

export function ForkDialog({ at, timeline: given }) {
  const [name, setName] = useState("");
  const [timeline, setTimeline] = useState(given);
  const fallback = `${page.log[0]?.fact?.name || "encounter"} (branch at line ${at})`;
  const submit = (e) => { e.preventDefault(); fork(at, timeline, name); };
  return html`<${Dialog} title=${`Try it the other way: branch at line ${at}`} cls="fork">
    <form class="fork-form" onSubmit=${submit}>
      <p class="hint">A new encounter starts from lines 1–${at} of this one; play the other ruling forward there. This fight is not touched.</p>
      <label>name<input name="branch-name" value=${name} placeholder=${fallback} maxlength="200" onInput=${(e) => setName(e.target.value)} /></label>
      <fieldset class="timeline"><legend>lines 1–${at}</legend>
        ${Object.entries(TIMELINES).map(([value, words]) => html`<label><input type="radio" name="fork-timeline" value=${value}
          checked=${timeline === value} onChange=${() => setTimeline(value)} /> ${words}</label>`)}</fieldset>
      <div class="buttons"><button type="submit" class="primary do-fork" aria-busy=${page.busy.has("fork") ? "true" : undefined}
        disabled=${page.busy.has("fork")}>Branch and open it</button></div>
      <${ErrorNote} where="fork" />
    </form>
  <//>`;
}

// Above the table of a branch: what it branched from, a way back, and the comparison.
export function BranchBanner() {
  const of = page.log[0]?.fact?.branch_of;
  if (!of) return null;
  const parent = of.encounter;
  const held = parent && kept()[parent]?.gm;
  return html`<section class="branch-banner" aria-label="what-if branch">
    <p>What-if branch of <strong>${parent ? nameOf(parent) : "another encounter"}</strong> at line ${of.position} (${TIMELINES[of.timeline] || of.timeline})</p>
    <div class="buttons">
      ${parent ? html`<button type="button" class="compare-open" onClick=${() => update({ dialog: { kind: "compare", parent } })}>Compare with the original</button>` : null}
      ${held ? html`<a class="open-parent" href=${`#e=${parent}`}>Open the original</a>` : null}</div>
  </section>`;
}

// A table as the player page draws it (table.js), headed by its encounter's name.
function Table({ title, state }) {
  const ref = useRef(null);
  useEffect(() => { ref.current.replaceChildren(renderTable(state)); }, [state]);
  return html`<div class="compared"><h3>${title}</h3><div ref=${ref}></div></div>`;
}

async function figures(id, token) {
  if (!token) return null;
  const report = await call("GET", `/encounters/${id}/stats`, { token });
  return Object.fromEntries(report.combatants.map((c) => [c.combatant, c]));
}

// Damage dealt and hits per combatant in both fights, a column each (the original's only if this
// browser holds its GM token): three columns, so a phone reads them without scrolling sideways.
function Figures({ mine, theirs, names }) {
  if (!mine) return null;
  const ids = [...new Set([...Object.keys(mine), ...Object.keys(theirs || {})])];
  const cell = (c) => (c ? html`<span>${c.damage_dealt.total} damage</span> <span>${c.hits}/${c.attacks} hits</span>` : "–");
  return html`<div class="figures"><h3>Figures, each fight to its end</h3>
    <table class="compare-figures"><thead><tr><th scope="col">combatant</th>
      <th scope="col">${names[0]}</th><th scope="col">${names[1]}</th></tr></thead>
    <tbody>${ids.map((id) => html`<tr data-id=${id}><th scope="row">${(mine[id] || theirs?.[id]).name}</th>
      <td>${cell(mine[id])}</td><td>${theirs ? cell(theirs[id]) : "?"}</td></tr>`)}</tbody></table>
    ${theirs ? null : html`<p class="hint">The original's figures need its GM token in this browser.</p>`}</div>`;
}

function Where({ at, setAt, timeline, setTimeline }) {
  return html`<form class="compare-where" onSubmit=${(e) => e.preventDefault()}>
    <label><input type="radio" name="compare-when" checked=${at === null} onChange=${() => setAt(null)} /> at their ends</label>
    <label><input type="radio" name="compare-when" checked=${at !== null} onChange=${() => setAt(at ?? page.log[0].fact.branch_of.position)} /> after line</label>
    <input type="number" name="compare-at" min="1" aria-label="compare after line" value=${at ?? ""} disabled=${at === null}
      onChange=${(e) => setAt(Math.max(1, Number(e.target.value) || 1))} />
    <select name="compare-timeline" aria-label="timeline" value=${timeline} disabled=${at === null} onChange=${(e) => setTimeline(e.target.value)}>
      <option value="then">as it stood then</option><option value="corrected">as corrected</option></select>
  </form>`;
}

// The original's GM token, held in this browser or asked for once (and then kept).
function originalToken(parent) {
  if (kept()[parent]?.gm) return kept()[parent].gm;
  const given = prompt("The original's GM token? Comparing reads its GM table.")?.trim();
  if (given) remember(parent, given);
  return given || null;
}

export function CompareDialog({ parent }) {
  const [at, setAt] = useState(null);
  const [timeline, setTimeline] = useState("then");
  const [shown, setShown] = useState(null);
  const asked = useRef(0);  // a slower earlier answer never replaces a later one
  const names = [page.log[0]?.fact?.name || "this branch", nameOf(parent)];
  useEffect(() => {
    const ticket = ++asked.current;
    const query = at === null ? "" : `?at=${at}${timeline === "corrected" ? "&timeline=corrected" : ""}`;
    const theirs = originalToken(parent);
    if (!theirs) {
      fail("compare", "Comparing reads the original's GM table: it needs the original's GM token.");
      return;
    }
    const compared = call("GET", `/encounters/${page.id}/compare/${parent}${query}`, { token: page.token, headers: { "X-Other-Token": theirs } });
    Promise.all([compared, figures(page.id, page.token), figures(parent, theirs)])
      .then(([comparison, mine, theirs]) => {
        if (ticket !== asked.current) return;
        setShown({ ...comparison, mine, theirs });
        update({ errors: { ...page.errors, compare: undefined } });
      })
      .catch((error) => {
        if (ticket !== asked.current) return;
        setShown(null);  // no table of another line under the error
        fail("compare", error.message);
      });
  }, [at, timeline]);
  return html`<${Dialog} title="This branch beside the original" cls="compare">
    <${Where} at=${at} setAt=${setAt} timeline=${timeline} setTimeline=${setTimeline} />
    <${ErrorNote} where="compare" />
    ${shown ? html`<div class="differences" role="status"><h3>What differs, ${names[0]} → ${names[1]}</h3>
        ${shown.differences.length ? html`<ul>${shown.differences.map((d) => html`<li>${d}</li>`)}</ul>` : html`<p>Nothing on the table differs.</p>`}</div>
      <div class="side-by-side"><${Table} title=${names[0]} state=${shown.a} /><${Table} title=${names[1]} state=${shown.b} /></div>
      <${Figures} mine=${shown.mine} theirs=${shown.theirs} names=${names} />` : page.errors.compare ? null : html`<p role="status">comparing…</p>`}
  <//>`;
}
