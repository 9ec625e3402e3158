// A player character's own panel on the player page (issue 26), for a character's link (a token
// `pc_…`): whether their turn is up or next, their own card, forms that propose initiative, an
// attack with one of their stored attacks, damage, a save, the turn and resources (propose_turn.js),
// and their proposals with what the GM made of them (a decline's reason among it). Nothing here
// changes the table: the GM rules.
import { h, vitals } from "./table.js";
import { words } from "./table_words.js";
import { resourceForms, told, turnForms } from "./propose_turn.js";
import { TurnTimer, timerOf } from "./turn_timer.js";

// The character a `pc_` token holds: its id is the token's last part, in hex.
export function characterOf(token) {
  const found = /^pc_[0-9a-f]{40}_([0-9a-f]+)$/.exec(token || "");
  if (!found) return null;
  const bytes = found[1].match(/../g).map((b) => parseInt(b, 16));
  return new TextDecoder().decode(new Uint8Array(bytes));
}

function newKey() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

const signed = (n) => (n < 0 ? `${n}` : `+${n}`);
const STATE = {
  pending: "waiting for the GM", stale: "waiting (the moment may have passed)", accepted: "accepted",
  edited: "accepted as the GM ruled it", declined: "declined", withdrawn: "withdrawn",
};

// "you're up", "you're on deck" or nothing, from the order and whose turn it is.
export function turnNote(state, me) {
  if (!state.turn || state.phase === "ended") return null;
  if (state.turn === me) return "You're up!";
  const order = state.order.filter((id) => !(state.combatants[id]?.statuses || []).includes("left"));
  const next = order[(order.indexOf(state.turn) + 1) % order.length];
  return next === me ? "You're on deck." : null;
}

// What the player has typed survives the forms being built again (the rules arriving, the turn
// coming round): each field keeps its value where the new forms have the same field, and the
// one being typed in keeps the focus.
function carried(before, after) {
  const focused = document.activeElement;
  for (const old of before.querySelectorAll("form")) {
    const twin = after.querySelector(`form.${[...old.classList].join(".")}`);
    if (!twin) continue;
    for (const field of old.querySelectorAll("input[name], select[name]")) {
      const same = twin.querySelector(`[name="${field.name}"]`);
      if (!same || (field.tagName === "SELECT" && ![...same.options].some((o) => o.value === field.value))) continue;
      same.value = field.value;
      if (field === focused) queueMicrotask(() => same.focus());
    }
  }
}

export class Proposing {
  constructor(id, token, me) {
    this.id = id; this.token = token; this.me = me;
    this.root = h("section", { class: "mine", "aria-label": "your character" });
    this.state = null; this.saves = []; this.mine = []; this.error = ""; this.timer = new TurnTimer();
    document.querySelector("main").prepend(this.root);
    // The forms wait for the rules (their saves and resources), so they are built once, not built
    // again under a player's thumb a moment after the page opens; without the rules, they go without.
    this.rulesRead = false;
    fetch("/rulesets").then((r) => r.json()).then((all) => { this.rulesets = all; })
      .catch(() => {}).finally(() => { this.rulesRead = true; this.draw(); });
  }

