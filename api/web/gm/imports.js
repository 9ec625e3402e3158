// Creatures brought from other tools (Foundry VTT actors, Improved Initiative stat blocks or
// encounters, SRD stat block text): a file dropped or picked is read first (a dry run) and its
// report shown, field by field; "Keep" saves them all to the library and the party roster,
// and each can join the fight from there with its attacks.
import { html, useEffect, useRef, useState } from "./lib.js";
import { operatorCall } from "./api.js";
import { api, busy, fail, page, record, remember, update } from "./store.js";
import { Act, ErrorNote } from "./ui.js";
import { joining } from "./creatures.js";
import { rulesetTitle } from "./rules.js";

const OUTCOMES = { kept: "came across", note: "kept as a note", "not tracked": "not tracked" };
const importCall = (body) => operatorCall(page.operator, "POST", "/library/import-file", body, { keyed: true });

function readFiles(files, ruleset, dryRun, where) {
  return busy(where, async () => {
    const reports = [];
    for (const file of files) {
      const text = await file.text();  // read once: sent now, kept for "Keep"
      const report = await importCall({ file: text, name: file.name, ruleset, dry_run: dryRun });
      reports.push({ name: file.name, text, ...report });
    }
    return reports;
  });
}

function Lines({ lines, outcome }) {
  const chosen = lines.filter((l) => l.outcome === outcome);
  if (!chosen.length) return null;
  return html`<details class=${`import-lines ${outcome.replace(" ", "-")}`} open=${outcome === "not tracked"}>
    <summary>${chosen.length} ${OUTCOMES[outcome]}</summary>
    <ul>${chosen.map((l) => html`<li><code>${l.source}</code> ${l.detail}</li>`)}</ul></details>`;
}

