// Filing an encounter under a campaign and a session of it: what it is filed under now (read from
// its log, undone and amended lines honoured), and a small form that records an EncounterFiled —
// a fact in the log like any other, so undo takes it back. The same fields serve the New
// encounter dialog.
import { html, useEffect, useState } from "./lib.js";
import { call } from "./api.js";
import { live, page, record } from "./store.js";
import { Act, ErrorNote } from "./ui.js";

// YYYY-MM-DD of the local day (the day the table meets, not UTC's).
export function today() {
  const d = new Date();
  return [d.getFullYear(), d.getMonth() + 1, d.getDate()].map((n) => String(n).padStart(2, "0")).join("-");
}

// The filing in force: line 1's campaign and session, replaced by each EncounterFiled in force.
export function filedUnder(log = page.log) {
  let found = { campaign: null, session: null };
  for (const line of log) {
    const fact = line.amended_by ? log.find((l) => l.position === line.amended_by)?.fact?.replacement : line.fact;
    if (!line.revoked && (fact?.type === "EncounterCreated" || fact?.type === "EncounterFiled")) {
      found = { campaign: fact.campaign ?? null, session: fact.session ?? null };
    }
  }
  return found;
}

// The campaigns the service knows, for the campaign field's suggestions (operator token only).
export function useCampaigns() {
  const [campaigns, setCampaigns] = useState([]);
  useEffect(() => {
    if (!page.operator) return;
    call("GET", "/campaigns", { token: page.operator }).then((d) => setCampaigns(d.campaigns), () => setCampaigns([]));
  }, [page.operator]);
  return campaigns;
}

export const blankFiling = (filed = {}) => ({
  campaign: filed.campaign || "", date: filed.session?.date || today(),
  title: filed.session?.title || "", id: filed.session?.id || "",
});

// The fields as a filing: a session when a day is given (its id defaults to the day).
export function filingOf(f) {
  const campaign = f.campaign.trim();
  if (!campaign) return {};
  if (!f.date) return { campaign };
  const session = { id: f.id.trim() || f.date, date: f.date, ...(f.title.trim() ? { title: f.title.trim() } : {}) };
  return { campaign, session };
}

export function FilingFields({ f, onChange, prefix = "filing" }) {
  const campaigns = useCampaigns();
  const set = (key) => (e) => onChange({ ...f, [key]: e.target.value });
  return html`<div class="filing-fields">
    <label>campaign <input name="campaign" list=${`${prefix}-campaigns`} placeholder="curse-of-the-crypt" value=${f.campaign}
      pattern="[A-Za-z0-9][A-Za-z0-9_.:+\\-]*" maxlength="64" title="letters, digits and - _ . : +" onInput=${set("campaign")} /></label>
    <datalist id=${`${prefix}-campaigns`}>${campaigns.map((c) => html`<option value=${c.id}>${c.name}</option>`)}</datalist>
    <label>session date <input name="session-date" type="date" value=${f.date} onInput=${set("date")} /></label>
    <label>title <input name="session-title" placeholder="Into the Warrens" maxlength="200" value=${f.title} onInput=${set("title")} /></label>
    <label>session id <input name="session-id" placeholder=${f.date || "the date"} maxlength="64" value=${f.id} onInput=${set("id")} /></label>
  </div>`;
}

function describeFiling(filed) {
  if (!filed.campaign) return html`<p class="filed-under">Not filed under a campaign.</p>`;
  const s = filed.session;
  const link = `#c=${encodeURIComponent(filed.campaign)}${s ? `&s=${encodeURIComponent(s.id)}` : ""}`;
  return html`<p class="filed-under">Filed under <a href=${link}>${filed.campaign}</a>${s
    ? html`, session <strong>${[s.date, s.title].filter(Boolean).join(" — ")}</strong>${s.id !== s.date ? html` <small>(${s.id})</small>` : null}`
    : ", in no session"}.</p>`;
}

// The workspace's "Campaign and session" panel.
export function Filing() {
  const filed = filedUnder();
  const [f, setF] = useState(blankFiling(filed));
  const file = (e) => { e.preventDefault(); record("filing", { type: "EncounterFiled", ...filingOf(f) }); };
  const takeOut = () => record("filing", { type: "EncounterFiled" });
  return html`<form class="filing" onSubmit=${file}>
    ${describeFiling(filed)}
    <${FilingFields} f=${f} onChange=${setF} />
    <div class="buttons">
      <${Act} where="filing" type="submit" cls="primary file-it" disabled=${!f.campaign.trim()}>File it<//>
      ${filed.campaign ? html`<${Act} where="filing" cls="take-out" onClick=${takeOut}>Take out of the campaign<//>` : null}
    </div>
    ${live() ? null : html`<p class="hint">Return to live to file it.</p>`}
    <${ErrorNote} where="filing" />
  </form>`;
}
