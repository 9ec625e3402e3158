// A card's controls, opened from its name: damage, healing and temporary HP; conditions from
// the ruleset's picker; its resources; initiative; delay and readied actions; reveal; leave.
import { html, useState } from "./lib.js";
import { clearError, fail, joinedAs, record } from "./store.js";
import { Act, ErrorNote, amountOrRoll, int } from "./ui.js";
import { conditions, healing, resources, words } from "./rules.js";

function Hit({ id, state, n }) {
  const [amount, setAmount] = useState("");
  const [type, setType] = useState("");
  const [nonlethal, setNonlethal] = useState(false);
  const [by, setBy] = useState(state.turn && state.turn !== id ? state.turn : "");
  const [kind, setKind] = useState("");
  const [save, setSave] = useState("");  // True20: the Toughness save rolled with the damage
  const [bonus, setBonus] = useState(String(joinedAs(id)?.stats?.toughness ?? 0));
  const toughness = state.ruleset === "true20";
  const where = `${id}:hp`;
  const send = async (fact) => {
    if (await record(where, fact)) { setAmount(""); setSave(""); }
  };
  const saved = () => (toughness && int(save) !== null ? { save: { natural: int(save), total: int(save) + (int(bonus) || 0) } } : {});
  const given = () => amountOrRoll(amount) || fail(where, "Type the amount: a number, or dice such as 2d6+3.");
  const damage = () => given() && send({ type: "DamageDealt", target: id, ...given(),
    ...(type.trim() ? { damage_type: type.trim() } : {}), ...(nonlethal ? { nonlethal: true } : {}), ...(by ? { source: by } : {}), ...saved() });
  const heal = () => given() && send({ type: "HealingApplied", target: id, ...given(), ...(kind ? { kind } : {}), ...(by ? { source: by } : {}) });
  const temp = () => given() && send({ type: "TemporaryHitPointsGained", target: id, ...given() });
  return html`<fieldset class="hit"><legend>Hit points</legend>
    <label>amount <input name="amount" inputmode="text" placeholder="7 or 2d6+3" value=${amount} size="9"
      onInput=${(e) => { setAmount(e.target.value); clearError(where); }} /></label>
    <label>type <input name="damage_type" placeholder="slashing" value=${type} size="8" onInput=${(e) => setType(e.target.value)} /></label>
    <label>by <select name="source" value=${by} onChange=${(e) => setBy(e.target.value)}>
      <option value="">—</option>
      ${Object.keys(state.combatants).filter((x) => x !== id).map((x) => html`<option value=${x}>${n(x)}</option>`)}</select></label>
    <label class="check"><input type="checkbox" name="nonlethal" checked=${nonlethal} onChange=${(e) => setNonlethal(e.target.checked)} /> nonlethal</label>
    ${toughness ? html`<label>Toughness d20 <input name="save" type="number" min="1" max="20" value=${save} onInput=${(e) => setSave(e.target.value)} /></label>
      <label>Toughness bonus <input name="toughness" type="number" value=${bonus} onInput=${(e) => setBonus(e.target.value)} /></label>` : null}
    ${healing(state.ruleset).length ? html`<label>healing <select name="healing_kind" value=${kind} onChange=${(e) => setKind(e.target.value)}>
      <option value="">usual</option>${healing(state.ruleset).map((k) => html`<option value=${k.name}>${k.title}</option>`)}</select></label>` : null}
    <div class="buttons">
      <${Act} where=${where} cls="damage danger" onClick=${damage}>Damage<//>
      <${Act} where=${where} cls="heal" onClick=${heal}>Heal<//>
      <${Act} where=${where} cls="temp" onClick=${temp}>Temp HP<//></div>
    <${ErrorNote} where=${where} /></fieldset>`;
}

export function duration(kind, rounds, state) {
  if (kind === "rounds") return { rounds: int(rounds) };  // 0 is sent, and refused: never "until removed"
  if (kind === "end_of_turn" && state.turn) return { until: "end_of_turn", of: state.turn, next: true };
  if (kind === "save_ends") return { save_ends: true };
  return null;
}

