// The initiative sheet: every combatant without initiative in one form (a group on one line, as
// its members share one roll), Enter to the next; a player's total ("17") or the die ("d15")
// accepted; the NPCs left blank rolled by the service; all of it recorded as one action.
import { html, useState } from "./lib.js";
import { joinedAs, page, record, update } from "./store.js";
import { Act, Dialog, ErrorNote } from "./ui.js";
import { labeller } from "./words.js";

const signed = (n) => `${n < 0 ? "" : "+"}${n}`;
const modifierOf = (id) => joinedAs(id)?.stats?.initiative_modifier || 0;
const words = (slug) => String(slug).replace(/[-_]/g, " ");

// Who still needs initiative: one line per group, in the order they joined; those who left, none.
export function waitingForInitiative(state) {
  const groups = new Set();
  const lines = [];
  for (const [id, c] of Object.entries(state.combatants)) {
    if (c.initiative !== null && c.initiative !== undefined) continue;
    if ((c.statuses || []).includes("left")) continue;
    if (c.group && groups.has(c.group)) continue;
    if (c.group) groups.add(c.group);
    lines.push({ id, c });
  }
  return lines;
}

// "17" is a total (the die read back from it), "d15" or "die 15" the die as it fell, "t17" or
// "total 17" a total. The die stays 1-20; a total it cannot reach moves the modifier instead.
export function readInitiative(text, modifier) {
  const value = String(text ?? "").trim().toLowerCase();
  const die = value.match(/^(?:d|die)\s*(\d+)$/);
  if (die) {
    const natural = Number(die[1]);
    return natural >= 1 && natural <= 20 ? { natural, modifier } : null;
  }
  const total = value.match(/^(?:t|total)?\s*(-?\d+)$/);
  if (!total) return null;
  const sum = Number(total[1]);
  const natural = Math.max(1, Math.min(20, sum - modifier));
  return { natural, modifier: sum - natural };
}

export function InitiativeSheet() {
  const state = page.state;
  const n = labeller(state.combatants);
  const lines = waitingForInitiative(state);
  const [typed, setTyped] = useState({});
  const [rollBlank, setRollBlank] = useState(true);
  const facts = [];
  const unread = [];
  for (const { id, c } of lines) {
    const text = typed[id] ?? "";
    if (String(text).trim() === "") {
      if (rollBlank && c.kind === "npc") facts.push({ type: "InitiativeRolled", combatant: id, roll: `1d20${signed(modifierOf(id))}` });
      continue;
    }
    const read = readInitiative(text, modifierOf(id));
    if (read) facts.push({ type: "InitiativeRolled", combatant: id, ...read });
    else unread.push(n(id));
  }
  const go = async (e) => {
    e?.preventDefault();
    if (unread.length) return;
    if (facts.length && (await record("initiative-sheet", facts))) update({ dialog: null });
  };
  // Enter moves to the next line; on the last, it records the sheet.
  const next = (k) => (e) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    const inputs = [...document.querySelectorAll("form.initiative-sheet input[data-combatant]")];
    if (k + 1 < inputs.length) inputs[k + 1].focus();
    else go();
  };
  return html`<${Dialog} title="Initiative" cls="initiative">
    <form class="initiative-sheet" onSubmit=${go}>
      <p class="hint">Type what each player says: the total (“17”), or the die as it fell (“d15”).
        NPCs left blank are rolled by the service.</p>
      <ol class="sheet">${lines.map(({ id, c }, k) => html`<li data-id=${id} class=${c.side}>
        <label><span class="who-rolls">${c.group ? `${words(c.group)} (group)` : n(id)}
          <small>${c.kind === "npc" ? "NPC" : "PC"} ${signed(modifierOf(id))}</small></span>
          <input name=${`initiative-${id}`} data-combatant=${id} inputmode="text" autocomplete="off" autofocus=${k === 0}
            placeholder=${c.kind === "npc" && rollBlank ? "rolled" : "17 or d15"} value=${typed[id] ?? ""}
            onInput=${(e) => setTyped({ ...typed, [id]: e.target.value })} onKeyDown=${next(k)} /></label></li>`)}</ol>
      <label class="check"><input type="checkbox" name="roll_npcs" checked=${rollBlank} onChange=${(e) => setRollBlank(e.target.checked)} />
        roll the NPCs left blank</label>
      ${unread.length ? html`<p class="error" role="alert">Not a total or a die: ${unread.join(", ")}.</p>` : null}
      <div class="buttons"><${Act} where="initiative-sheet" type="submit" cls="primary record-initiative" disabled=${!facts.length || unread.length}>
        Record ${facts.length} initiative${facts.length === 1 ? "" : "s"}<//></div>
      <${ErrorNote} where="initiative-sheet" />
    </form>
  <//>`;
}

// The turn bar's button that opens the sheet, while anyone is waiting.
export function SheetButton({ state }) {
  const waiting = waitingForInitiative(state).length;
  if (!waiting || state.phase === "ended") return null;
  return html`<button type="button" class="initiative-sheet-open" onClick=${() => update({ dialog: { kind: "initiative" } })}>
    Initiative sheet (${waiting})</button>`;
}
