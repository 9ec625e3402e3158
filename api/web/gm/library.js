// The creature library and party roster the service keeps per ruleset (operator token): add a
// saved creature N times or the whole party in one step, edit, delete, export and import as JSON.
import { html, useEffect, useState } from "./lib.js";
import { operatorCall } from "./api.js";
import { busy, fail, page, record, update } from "./store.js";
import { Act, ErrorNote, int } from "./ui.js";
import { OperatorToken } from "./setup.js";
import { joining } from "./creatures.js";
import { ImportCreatures } from "./imports.js";

// Every library call carries the operator token and a fresh Idempotency-Key.
const libraryCall = (method, path, body) => operatorCall(page.operator, method, path, body, { keyed: true });

function download(name, data) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

function Creature({ c, onEdit, reload }) {
  const [count, setCount] = useState("1");
  const where = `library:${c.id}`;
  const add = () => record(where, joining(c, Math.max(1, int(count) || 1)));
  const remove = async () => {
    await busy(where, () => libraryCall("DELETE", `/library/${c.ruleset}/${c.id}`));  // 204: no body
    if (!page.errors[where]) reload();
  };
  return html`<li class="creature" data-creature=${c.id}>
    <span class="creature-name" title=${c.name}>${c.name}</span>
    <span class="tag">${c.party ? "party" : c.side}</span>
    <input name="count" type="number" min="1" max="50" aria-label=${`how many ${c.name}`} value=${count} onInput=${(e) => setCount(e.target.value)} />
    <${Act} where=${where} cls="add-saved" onClick=${add}>Add<//>
    <button type="button" class="edit" onClick=${() => onEdit(c)}>Edit</button>
    <${Act} where=${where} cls="delete" title=${`delete ${c.name} from the library`} onClick=${remove}>Delete<//>
    <${ErrorNote} where=${where} /></li>`;
}

export function Library({ onEdit }) {
  const ruleset = page.state.ruleset;
  const [creatures, setCreatures] = useState(null);
  const [asking, setAsking] = useState(false);
  const load = () => page.operator && libraryCall("GET", `/library?ruleset=${ruleset}`)
    .then((answer) => setCreatures(answer.creatures))
    .catch((error) => fail("library", error.message));
  useEffect(() => { load(); }, [ruleset, page.operator, page.librarySaved]);
  if (!page.operator) return html`<div class="library"><p>The creature library and party roster need the operator token.</p><${OperatorToken} /></div>`;
  const party = (creatures || []).filter((c) => c.party);
  const addParty = () => record("party", party.flatMap((c) => joining(c, 1))).then(() => setAsking(false));
  // the party already at the table (by name): a second "Add the party" asks first
  const present = new Set(Object.values(page.state.combatants).filter((c) => !(c.statuses || []).includes("left")).map((c) => c.name));
  const already = party.filter((c) => present.has(c.name)).map((c) => c.name);
  const importFile = async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    const body = JSON.parse(await file.text());
    if (await busy("library", () => libraryCall("POST", "/library/import", { creatures: body.creatures || body }))) load();
  };
  return html`<div class="library">
    <div class="buttons">
      <${Act} where="party" cls="add-party" disabled=${!party.length || asking}
        onClick=${() => (already.length ? setAsking(true) : addParty())}>Add the party${party.length ? ` (${party.length})` : ""}<//>
      <button type="button" class="export" onClick=${() => busy("library", () => libraryCall("GET", "/library/export")).then((d) => d && download("combatlog-library.json", d))}>Export</button>
      <label class="file">Import<input type="file" accept="application/json,.json" onChange=${importFile} /></label>
    </div>
    ${asking ? html`<div class="ask" role="alertdialog" aria-label="add the party again?">
      <p>${already.join(", ")} ${already.length === 1 ? "is" : "are"} at the table already. Add the party again?</p>
      <div class="buttons"><${Act} where="party" cls="danger add-party-again" onClick=${addParty}>Add them again<//>
        <button type="button" class="keep" onClick=${() => setAsking(false)}>No</button></div></div>` : null}
    <${ErrorNote} where="party" /><${ErrorNote} where="library" />
    ${creatures === null ? html`<p>Loading…</p>` : creatures.length
      ? html`<ul class="creatures">${creatures.map((c) => html`<${Creature} key=${c.id} c=${c} onEdit=${onEdit} reload=${load} />`)}</ul>`
      : html`<p class="hint">Nothing saved for this ruleset yet: tick “save to the library” when adding a creature.</p>`}
  </div><${ImportCreatures} />`;
}
