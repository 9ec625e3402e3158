// Setting up a campaign (operator token): its name, rules system and party roster, picked from
// the library's party members of that system; a new campaign from the landing page.
import { html, useEffect, useState } from "./lib.js";
import { call, newKey } from "./api.js";
import { page, update } from "./store.js";
import { rulesetTitle } from "./rules.js";
import { slug } from "./words.js";

const put = (id, body) => call("PUT", `/campaigns/${encodeURIComponent(id)}`, { body, token: page.operator, key: newKey() });

function RulesetPick({ value, onChange }) {
  return html`<label>ruleset <select name="campaign-ruleset" value=${value} onChange=${(e) => onChange(e.target.value)}>
    ${Object.keys(page.rulesets).map((r) => html`<option value=${r}>${rulesetTitle(r)}</option>`)}</select></label>`;
}

// The library's party members of a ruleset, and any creature already on the roster.
function useMembers(ruleset, roster) {
  const [members, setMembers] = useState(null);
  useEffect(() => {
    setMembers(null);
    call("GET", `/library?ruleset=${ruleset}`, { token: page.operator })
      .then((d) => setMembers(d.creatures.filter((c) => c.party || roster.includes(c.id))), () => setMembers([]));
  }, [ruleset]);
  return members;
}

function PartyPick({ ruleset, chosen, onChange }) {
  const members = useMembers(ruleset, chosen);
  if (members === null) return html`<p role="status">loading the party…</p>`;
  if (!members.length) return html`<p class="hint">No party members saved for ${rulesetTitle(ruleset)}: tick “in the party roster” when saving a creature to the library.</p>`;
  const toggle = (id) => onChange(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id]);
  return html`<fieldset class="party-pick"><legend>party</legend>${members.map((c) => html`
    <label class="check"><input type="checkbox" name="party-member" value=${c.id} checked=${chosen.includes(c.id)} onChange=${() => toggle(c.id)} /> ${c.name}</label>`)}
  </fieldset>`;
}

// The campaign page's editor: name, ruleset, party (PUT /campaigns/{id}).
export function CampaignEditor({ campaign, onSaved }) {
  const [f, setF] = useState({ name: campaign.name, ruleset: campaign.ruleset || Object.keys(page.rulesets)[0] || "dnd35",
    party: campaign.party.map((c) => c.id) });
  const [error, setError] = useState(null);
  const save = async (e) => {
    e.preventDefault();
    try {
      onSaved(await put(campaign.id, { name: f.name.trim() || campaign.id, ruleset: f.ruleset, party: f.party }));
      setError(null);
    } catch (problem) {
      setError(problem.message);
    }
  };
  return html`<form class="campaign-editor" onSubmit=${save}>
    <label>name <input name="campaign-name" required maxlength="200" value=${f.name} onInput=${(e) => setF({ ...f, name: e.target.value })} /></label>
    <${RulesetPick} value=${f.ruleset} onChange=${(ruleset) => setF({ ...f, ruleset, party: [] })} />
    <${PartyPick} ruleset=${f.ruleset} chosen=${f.party} onChange=${(party) => setF({ ...f, party })} />
    <div class="buttons"><button type="submit" class="primary save-campaign">Save the campaign</button></div>
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
  </form>`;
}

// The landing page's "New campaign": a name (its id made from it) and a ruleset.
export function NewCampaign() {
  const [name, setName] = useState("");
  const [ruleset, setRuleset] = useState(Object.keys(page.rulesets)[0] || "dnd35");
  const [error, setError] = useState(null);
  const create = async (e) => {
    e.preventDefault();
    const id = slug(name).slice(0, 64);
    try {
      await put(id, { name: name.trim(), ruleset, party: [] });
      update({ errors: {} });
      location.hash = `c=${encodeURIComponent(id)}`;
    } catch (problem) {
      setError(problem.message);
    }
  };
  return html`<details class="new-campaign"><summary>New campaign</summary>
    <form onSubmit=${create}>
      <label>name <input name="new-campaign-name" required maxlength="200" placeholder="Curse of the Crypt" value=${name} onInput=${(e) => setName(e.target.value)} /></label>
      <${RulesetPick} value=${ruleset} onChange=${setRuleset} />
      <div class="buttons"><button type="submit" class="primary">Set up the campaign</button></div>
      ${error ? html`<p class="error" role="alert">${error}</p>` : null}
    </form></details>`;
}
