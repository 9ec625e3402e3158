// The GM page: a landing page (new encounter, sample fight, the encounters this browser knows),
// and an encounter's workspace — turn bar, cards, setup and library, log, replay, analytics.
import { html, render, useState } from "./gm/lib.js";
import {
  api, fail, keepOperator, kept, live, onChange, page, refresh, refreshSoon, remember, update,
} from "./gm/store.js";
import { follow } from "./table.js";
import { Cards } from "./gm/cards.js";
import { TurnBar, nextTurn, redo, undo } from "./gm/turns.js";
import { AddCreatures, NewEncounter, NewEncounterDialog } from "./gm/setup.js";
import { Library } from "./gm/library.js";
import { Changes, Log } from "./gm/log.js";
import { ReplayBar, goLive } from "./gm/replay.js";
import { Stats } from "./gm/stats.js";
import { AttackDialog } from "./gm/attack.js";
import { StoredAttackDialogFor } from "./gm/quick_attack.js";
import { InitiativeSheet } from "./gm/initiative.js";
import { AreaDialog } from "./gm/area.js";
import { PromptDialog, RollDialog } from "./gm/rolls.js";
import { AmendDialog } from "./gm/amend.js";
import { Note, SurpriseDialog } from "./gm/surprise.js";
import { ErrorNote } from "./gm/ui.js";
import { rulesetTitle } from "./gm/rules.js";
import { CampaignList, CampaignView, openCampaign } from "./gm/campaigns.js";
import { BranchBanner, CompareDialog, ForkDialog } from "./gm/branch.js";
import { Filing } from "./gm/filing.js";
import { connectionWords } from "./connection.js";
import { Claims, PlayerLinks, Proposals } from "./gm/proposals.js";

// The encounters this browser holds tokens for; every stored one with the operator token.
async function listEncounters() {
  const byId = Object.fromEntries(Object.entries(kept()).map(([id, k]) =>
    [id, { id, name: k.name || id.slice(0, 8), ruleset: k.ruleset || "", version: k.version }]));
  if (page.operator) {
    try {
      for (const e of await api("GET", "/encounters", undefined, page.operator)) byId[e.id] = e;
    } catch (error) {
      fail("page", `the list of every encounter: ${error.message}`);
    }
  }
  update({ encounters: Object.values(byId).sort((a, b) => a.name.localeCompare(b.name)) });
}

// The latest `open` wins: an address that changes while a fight is being opened (a fight made
// while the page was still reading a table's key) starts a later one, and the earlier one stops
// at its next await instead of writing over the later one's table.
let opening = 0;

async function open(id, token) {
  // The fight on show, addressed again (a table's key added to the address): nothing to reopen,
  // and the workspace is not torn down under the GM's hands.
  if (id && id === page.id && page.state && page.source && (!token || token === page.token)) return;
  const mine = ++opening;
  const superseded = () => mine !== opening;
  page.source?.close();
  goLive();
  update({ id, connection: null, token: token || kept()[id]?.gm || null, state: null, log: [], proposals: [], changes: null, dialog: null, errors: {} });
  if (!id) return;
  if (!page.token && page.operator) {  // a fight opened from a campaign's page: the operator reads its tokens
    try {
      const issued = await api("GET", `/encounters/${id}/tokens`, undefined, page.operator);
      if (superseded()) return;
      remember(id, issued.gm_token, issued.player_token);
      page.token = issued.gm_token;
    } catch (error) {
      fail("page", `this fight's tokens: ${error.message}`);
    }
  }
  if (!page.token) {
    const given = prompt("GM token for this encounter?");
    if (!given) return update({ id: null });
    page.token = given.trim();
  }
  remember(id, page.token);
  await refresh();
  if (superseded() || !page.state) return;
  const created = page.log[0]?.fact || {};
  remember(id, page.token, undefined, { name: created.name, ruleset: page.state.ruleset, version: page.state.version });
  page.source = follow(id, page.token, () => refreshSoon(),
    { onStatus: (connection) => update({ connection }), onBack: () => refreshSoon() });
  await listEncounters();
}

// "D&D 3.5, 42 lines": the open encounter's count is the table's, so it stays current.
function about(e) {
  const lines = e.id === page.id && page.state ? page.state.version : e.version;
  return [rulesetTitle(e.ruleset), lines !== undefined && lines !== "?" ? `${lines} lines` : null].filter(Boolean).join(", ");
}

function Picker() {
  const choose = (e) => { location.hash = e.target.value ? `e=${e.target.value}` : ""; };
  return html`<select id="encounter" aria-label="encounter" value=${page.id || ""} onChange=${choose}>
    <option value="">— encounters —</option>
    ${page.encounters.map((e) => html`<option value=${e.id}>${e.name} (${about(e)})</option>`)}</select>`;
}

function Header() {
  const player = page.id && kept()[page.id]?.player;
  return html`<header class="top">
    <a class="brand" href="#">combatlog</a>
    <${Picker} />
    <button type="button" id="new" onClick=${() => update({ dialog: { kind: "new" } })}>New encounter</button>
    ${player ? html`<a id="player-link" href=${`/play/${page.id}#token=${player}`} target="_blank" rel="noopener">Player view ↗</a>` : null}
    ${!live() ? html`<span class="replaying-badge">replaying</span>` : null}
    ${page.id && page.connection ? html`<span id="connection" class=${`connection ${page.connection.state}`} role="status"
      data-connection=${page.connection.state}>${connectionWords(page.connection)}</span>` : null}
    <${ErrorNote} where="page" />
  </header>`;
}

