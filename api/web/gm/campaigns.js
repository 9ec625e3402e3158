// Campaigns: the campaigns the service knows (landing page), and a campaign's own page — its
// party, its sessions in date order with each session's fights, a session's recap and replay,
// and the party's trend across sessions. Everything here reads with the operator token.
import { html, useEffect, useState } from "./lib.js";
import { operatorCall } from "./api.js";
import { fail, page, update } from "./store.js";
import { ErrorNote } from "./ui.js";
import { rulesetTitle } from "./rules.js";
import { Recap } from "./recap.js";
import { SessionReplay } from "./session_replay.js";
import { Trends } from "./trends.js";
import { CampaignEditor, NewCampaign } from "./campaign_editor.js";

const day = (iso) => new Date(`${iso}T12:00:00Z`).toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
export const sessionTitle = (s) => [day(s.date), s.title].filter(Boolean).join(" — ");
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const campaignLink = (c, s) => `#c=${encodeURIComponent(c)}${s ? `&s=${encodeURIComponent(s)}` : ""}`;

// Landing page: every campaign, with how many sessions and fights it holds, and a new one.
export function CampaignList() {
  const [campaigns, setCampaigns] = useState(null);
  useEffect(() => {
    if (!page.operator) return;
    operatorCall(page.operator, "GET", "/campaigns").then((d) => setCampaigns(d.campaigns), (e) => fail("campaigns", e.message));
  }, [page.operator]);
  if (!page.operator) return null;
  return html`<section class="panel-box campaigns" aria-label="campaigns"><h2>Campaigns</h2>
    <${ErrorNote} where="campaigns" />
    ${campaigns === null ? html`<p role="status">loading…</p>` : campaigns.length ? html`<ul class="encounters">${campaigns.map((c) => html`
      <li><a href=${campaignLink(c.id)}>${c.name || c.id}</a> <small>${[c.ruleset ? rulesetTitle(c.ruleset) : null, plural(c.sessions, "session"), plural(c.encounters, "fight")].filter(Boolean).join(", ")}</small></li>`)}</ul>`
      : html`<p>No campaign yet: set one up, or file an encounter under one.</p>`}
    <${NewCampaign} />
  </section>`;
}

function FightList({ fights }) {
  return html`<ol class="fights">${fights.map((f) => html`<li>
    <a href=${`#e=${f.id}`}>${f.name}</a> <small>${[f.rounds ? plural(f.rounds, "round") : "not begun", f.ended ? "ended" : null, f.branch_of ? "a what-if branch" : null].filter(Boolean).join(", ")}</small></li>`)}</ol>`;
}

function Sessions({ campaign }) {
  if (!campaign.sessions.length) return html`<p class="hint">No session yet: file a fight under this campaign with a session date (the New encounter dialog, or a fight's “Campaign and session”).</p>`;
  return html`<ol class="sessions">${campaign.sessions.map((s) => {
    const chosen = s.id === page.session;
    return html`<li class=${chosen ? "chosen" : ""} aria-current=${chosen ? "true" : undefined} data-session=${s.id}>
      <div class="session-head"><a class="session-link" href=${campaignLink(campaign.id, s.id)}>${sessionTitle(s)}</a>
        <small>${plural(s.encounters.length, "fight")}</small></div>
      <${FightList} fights=${s.encounters} /></li>`;
  })}</ol>`;
}

function Party({ campaign }) {
  if (!campaign.party.length) return html`<p class="hint party">No party roster yet: pick it under “Set up the campaign”.</p>`;
  return html`<ul class="party-roster" aria-label="party">${campaign.party.map((c) => html`<li><strong>${c.name}</strong>
    ${c.stats?.max_hp ? html` <small>HP ${c.stats.max_hp}</small>` : null}</li>`)}</ul>`;
}

function useCampaign(id) {
  const [campaign, setCampaign] = useState(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    setCampaign(null);
    setMissing(false);
    if (!page.operator) return;
    operatorCall(page.operator, "GET", `/campaigns/${encodeURIComponent(id)}`).then((c) => { setCampaign(c); update({ campaignShown: c }); },
      (e) => (e.status === 404 ? setMissing(true) : fail("campaign", e.message)));
  }, [id, page.operator]);
  const saved = (c) => { setCampaign(c); setMissing(false); update({ campaignShown: c }); };
  return { campaign, missing, saved };
}

// A campaign's page (#c=ID), and one of its sessions under it (#c=ID&s=SESSION).
export function CampaignView() {
  const { campaign, missing, saved } = useCampaign(page.campaign);
  if (!page.operator) return html`<main class="campaign"><p>A campaign's page needs the operator token.</p></main>`;
  if (missing) {
    return html`<main class="campaign"><section class="panel-box"><h2>No campaign ${page.campaign} yet</h2>
      <p>Set it up here, or file an encounter under it.</p>
      <${CampaignEditor} campaign=${{ id: page.campaign, name: page.campaign, ruleset: null, party: [] }} onSaved=${saved} /></section></main>`;
  }
  if (!campaign) return html`<main class="campaign"><${ErrorNote} where="campaign" /><p class="loading">Opening…</p></main>`;
  const session = campaign.sessions.find((s) => s.id === page.session);
  return html`<main class="campaign">
    <section class="panel-box campaign-head" aria-label="campaign">
      <p class="crumbs"><a href="#">← all campaigns</a></p>
      <h2>${campaign.name || campaign.id} ${campaign.ruleset ? html`<small>${rulesetTitle(campaign.ruleset)}</small>` : null}</h2>
      <h3>Party</h3><${Party} campaign=${campaign} />
      <details class="campaign-setup"><summary>Set up the campaign</summary>
        <${CampaignEditor} key=${campaign.id} campaign=${campaign} onSaved=${saved} /></details>
    </section>
    <section class="panel-box campaign-sessions" aria-label="sessions"><h3>Sessions</h3><${Sessions} campaign=${campaign} />
      ${campaign.unsorted.length ? html`<h3>Not in a session</h3><${FightList} fights=${campaign.unsorted} />` : null}
      ${campaign.sessions.length && !session ? html`<p class="hint">Choose a session to see its recap and replay it end to end.</p>` : null}
    </section>
    ${session ? html`<section class="panel-box session" aria-label="session"><h2>${sessionTitle(session)}</h2>
      <${Recap} campaign=${campaign.id} session=${session.id} />
      <${SessionReplay} key=${session.id} campaign=${campaign.id} session=${session} />
    </section>` : null}
    <${Trends} campaign=${campaign.id} />
  </main>`;
}

export const openCampaign = (campaign, session) => update({ campaign, session });
