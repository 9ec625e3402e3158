// Fast setup: a new encounter with its house rules in table words, a sample fight to try, and
// "add N of a creature" with numbered names and ids made for you (from the library or typed in).
import { html, useState } from "./lib.js";
import { call, newKey } from "./api.js";
import { clearError, fail, keepOperator, page, record, remember, toField, update } from "./store.js";
import { Act, Dialog, ErrorNote, int } from "./ui.js";
import { OptionFields, StatFields, statsFrom, valuesFrom } from "./fields.js";
import { rulesOf, rulesetTitle } from "./rules.js";
import { joining, saveCreature } from "./creatures.js";
import { SAMPLES } from "./samples.js";
import { FilingFields, blankFiling, filingOf } from "./filing.js";
import { FightDrop } from "./imports.js";

export async function openEncounter(where, { name, ruleset, options, campaign, session }, facts = []) {
  if (page.busy.has(where)) return;
  page.busy.add(where);
  update();
  try {
    const opened = await call("POST", "/encounters", { body: { name, ruleset, options, campaign, session }, token: page.operator, key: newKey() });
    if (facts.length) {
      await call("POST", `/encounters/${opened.id}/facts`, { body: { facts }, token: opened.gm_token, key: newKey() });
    }
    remember(opened.id, opened.gm_token, opened.player_token, { name, ruleset });
    update({ dialog: null, errors: {} });
    location.hash = `e=${opened.id}`;
  } catch (error) {
    fail(where, error.status === 401 || error.status === 403
      ? `${error.message} — paste your table's key (combatlog serve prints the default table's)` : error.message);
  } finally {
    page.busy.delete(where);
    update();
  }
}

export function OperatorToken() {
  const [token, setToken] = useState("");
  if (page.operator) return null;
  return html`<label class="operator"><span>table key (<code>combatlog serve</code> prints the default table's)</span>
    <input name="operator" type="password" autocomplete="off" value=${token} onInput=${(e) => setToken(e.target.value)}
      onChange=${(e) => keepOperator(e.target.value.trim())} /></label>`;
}

export function NewEncounter({ compact = false }) {
  const names = Object.keys(page.rulesets);
  const [name, setName] = useState("New fight");
  const [ruleset, setRuleset] = useState(names[0] || "dnd35");
  const [options, setOptions] = useState({});
  // on a campaign's page, a new fight is filed under it (and the session on show) unless changed
  const [filing, setFiling] = useState(blankFiling(page.campaign ? { campaign: page.campaign, session: page.campaignShown?.sessions?.find((s) => s.id === page.session) } : {}));
  const filed = filingOf(filing);
  const create = (e) => { e.preventDefault(); openEncounter("create", { name: name.trim() || "New fight", ruleset, options, ...filed }); };
  return html`<form class="new-encounter" onSubmit=${create}>
    <label>name <input name="name" required value=${name} onInput=${(e) => setName(e.target.value)} /></label>
    <label>ruleset <select name="ruleset" value=${ruleset} onChange=${(e) => { setRuleset(e.target.value); setOptions({}); }}>
      ${names.map((r) => html`<option value=${r}>${rulesetTitle(r)}</option>`)}</select></label>
    ${rulesOf(ruleset).description ? html`<p class="hint">${rulesOf(ruleset).description}</p>` : null}
    <${OperatorToken} />
    <details class="house-rules" open=${!compact}><summary>House rules (each starts at the book's reading; only changes are sent)</summary>
      <${OptionFields} schema=${rulesOf(ruleset).options} chosen=${options} onChange=${setOptions} /></details>
    <details class="new-filing" open=${!!page.campaign}><summary>Campaign and session (optional)</summary>
      <${FilingFields} f=${filing} onChange=${setFiling} prefix="new" /></details>
    <div class="buttons"><${Act} where="create" type="submit" cls="primary create">Create the encounter<//>
      <${Act} where="sample" cls="sample" onClick=${() => openEncounter("sample", { name: `Sample fight (${rulesetTitle(ruleset)})`, ruleset, options, ...filed },
        SAMPLES[ruleset] || [])}>Try a sample fight<//></div>
    <${ErrorNote} where="create" /><${ErrorNote} where="sample" />
    <${FightDrop} ruleset=${ruleset} />
  </form>`;
}