function Landing() {
  return html`<main class="landing">
    <section class="panel-box"><h2>Run a fight</h2>
      <p>Every roll and ruling is a line in the fight's log: undo, amend and replay any of it.</p>
      <${NewEncounter} /></section>
    <section class="panel-box"><h2>Your encounters</h2>
      ${page.encounters.length ? html`<ul class="encounters">${page.encounters.map((e) => html`
        <li><a href=${`#e=${e.id}`}>${e.name}</a> <small>${rulesetTitle(e.ruleset)}</small></li>`)}</ul>`
        : html`<p>None in this browser yet. The demo: open the GM address that <code>make serve</code> printed, or try a sample fight.</p>`}
    </section><${CampaignList} /></main>`;
}

function Setup() {
  const [from, setFrom] = useState(null);
  const [library, setLibrary] = useState(false);  // asked for only once opened
  return html`<section class="setup" aria-label="add creatures">
    <details open=${page.state.phase === "setup" || from !== null}><summary><h2>Add creatures</h2></summary>
      <${AddCreatures} key=${from?.id || "new"} from=${from} onLoaded=${setFrom} /></details>
    <details onToggle=${(e) => setLibrary(e.target.open)}><summary><h2>Library and party</h2></summary>
      ${library ? html`<${Library} onEdit=${setFrom} />` : null}</details>
    <details class="campaign-filing"><summary><h2>Campaign and session</h2></summary><${Filing} key=${page.id} /></details>
    <details class="player-links-box"><summary><h2>Players' links</h2></summary><${PlayerLinks} key=${page.id} /></details>
  </section>`;
}

function Workspace() {
  return html`<main id="workspace" class=${live() ? "" : "replaying"}>
    <div class="column table-column">
      <${BranchBanner} /><${TurnBar} /><${Claims} /><${Proposals} /><${Changes} /><section class="table" aria-label="the table"><${Cards} /></section>
    </div>
    <div class="column side-column"><${Setup} /><${ReplayBar} />
      <section class="log-box" aria-label="log"><h2>Log</h2><${Note} /><${Log} /></section><${Stats} /></div>
  </main>`;
}

function Dialogs() {
  const d = page.dialog;
  if (!d) return null;
  if (d.kind === "new") return html`<${NewEncounterDialog} />`;
  if (!page.state) return null;
  if (d.kind === "attack") return html`<${AttackDialog} target=${d.target} />`;
  if (d.kind === "stored-attack") return html`<${StoredAttackDialogFor} attacker=${d.attacker} index=${d.index} />`;
  if (d.kind === "initiative") return html`<${InitiativeSheet} />`;
  if (d.kind === "area") return html`<${AreaDialog} />`;
  if (d.kind === "roll") return html`<${RollDialog} combatant=${d.combatant} />`;
  if (d.kind === "prompt") return html`<${PromptDialog} prompt=${d.prompt} />`;
  if (d.kind === "amend") return html`<${AmendDialog} line=${d.line} />`;
  if (d.kind === "surprise") return html`<${SurpriseDialog} />`;
  if (d.kind === "fork") return html`<${ForkDialog} at=${d.at} timeline=${d.timeline} />`;
  if (d.kind === "compare") return html`<${CompareDialog} parent=${d.parent} />`;
  return null;
}

function App() {
  if (page.campaign) return html`<${Header} /><${CampaignView} /><${Dialogs} />`;
  return html`<${Header} />${page.id && page.state ? html`<${Workspace} />` : page.id ? html`<p class="loading">Opening…</p>` : html`<${Landing} />`}<${Dialogs} />`;
}

onChange(() => render(html`<${App} />`, document.querySelector("#app")));

function keys(event) {
  const typing = "input:not([type=range]):not([type=checkbox]):not([type=radio]), textarea, select, dialog";
  if (event.target.closest(typing) || !page.id || event.ctrlKey || event.metaKey || event.altKey) return;
  const action = { n: nextTurn, u: undo, r: redo }[event.key];
  if (!action) return;
  if (!live()) return fail("next", "The table shows the past: return to live before recording.");
  action();
}

async function route() {
  const address = location.hash;
  const params = new URLSearchParams(address.slice(1));
  const key = params.get("key") || params.get("operator");  // a table's key; operator=: before tables
  if (key && key !== page.operator) {
    keepOperator(key);
    await listEncounters();  // that table's fights, not the key this browser held before
  }
  if (location.hash !== address) return;  // the address moved on meanwhile: its own route opens it
  if (params.get("token") && params.get("e")) remember(params.get("e"), params.get("token"));
  openCampaign(params.get("c"), params.get("s"));
  await open(params.get("e"), params.get("token"));
}

async function start() {
  document.addEventListener("keydown", keys);
  window.addEventListener("hashchange", () => route().catch((error) => fail("page", error.message)));
  update({ rulesets: await api("GET", "/rulesets") });
  await listEncounters();
  await route();
}

start().catch((error) => fail("page", error.message));