  async call(method, path, body) {
    const headers = { Authorization: `Bearer ${this.token}`, "Idempotency-Key": newKey() };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const reply = await fetch(`/encounters/${this.id}/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const data = await reply.json();
    if (!reply.ok) {
      const why = (data.errors || []).map((e) => `${e.field}: ${e.reason}`).join("; ") || data.detail;
      throw new Error(reply.status === 429 ? `${data.detail} (try again in ${reply.headers.get("Retry-After")} s)` : why);
    }
    return data;
  }

  // The table as the player view shows it (drawn by player.js), then this panel from it.
  async shown(state) {
    this.state = state;
    try {
      this.mine = await this.call("GET", "proposals");
    } catch (error) {
      this.error = error.message;
    }
    this.draw();
  }

  async propose(facts, form) {
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      await this.call("POST", "proposals", { facts });
      this.error = "";
      form.reset();
    } catch (error) {
      this.error = error.message;
    } finally {
      button.disabled = false;
    }
    await this.shown(this.state);
  }

  async withdraw(line) {
    try {
      await this.call("DELETE", `proposals/${line}`);
    } catch (error) {
      this.error = error.message;
    }
    await this.shown(this.state);
  }

  // The GM's turn timer, read from the log once as the turn comes round (none: no timer).
  async timed() {
    try {
      this.timer.start(timerOf(await this.call("GET", "log")));
    } catch {
      this.timer.stop();  // no timer rather than a wrong one
    }
    this.draw();
  }

  draw() {
    const state = this.state;
    if (!state) return;
    const me = state.combatants[this.me];
    const name = (id) => state.combatants[id]?.name ?? id;
    const up = turnNote(state, this.me);
    const mine = state.turn === this.me;
    if (mine && this.wasUp === false) navigator.vibrate?.(200);  // the turn has just come round
    if (mine && !this.wasUp) this.timed();
    if (!mine) this.timer.stop();
    this.wasUp = mine;
    this.root.replaceChildren(...[
      h("h2", {}, me ? me.name : this.me),
      up ? h("p", { class: `your-turn${mine ? " up" : ""}`, role: "status" }, up) : null,
      mine ? this.timer.shown() : null,
      me ? this.card(me) : h("p", { class: "hint" }, "Your character is not in this fight."),
      this.error ? h("p", { class: "error", role: "alert" }, this.error) : null,
      me && this.rulesRead ? this.formsFor(state, me) : null,
      this.listed(name)].filter(Boolean));  // replaceChildren writes a null as "null"
  }

  // The forms, built again only when what they offer changes (not on every line: a player may
  // be typing when the GM records something).
  formsFor(state, me) {
    const targets = Object.entries(state.combatants).filter(([id]) => id !== this.me).map(([id, c]) => `${id}:${c.name}`);
    const moment = [state.turn === this.me, Boolean(state.turn), state.phase === "ended",
      ...["delaying", "readied"].map((s) => (me.statuses || []).includes(s))];
    const shape = JSON.stringify([targets, me.initiative ?? null, Boolean(this.rulesets), (me.stats?.attacks || []).length, moment]);
    if (shape !== this.shape) {
      this.shape = shape;
      const before = this.built;
      this.built = this.forms(state, me);
      if (before) carried(before, this.built);
    }
    return this.built;
  }

  card(me) {
    const stats = me.stats || {};
    const attacks = stats.attacks || [];
    return h("div", { class: "own-card" },
      vitals(me),  // as the table shows it: Stamina, HP, Resolve, a damage track
      (me.statuses || []).length ? h("p", {}, me.statuses.map(words).join(", ")) : null,
      (me.conditions || []).length ? h("p", {}, me.conditions.map((c) => c.name).join(", ")) : null,
      attacks.length ? h("ul", { class: "own-attacks" }, attacks.map((a) => h("li", {},
        `${a.name} ${[].concat(a.bonus).map(signed).join("/")}${a.damage ? `, ${a.damage}` : ""}${a.damage_type ? ` ${a.damage_type}` : ""}`))) : null);
  }

  forms(state, me) {
    const stats = me.stats || {};
    const foesFirst = ([, a], [, b]) => (a.side === "foes" ? 0 : 1) - (b.side === "foes" ? 0 : 1);
    const targets = Object.entries(state.combatants).filter(([id]) => id !== this.me).sort(foesFirst);
    const pick = (name, label) => h("label", {}, label, h("select", { name, required: true },
      targets.map(([id, c]) => h("option", { value: id }, c.name))));
    const d20 = (label = "d20") => h("label", {}, label, h("input", { name: "natural", type: "number", min: 1, max: 20, inputmode: "numeric", placeholder: "roll" }));
    const send = (build) => (event) => {
      event.preventDefault();
      const form = event.target;
      const facts = build(Object.fromEntries(new FormData(form)));
      if (facts) this.propose(facts, form);
    };
    const mod = stats.initiative_modifier || 0;
    const attacks = stats.attacks || [];
    const saves = this.rulesets?.[state.ruleset]?.saves || [];
    const rolled = (natural, bonus) => (natural ? { natural: Number(natural), total: Number(natural) + bonus } : { roll: `1d20${signed(bonus)}` });
    const forms = [];
    forms.push(...turnForms(state, me, this.me, send, () => this.state.turn));
    if (me.initiative === null || me.initiative === undefined) {
      forms.push(h("form", { class: "propose initiative", onsubmit: send((f) => {
        const given = f.natural ? Number(f.natural) : null;
        const natural = given !== null && f.as === "total" ? given - mod : given;
        return [{ type: "InitiativeRolled", combatant: this.me, ...(natural !== null ? { natural, modifier: mod } : { roll: `1d20${signed(mod)}` }) }];
      }) }, h("fieldset", {}, h("legend", {}, `Initiative (${signed(mod)})`),
        h("label", {}, "I rolled", h("input", { name: "natural", type: "number", inputmode: "numeric", placeholder: "roll", title: "empty: the service rolls for you" })),
        h("label", {}, "as", h("select", { name: "as" }, h("option", { value: "die" }, "the die"), h("option", { value: "total" }, "the total"))),
        h("button", { type: "submit", class: "primary" }, "Propose initiative"))));
    }
    if (attacks.length && targets.length) {
      forms.push(h("form", { class: "propose attack", onsubmit: send((f) => {
        const weapon = attacks[Number(f.attack)];
        const bonus = [].concat(weapon.bonus)[0];
        const facts = [{ type: "AttackMade", attacker: this.me, target: f.target, weapon: weapon.name, ...rolled(f.natural, bonus) }];
        const amount = String(f.amount || "").trim();
        if (amount) facts.push({ type: "DamageDealt", target: f.target, ...(/^\d+$/.test(amount) ? { amount: Number(amount) } : { roll: amount }), ...(weapon.damage_type ? { damage_type: weapon.damage_type } : {}) });
        return facts;
      }) }, h("fieldset", {}, h("legend", {}, "Attack"),
        h("label", {}, "with", h("select", { name: "attack" }, attacks.map((a, n) => h("option", { value: n }, a.name)))),
        pick("target", "target"), d20(),
        h("label", {}, "damage if it hits", h("input", { name: "amount", placeholder: attacks[0].damage || "e.g. 7" })),
        h("button", { type: "submit", class: "primary" }, "Propose attack"))));
    }
    if (targets.length) {
      forms.push(h("form", { class: "propose damage", onsubmit: send((f) => {
        const amount = String(f.amount || "").trim();
        if (!amount) return null;
        return [{ type: "DamageDealt", target: f.target, ...(/^\d+$/.test(amount) ? { amount: Number(amount) } : { roll: amount }) }];
      }) }, h("fieldset", {}, h("legend", {}, "Damage"), pick("target", "to"),
        h("label", {}, "amount", h("input", { name: "amount", required: true, placeholder: "7 or 1d6+1" })),
        h("button", { type: "submit", class: "primary" }, "Propose damage"))));
    }
    if (saves.length) {
      forms.push(h("form", { class: "propose save", onsubmit: send((f) => {
        const bonus = Number(f.bonus || 0);
        return [{ type: "SavingThrowRolled", combatant: this.me, save: f.save, ...rolled(f.natural, bonus) }];
      }) }, h("fieldset", {}, h("legend", {}, "Saving throw"),
        h("label", {}, "save", h("select", { name: "save" }, saves.map((s) => h("option", { value: s }, words(s))))),
        d20(), h("label", {}, "bonus", h("input", { name: "bonus", type: "number", inputmode: "numeric", value: 0 })),
        h("button", { type: "submit", class: "primary" }, "Propose save"))));
    }
    forms.push(...resourceForms(this.rulesets?.[state.ruleset]?.resources || [], this.me, send));
    return h("div", { class: "propose-forms" }, forms);
  }

  listed(name) {
    if (!this.mine.length) return null;
    return h("section", { class: "my-proposals", "aria-label": "your proposals" }, h("h3", {}, "Your proposals"),
      h("ol", {}, this.mine.slice().reverse().map((p) => h("li", { class: `proposal ${p.state}`, dataset: { line: p.line } },
        h("span", { class: "what" }, p.facts.map((f) => told(f, name)).join("; ")),
        h("span", { class: "state" }, STATE[p.state] || p.state),
        p.reason ? h("span", { class: "reason" }, `GM: “${p.reason}”`) : null,
        ["pending", "stale"].includes(p.state)
          ? h("button", { type: "button", class: "withdraw", onclick: () => this.withdraw(p.line) }, "Withdraw") : null))));
  }
}
