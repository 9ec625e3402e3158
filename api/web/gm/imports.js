// Creatures brought from other tools (Foundry VTT actors, Improved Initiative stat blocks or
// encounters, SRD stat block text): a file dropped or picked is read first (a dry run) and its
// report shown, field by field; "Keep" saves them all to the library and the party roster,
// and each can join the fight from there with its attacks.
import { html, useState } from "./lib.js";
import { operatorCall } from "./api.js";
import { api, fail, page, record, remember, update } from "./store.js";
import { Act, ErrorNote } from "./ui.js";
import { joining } from "./creatures.js";

const OUTCOMES = { kept: "came across", note: "kept as a note", "not tracked": "not tracked" };
const importCall = (body) => operatorCall(page.operator, "POST", "/library/import-file", body, { keyed: true });

async function readFiles(files, ruleset, dryRun, where) {
  page.busy.add(where);
  update({ errors: { ...page.errors, [where]: undefined } });
  try {
    const reports = [];
    for (const file of files) {
      const text = await file.text();  // read once: sent now, kept for "Keep"
      const report = await importCall({ file: text, name: file.name, ruleset, dry_run: dryRun });
      reports.push({ name: file.name, text, ...report });
    }
    return reports;
  } catch (error) {
    fail(where, error.message);
    return null;
  } finally {
    page.busy.delete(where);
    update();
  }
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
// its actors) dropped on the new-encounter area: it opens as a new encounter of the table,
// standing where it stood (POST /encounters/import-fight), and the page goes to it.
export function FightDrop({ ruleset }) {
  const [over, setOver] = useState(false);
  const open = async (files) => {
    const [file] = files;
    if (!file || page.busy.has("import-fight")) return;
    page.busy.add("import-fight");
    update({ errors: { ...page.errors, "import-fight": undefined } });
    try {
      const opened = await operatorCall(page.operator, "POST", "/encounters/import-fight", { file: await file.text(), name: file.name, ruleset });
      remember(opened.id, opened.gm_token, opened.player_token, { name: opened.name, ruleset });
      update({ dialog: null, errors: {} });
      location.hash = `e=${opened.id}`;
    } catch (error) {
      fail("import-fight", error.message);
    } finally {
      page.busy.delete("import-fight");
      update();
    }
  };
  const drop = (e) => { e.preventDefault(); setOver(false); open(e.dataTransfer.files); };
  return html`<div class=${`drop-zone fight-drop${over ? " over" : ""}`} onDragOver=${(e) => { e.preventDefault(); setOver(true); }}
      onDragLeave=${() => setOver(false)} onDrop=${drop}>
    <p>Continue a fight: drop an Improved Initiative saved encounter or a Foundry VTT combat here (it opens in this ruleset where it stood), or</p>
    <label class="file">pick a file<input type="file" name="import-fight" accept=".json,application/json" onChange=${(e) => open(e.target.files)} /></label>
    <${ErrorNote} where="import-fight" />
  </div>`;
}
