// Campaigns: the campaigns the service files encounters under (landing page), and a campaign's
// own page — its party, its sessions in date order with each session's fights, a session's recap
// and replay, and the party's trend across sessions. Everything here reads with the operator token.
import { html, useEffect, useState } from "./lib.js";
import { call } from "./api.js";
import { fail, page, update } from "./store.js";
import { ErrorNote } from "./ui.js";
import { Recap } from "./recap.js";
import { SessionReplay } from "./session_replay.js";
import { Trends } from "./trends.js";

export const operatorCall = (method, path, body) => call(method, path, { body, token: page.operator });

const day = (iso) => new Date(`${iso}T12:00:00Z`).toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
export const sessionTitle = (s) => [day(s.date), s.title].filter(Boolean).join(" — ");

// Landing page: every campaign, with how many sessions and fights it holds.
export function CampaignList() {
  const [campaigns, setCampaigns] = useState(null);
  useEffect(() => {
    if (!page.operator) return;
    operatorCall("GET", "/campaigns").then((d) => setCampaigns(d.campaigns), (e) => fail("campaigns", e.message));
  }, [page.operator]);
  if (!page.operator) return null;
  return html`<section class="panel-box campaigns" aria-label="campaigns"><h2>Campaigns</h2>
    <${ErrorNote} where="campaigns" />
    ${campaigns === null ? html`<p role="status">loading…</p>` : campaigns.length ? html`<ul class="encounters">${campaigns.map((c) => html`
      <li><a href=${`#c=${encodeURIComponent(c.id)}`}>${c.name || c.id}</a>
        <small>${c.sessions} session${c.sessions === 1 ? "" : "s"}, ${c.encounters} fight${c.encounters === 1 ? "" : "s"}</small></li>`)}</ul>`
      : html`<p>No campaign yet: file an encounter under one when you open it.</p>`}
  </section>`;
}

function FightList({ fights }) {
  return html`<ol class="fights">${fights.map((f) => html`<li>
    <a href=${`#e=${f.id}`}>${f.name}</a> <small>${f.rounds} round${f.rounds === 1 ? "" : "s"}${f.branch_of ? ", a what-if branch" : ""}</small></li>`)}</ol>`;
}

// A campaign's page (#c=ID), and one of its sessions under it (#c=ID&s=SESSION).
export function CampaignView() {
  const [campaign, setCampaign] = useState(null);
  useEffect(() => {
    setCampaign(null);
    operatorCall("GET", `/campaigns/${encodeURIComponent(page.campaign)}`).then(setCampaign, (e) => fail("campaign", e.message));
  }, [page.campaign]);
  if (!page.operator) return html`<main class="campaign"><p>A campaign's page needs the operator token.</p></main>`;
  if (!campaign) return html`<main class="campaign"><${ErrorNote} where="campaign" /><p class="loading">Opening…</p></main>`;
  const session = campaign.sessions.find((s) => s.id === page.session);
  return html`<main class="campaign">
    <section class="panel-box"><h2>${campaign.name || campaign.id}</h2>
      ${campaign.party.length ? html`<p class="party">Party: ${campaign.party.map((c) => c.name).join(", ")}</p>` : null}
      <h3>Sessions</h3>
      <ol class="sessions">${campaign.sessions.map((s) => html`<li class=${s.id === page.session ? "chosen" : ""}>
        <a href=${`#c=${encodeURIComponent(campaign.id)}&s=${encodeURIComponent(s.id)}`}>${sessionTitle(s)}</a>
        <${FightList} fights=${s.encounters} /></li>`)}</ol>
      ${campaign.unsorted.length ? html`<h3>Not in a session</h3><${FightList} fights=${campaign.unsorted} />` : null}
    </section>
    ${session ? html`<section class="panel-box session" aria-label="session"><h2>${sessionTitle(session)}</h2>
      <${Recap} campaign=${campaign.id} session=${session.id} />
      <${SessionReplay} campaign=${campaign.id} session=${session} />
    </section>` : null}
    <${Trends} campaign=${campaign.id} />
  </main>`;
}

export const openCampaign = (campaign, session) => update({ campaign, session });