export const NewEncounterDialog = () => html`<${Dialog} title="New encounter"><${NewEncounter} compact=${true} /><//>`;

const blank = (from) => ({ name: from?.name || "", side: from?.side || "foes", kind: from?.kind || "",
  values: valuesFrom(from?.stats), party: !!from?.party });

// Add N of a creature: typed in, or loaded from the library to be added as it is or changed.
export function AddCreatures({ from, onLoaded }) {
  const ruleset = page.state.ruleset;
  const schema = rulesOf(ruleset).stats;
  const [f, setF] = useState(blank(from));
  const [count, setCount] = useState("1");
  const [extra, setExtra] = useState({ hidden: false, group: false, save: false });
  const set = (key) => (e) => setF({ ...f, [key]: e.target.value });
  const add = async (e) => {
    e.preventDefault();
    const creature = { name: f.name.trim(), side: f.side.trim() || "foes", kind: f.kind || undefined, stats: statsFrom(schema, f.values, ruleset), party: f.party };
    if (!creature.name) return fail("add:name", "Give the creature a name.");
    const n = Math.max(1, Math.min(50, int(count) || 1));
    clearError("add:name");
    if (extra.save && !(await saveCreature("add", ruleset, creature))) return toField("add", "name");
    if (!(await record("add", joining(creature, n, extra)))) return toField("add", "name");
    setF(blank(null));  // the next creature starts from nothing
    setCount("1");
    setExtra({ hidden: false, group: false, save: false });
    onLoaded?.(null);
  };
  return html`<form class="add-creatures" onSubmit=${add}>
    <div class="grid">
      <label>name <input name="name" required placeholder="Goblin" value=${f.name} aria-invalid=${page.errors["add:name"] ? "true" : undefined}
        onInput=${(e) => { set("name")(e); clearError("add:name"); }} /><${ErrorNote} where="add:name" /></label>
      <label>how many <input name="count" type="number" min="1" max="50" value=${count} onInput=${(e) => setCount(e.target.value)} /></label>
      <label>side <input name="side" list="sides" value=${f.side} onInput=${set("side")} /></label>
      <label>kind <select name="kind" value=${f.kind} onChange=${set("kind")}>
        <option value="">by side</option><option value="pc">player character</option><option value="npc">NPC / monster</option></select></label>
    </div>
    <datalist id="sides"><option value="party"></option><option value="foes"></option></datalist>
    <${StatFields} schema=${schema} ruleset=${ruleset} values=${f.values} onChange=${(values) => setF({ ...f, values })} />
    <div class="checks">
      <label class="check"><input type="checkbox" name="hidden" checked=${extra.hidden} onChange=${(e) => setExtra({ ...extra, hidden: e.target.checked })} /> hidden from the players</label>
      <label class="check"><input type="checkbox" name="group" checked=${extra.group} onChange=${(e) => setExtra({ ...extra, group: e.target.checked })} /> one initiative for the group</label>
      <label class="check"><input type="checkbox" name="save" checked=${extra.save} onChange=${(e) => setExtra({ ...extra, save: e.target.checked })} /> save to the library</label>
      ${extra.save ? html`<label class="check"><input type="checkbox" name="party" checked=${f.party} onChange=${(e) => setF({ ...f, party: e.target.checked })} /> in the party roster</label>` : null}
    </div>
    <div class="buttons"><${Act} where="add" type="submit" cls="primary add">Add ${int(count) > 1 ? `${int(count)} ` : ""}to the fight<//></div>
    <${ErrorNote} where="add" />
  </form>`;
}
