// The surprise round and notes: who was aware when the fight began (the rest are surprised), and
// anything the table wants in the log in words.
import { html, useState } from "./lib.js";
import { page, record, update } from "./store.js";
import { Act, Dialog, ErrorNote } from "./ui.js";
import { labeller } from "./words.js";

export function SurpriseDialog() {
  const state = page.state;
  const n = labeller(state.combatants);
  const ids = Object.keys(state.combatants);
  const [aware, setAware] = useState(new Set(ids.filter((id) => state.combatants[id].side === "party")));
  const flip = (id) => (e) => {
    const next = new Set(aware);
    if (e.target.checked) next.add(id); else next.delete(id);
    setAware(next);
  };
  const go = async () => (await record("surprise", { type: "SurpriseDetermined", aware: ids.filter((id) => aware.has(id)) })) && update({ dialog: null });
  return html`<${Dialog} title="Surprise round" cls="surprise">
    <p class="hint">Tick who was aware when the fight began; the rest are surprised.</p>
    <div class="checks">${ids.map((id) => html`<label class="check"><input type="checkbox" name=${`aware-${id}`}
      checked=${aware.has(id)} onChange=${flip(id)} /> ${n(id)}</label>`)}</div>
    <div class="buttons"><${Act} where="surprise" cls="primary record-surprise" onClick=${go}>Record the surprise<//></div>
    <${ErrorNote} where="surprise" />
  <//>`;
}

export function Note() {
  const [text, setText] = useState("");
  const add = async (e) => {
    e.preventDefault();
    if (text.trim() && (await record("note", { type: "NoteAdded", text: text.trim() }))) setText("");
  };
  return html`<form class="note" onSubmit=${add}>
    <label class="grow">note <input name="note" placeholder="The last bandit surrenders." value=${text} onInput=${(e) => setText(e.target.value)} /></label>
    <${Act} where="note" type="submit" cls="add-note">Add to the log<//>
    <${ErrorNote} where="note" /></form>`;
}