function Afflict({ id, state, n }) {
  const named = conditions();
  const [name, setName] = useState(named[0]?.name || "");
  const [custom, setCustom] = useState("");
  const [kind, setKind] = useState("none");
  const [rounds, setRounds] = useState("1");
  const [value, setValue] = useState("");  // persistent damage: its amount each tick, and its type
  const [type, setType] = useState("");
  const where = `${id}:condition`;
  const condition = (name === "" || !named.length ? custom : name).trim();
  const chosen = named.find((x) => x.name === name);
  const apply = () => {
    if (!condition) return fail(where, "Choose a condition, or type the effect.");
    if (kind === "rounds" && int(rounds) === null) return fail(where, "Type how many rounds it lasts.");
    if (chosen?.valued && !(int(value) > 0)) return fail(where, "Type the damage it deals each turn.");
    const lasting = duration(kind, rounds, state);
    record(where, { type: "ConditionApplied", target: id, condition,
      ...(chosen?.valued ? { value: int(value), ...(type.trim() ? { damage_type: type.trim() } : {}) } : {}),
      ...(state.turn && state.turn !== id ? { source: state.turn } : {}), ...(lasting ? { duration: lasting } : {}) });
  };
  return html`<fieldset class="afflict"><legend>Condition</legend>
    ${named.length ? html`<label>condition <select name="condition" value=${name} onChange=${(e) => setName(e.target.value)}>
      ${named.map((x) => html`<option value=${x.name}>${x.title || words(x.name)}</option>`)}
      <option value="">other…</option></select></label>` : null}
    ${name === "" || !named.length ? html`<label>effect <input name="custom" placeholder="bless" value=${custom} size="10"
      onInput=${(e) => { setCustom(e.target.value); clearError(where); }} /></label>` : null}
    ${chosen?.valued ? html`<label>damage each turn <input name="value" type="number" min="1" value=${value} size="3"
      onInput=${(e) => { setValue(e.target.value); clearError(where); }} /></label>
      <label>its type <input name="condition_damage_type" placeholder="fire" value=${type} size="8" onInput=${(e) => setType(e.target.value)} /></label>` : null}
    <label>lasts <select name="duration" value=${kind} onChange=${(e) => setKind(e.target.value)}>
      <option value="none">until removed</option><option value="rounds">rounds</option>
      ${state.turn ? html`<option value="end_of_turn">to the end of ${n(state.turn)}'s next turn</option>` : null}
      <option value="save_ends">save ends</option></select></label>
    ${kind === "rounds" ? html`<label>rounds <input name="rounds" type="number" min="1" value=${rounds} size="3"
      onInput=${(e) => { setRounds(e.target.value); clearError(where); }} /></label>` : null}
    <${Act} where=${where} cls="apply" onClick=${apply}>Apply<//>
    ${chosen?.description ? html`<p class="hint">${chosen.description}</p>` : null}
    <${ErrorNote} where=${where} /></fieldset>`;
}

function Resource({ id, r }) {
  const [purpose, setPurpose] = useState(r.purposes?.[0] || "");
  const [amount, setAmount] = useState("1");
  const where = `${id}:${r.name}`;
  const base = typeof r.fact === "string" ? { type: r.fact } : r.fact;  // the fact, less who and why
  const counted = "amount" in base || base.type === "ResolveSpent";
  const spend = () => record(where, { ...base, combatant: id, ...(purpose ? { purpose } : {}),
    ...(counted ? { amount: int(amount) || 1 } : {}) });
  return html`<div class="resource">
    ${r.purposes?.length ? html`<label>${r.title} for <select name="purpose" value=${purpose} onChange=${(e) => setPurpose(e.target.value)}>
      ${r.purposes.map((p) => html`<option value=${p}>${words(p)}</option>`)}</select></label>` : null}
    ${counted ? html`<label>points <input name="points" type="number" min="1" value=${amount} size="3"
      onInput=${(e) => { setAmount(e.target.value); clearError(where); }} /></label>` : null}
    <${Act} where=${where} cls="spend" onClick=${spend}>Spend ${r.title}<//>
    <${ErrorNote} where=${where} /></div>`;
}

function Initiative({ id }) {
  const [natural, setNatural] = useState("");
  const modifier = joinedAs(id)?.stats?.initiative_modifier || 0;
  const where = `${id}:initiative`;
  const set = () => (int(natural) === null ? fail(where, "Type the d20 as it fell, or Roll.")
    : record(where, { type: "InitiativeRolled", combatant: id, natural: int(natural), modifier }));
  const roll = () => record(where, { type: "InitiativeRolled", combatant: id, roll: `1d20${modifier < 0 ? "" : "+"}${modifier}` });
  return html`<fieldset class="initiative"><legend>Initiative (${modifier < 0 ? "" : "+"}${modifier})</legend>
    <label>d20 <input name="natural" type="number" min="1" max="20" value=${natural} size="3" onInput=${(e) => { setNatural(e.target.value); clearError(where); }} /></label>
    <${Act} where=${where} cls="set-initiative" onClick=${set}>Set<//>
    <${Act} where=${where} cls="roll-initiative" onClick=${roll}>Roll<//>
    <${ErrorNote} where=${where} /></fieldset>`;
}

function Turn({ id, c, state }) {
  const statuses = new Set(c.statuses || []);
  const where = `${id}:turn`;
  const parts = [];
  if (statuses.has("delaying")) parts.push(html`<${Act} where=${where} cls="step-in" onClick=${() => record(where, { type: "DelayEnded", combatant: id })}>Step in now<//>`);
  if (statuses.has("readied") && state.turn) {
    parts.push(html`<${Act} where=${where} cls="readied-now"
      onClick=${() => record(where, { type: "ReadiedActionTaken", combatant: id, before: state.turn })}>Take the readied action now<//>`);
  }
  if (c.hidden) parts.push(html`<${Act} where=${where} cls="reveal" onClick=${() => record(where, { type: "CombatantRevealed", combatant: id })}>Reveal to the players<//>`);
  if (!statuses.has("left")) parts.push(html`<${Act} where=${where} cls="leave" onClick=${() => record(where, { type: "CombatantLeft", combatant: id })}>Remove from the fight<//>`);
  return html`<div class="turn-actions">${parts}<${ErrorNote} where=${where} /></div>`;
}

export function Drawer({ id, c, state, n }) {
  return html`<div class="drawer">
    <${Hit} id=${id} state=${state} n=${n} />
    <${Afflict} id=${id} state=${state} n=${n} />
    ${resources().map((r) => html`<${Resource} id=${id} r=${r} />`)}
    ${state.phase !== "ended" ? html`<${Initiative} id=${id} />` : null}
    <${Turn} id=${id} c=${c} state=${state} />
  </div>`;
}
