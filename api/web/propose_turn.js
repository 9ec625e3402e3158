// The phone's forms for the turn and the character's resources (issue 26): end the turn, delay,
// ready an action against a trigger, step in from a delay, take the readied action now, and spend
// what the ruleset counts (Resolve, Conviction, action points). Each is a proposal: the GM rules.
// And each proposed fact in the player's words (`told`).
import { h } from "./table.js";
import { words } from "./table_words.js";

const signed = (n) => (n < 0 ? `${n}` : `+${n}`);
const button = (text) => h("button", { type: "submit", class: "primary" }, text);

// The turn's forms, for what the character's statuses and whose turn it is allow now; a readied
// action goes off before whoever acts when it is sent (`acting`).
export function turnForms(state, me, id, send, acting) {
  const statuses = new Set(me.statuses || []);
  const forms = [];
  const mine = state.turn === id && state.phase !== "ended";
  if (mine) {
    forms.push(h("form", { class: "propose end-turn", onsubmit: send(() => [{ type: "TurnEnded", combatant: id }]) },
      button("Propose: end my turn")));
    forms.push(h("form", { class: "propose delay", onsubmit: send(() => [{ type: "Delayed", combatant: id }]) },
      button("Propose: delay")));
    forms.push(h("form", { class: "propose ready", onsubmit: send((f) => {
      const trigger = String(f.trigger || "").trim();
      return [{ type: "ActionReadied", combatant: id, ...(trigger ? { trigger } : {}) }];
    }) }, h("fieldset", {}, h("legend", {}, "Ready an action"),
      h("label", {}, "when", h("input", { name: "trigger", maxlength: 200, placeholder: "e.g. the ogre comes through the door" })),
      button("Propose: ready"))));
  }
  if (statuses.has("delaying") && state.phase !== "ended") {
    forms.push(h("form", { class: "propose step-in", onsubmit: send(() => [{ type: "DelayEnded", combatant: id }]) },
      button("Propose: step in now")));
  }
  if (statuses.has("readied") && state.turn && state.turn !== id) {
    forms.push(h("form", { class: "propose readied-now", onsubmit: send(() => [{ type: "ReadiedActionTaken", combatant: id, before: acting() }]) },
      button("Propose: take my readied action now")));
  }
  return forms;
}

// One form per resource the ruleset counts, its purposes offered, its points when it counts them.
export function resourceForms(resources, id, send) {
  return resources.map((r) => {
    const base = typeof r.fact === "string" ? { type: r.fact } : r.fact;
    const counted = "amount" in base || base.type === "ResolveSpent";
    return h("form", { class: `propose resource ${r.name}`, onsubmit: send((f) => [{
      ...base, combatant: id, ...(f.purpose ? { purpose: f.purpose } : {}),
      ...(counted ? { amount: Math.max(1, Number(f.amount) || 1) } : {}),
    }]) }, h("fieldset", {}, h("legend", {}, r.title),
      r.purposes?.length ? h("label", {}, "for", h("select", { name: "purpose" },
        r.purposes.map((p) => h("option", { value: p }, words(p))))) : null,
      counted ? h("label", {}, "points", h("input", { name: "amount", type: "number", min: 1, value: 1, inputmode: "numeric" })) : null,
      button(`Propose: spend ${r.title}`)));
  });
}

// A proposed turn or resource fact in the player's words (null: not one of these).
function toldTurn(fact, name) {
  switch (fact.type) {
    case "TurnEnded": return "end my turn";
    case "Delayed": return "delay";
    case "DelayEnded": return "step in now";
    case "ActionReadied": return `ready an action${fact.trigger ? `: ${fact.trigger}` : ""}`;
    case "ReadiedActionTaken": return `take my readied action${fact.before ? ` before ${name(fact.before)}` : ""}`;
    case "ResolveSpent": return `spend ${fact.amount} Resolve${fact.purpose ? ` to ${words(fact.purpose)}` : ""}`;
    case "ConvictionSpent": return `spend Conviction${fact.purpose ? ` for ${words(fact.purpose)}` : ""}`;
    case "ActionPointSpent": return "spend an action point";
    default: return null;
  }
}

// One proposed fact in a player's words.
export function told(fact, name) {
  const who = (id) => name(id);
  switch (fact.type) {
    case "InitiativeRolled": return `initiative ${fact.natural}${fact.modifier ? ` (${signed(fact.modifier)} = ${fact.natural + fact.modifier})` : ""}`;
    case "AttackMade": return `attack ${who(fact.target)}${fact.weapon ? ` with ${fact.weapon}` : ""}, d20 ${fact.natural} (total ${fact.total})`;
    case "DamageDealt": return `${fact.amount}${fact.damage_type ? ` ${fact.damage_type}` : ""} damage to ${who(fact.target)}`;
    case "SavingThrowRolled": return `${words(fact.save)} save, d20 ${fact.natural} (total ${fact.total})`;
    case "CheckRolled": return `${words(fact.check)} check, d20 ${fact.natural} (total ${fact.total})`;
    default: return toldTurn(fact, name) ?? words(fact.type);
  }
}