function ImportedCreature({ read, kept }) {
  const c = read.creature;
  const where = `import:${c.id}`;
  const attacks = c.stats.attacks || [];
  return html`<li class="imported" data-imported=${c.id}>
    <div class="imported-head"><strong>${c.name}</strong>
      <span class="tag">${c.party ? "party" : c.side}</span>
      <span class="hint">${c.stats.max_hp ? `${c.stats.max_hp} hp` : ""}${attacks.length ? ` · ${attacks.map((a) => a.name).join(", ")}` : ""}</span>
      ${kept && page.id ? html`<${Act} where=${where} cls="add-imported" onClick=${() => record(where, joining(c, 1))}>Add to the fight<//>` : null}</div>
    <${Lines} lines=${read.lines} outcome="kept" /><${Lines} lines=${read.lines} outcome="note" /><${Lines} lines=${read.lines} outcome="not tracked" />
    <${ErrorNote} where=${where} /></li>`;
}

function Report({ report, onKeep, onClose }) {
  const count = report.creatures.length;
  return html`<section class="import-report" aria-label=${`import of ${report.name}`} data-file=${report.name}>
    <header class="imported-head"><h3>${report.name}: ${report.format}</h3>
      <button type="button" class="close" aria-label=${`close the report on ${report.name}`} onClick=${onClose}>×</button></header>
    <p role="status">${report.kept ? `Kept ${count} in the library${report.replaced.length ? ` (replacing ${report.replaced.join(", ")})` : ""}.` : `Read ${count}: nothing kept yet.`}</p>
    ${report.kept ? null : html`<${Act} where="import" cls="primary keep-import" onClick=${onKeep}>Keep ${count === 1 ? "it" : `these ${count}`}<//>`}
    ${report.kept && page.id && count > 1 ? html`<${Act} where=${`import-all:${report.name}`} cls="add-all-imported"
      onClick=${() => record(`import-all:${report.name}`, report.creatures.flatMap((read) => joining(read.creature, 1)))}>Add ${count === 2 ? "both" : `all ${count}`} to the fight<//>` : null}
    ${report.kept ? html`<${ErrorNote} where=${`import-all:${report.name}`} />` : null}
    <ul class="imported-list">${report.creatures.map((read) => html`<${ImportedCreature} key=${read.creature.id} read=${read} kept=${report.kept} />`)}</ul>
  </section>`;
}

function saveAs(name, data) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

// The library of this ruleset as an Improved Initiative export file, which its Import takes.
async function exportFile(ruleset) {
  try {
    saveAs(`combatlog-${ruleset}-improved-initiative.json`,
      await operatorCall(page.operator, "GET", `/library/export/improved-initiative?ruleset=${ruleset}`));
  } catch (error) {
    fail("import", error.message);
  }
}

// This fight as it stands as an Improved Initiative saved encounter (the GM's token).
async function exportFight() {
  try {
    saveAs(`combatlog-fight-${page.id}-improved-initiative.json`, await api("GET", `/encounters/${page.id}/export/improved-initiative`));
  } catch (error) {
    fail("import", error.message);
  }
}

export function ImportCreatures() {
  const [reports, setReports] = useState([]);
  const [over, setOver] = useState(false);
  const ruleset = page.state.ruleset;
  const read = async (files) => {
    const found = await readFiles([...files], ruleset, true, "import");
    if (found) setReports([...reports.filter((r) => !found.some((f) => f.name === r.name)), ...found]);
  };
  const keep = async (report) => {
    const kept = await readFiles([{ name: report.name, text: async () => report.text }], ruleset, false, "import");
    if (!kept) return;
    setReports(reports.map((r) => (r === report ? kept[0] : r)));
    update({ librarySaved: Date.now() });
  };
  const drop = (e) => { e.preventDefault(); setOver(false); read(e.dataTransfer.files); };
  return html`<div class="import">
    <div class=${`drop-zone${over ? " over" : ""}`} onDragOver=${(e) => { e.preventDefault(); setOver(true); }}
      onDragLeave=${() => setOver(false)} onDrop=${drop}>
      <p>Drop a Foundry VTT actor export, Improved Initiative stat blocks or an SRD stat block here, or</p>
      <label class="file">pick files<input type="file" name="import-files" multiple accept=".json,.txt,application/json,text/plain" onChange=${(e) => read(e.target.files)} /></label>
      <button type="button" class="export-improved-initiative" onClick=${() => exportFile(ruleset)}>Export for Improved Initiative</button>
      ${page.id && page.token ? html`<button type="button" class="export-fight" onClick=${exportFight}>This fight for Improved Initiative</button>` : null}
    </div>
    <${ErrorNote} where="import" />
    ${reports.map((report) => html`<${Report} key=${report.name} report=${report} onKeep=${() => keep(report)}
      onClose=${() => setReports(reports.filter((r) => r !== report))} />`)}
  </div>`;
}

// A fight already in progress (an Improved Initiative saved encounter, a Foundry VTT combat with
// its actors) dropped on the new-encounter area: read first, nothing kept (a dry run of
// POST /encounters/import-fight), its report shown — the round and turn it stood at, each
// combatant with its initiative, hit points, hidden and attacks, and every field that did not
// come across — then "Start this fight" keeps it all as a new encounter of the table and the
// page goes to it, or "Cancel" keeps nothing.
const fightCall = (body) => operatorCall(page.operator, "POST", "/encounters/import-fight", body, { keyed: true });

const fightCalled = (body, where) => busy(where, () => fightCall(body));

function vitalsOf(v) {
  if (v.hp == null) return "no hit points (a Toughness save)";  // True20
  const hp = `HP ${v.hp}/${v.max_hp}${v.temp_hp ? ` (+${v.temp_hp} temp)` : ""}`;
  return v.max_stamina ? `SP ${v.stamina}/${v.max_stamina} · ${hp}` : hp;
}

function FightCombatant({ c, turn }) {
  return html`<li class="imported" data-imported=${c.combatant}>
    <div class="imported-head"><strong>${c.name}</strong>
      <span class="tag">${c.side}</span>
      ${c.hidden ? html`<span class="tag hidden-tag">hidden</span>` : null}
      ${c.in_fight ? null : html`<span class="tag">defeated: leaves</span>`}
      ${c.combatant === turn ? html`<span class="tag now">its turn</span>` : null}
      <span class="hint standing">${c.initiative == null ? "no initiative" : `initiative ${c.initiative}`} · ${vitalsOf(c.vitals)}${c.attacks.length ? ` · ${c.attacks.join(", ")}` : ""}</span></div>
    <${Lines} lines=${c.lines} outcome="kept" /><${Lines} lines=${c.lines} outcome="note" /><${Lines} lines=${c.lines} outcome="not tracked" />
  </li>`;
}

function FightReport({ read, onStart, onCancel }) {
  const names = Object.fromEntries(read.combatants.map((c) => [c.combatant, c.name]));
  const unmapped = read.combatants.reduce((n, c) => n + c.lines.filter((l) => l.outcome === "not tracked").length, 0);
  const ref = useRef(null);
  useEffect(() => ref.current?.scrollIntoView?.({ block: "start" }), [read]);  // below a long form: bring it to the eye
  const where = read.phase === "combat" ? `round ${read.round}${read.turn ? `, ${names[read.turn]}’s turn` : ""}` : "not started";
  return html`<section ref=${ref} class="import-report fight-report" aria-label=${`fight in ${read.file}`} data-file=${read.file}>
    <header class="imported-head"><h3>${read.name} (${read.file})</h3></header>
    <p role="status">Read ${read.combatants.length} combatants, ${where}, in ${rulesetTitle(read.ruleset)}; ${unmapped ? `${unmapped} field${unmapped === 1 ? "" : "s"} not tracked` : "every field came across"}. Nothing kept yet.</p>
    <div class="buttons"><${Act} where="import-fight" cls="primary start-import" onClick=${onStart}>Start this fight<//>
      <button type="button" class="cancel-import" onClick=${onCancel}>Cancel</button></div>
    <ul class="imported-list">${read.combatants.map((c) => html`<${FightCombatant} key=${c.combatant} c=${c} turn=${read.turn} />`)}</ul>
  </section>`;
}

export function FightDrop({ ruleset }) {
  const [over, setOver] = useState(false);
  const [read, setRead] = useState(null);
  const shown = read && read.ruleset === ruleset ? read : null;  // another ruleset: read it again
  const look = async (files) => {
    const [file] = files;
    if (!file) return;
    const text = await file.text();  // read once: sent for the report, kept for "Start"
    const found = await fightCalled({ file: text, name: file.name, ruleset, dry_run: true }, "import-fight");
    setRead(found && { ...found, file: file.name, text });
  };
  const start = async () => {
    const opened = await fightCalled({ file: shown.text, name: shown.file, ruleset: shown.ruleset }, "import-fight");
    if (!opened) return;
    setRead(null);
    remember(opened.id, opened.gm_token, opened.player_token, { name: opened.name, ruleset: shown.ruleset });
    update({ dialog: null, errors: {} });
    location.hash = `e=${opened.id}`;
  };
  const drop = (e) => { e.preventDefault(); setOver(false); look(e.dataTransfer.files); };
  return html`<div class="fight-import">
    <div class=${`drop-zone fight-drop${over ? " over" : ""}`} onDragOver=${(e) => { e.preventDefault(); setOver(true); }}
      onDragLeave=${() => setOver(false)} onDrop=${drop}>
      <p>Continue a fight: drop an Improved Initiative saved encounter or a Foundry VTT combat here (read first, in this ruleset, nothing kept until you start it), or</p>
      <label class="file">pick a file<input type="file" name="import-fight" accept=".json,application/json" onChange=${(e) => { look(e.target.files); e.target.value = ""; }} /></label>
    </div>
    <${ErrorNote} where="import-fight" />
    ${shown ? html`<${FightReport} read=${shown} onStart=${start} onCancel=${() => setRead(null)} />` : null}
  </div>`;
}
