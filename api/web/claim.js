// Claiming a character on the player page opened with the table's shared player link (issue 26):
// the player characters nobody holds, a name for the GM, one tap to ask for one; then the claim's
// state, read with its ticket (kept in this browser only) until the GM rules. Once approved, the
// page becomes that character's link: their own card and proposals (propose.js).
import { h } from "./table.js";

const WATCH_EVERY = 1500;  // ms between reads of a claim waiting for the GM
const OFFER_EVERY = 10000;  // ms between reads of the characters offered (another's claim approved)
const kept = (id) => `combatlog.claim.${id}`;
const NAME = "combatlog.player-name";

function stored(key) {
  try {
    return JSON.parse(localStorage.getItem(key));
  } catch {
    return null;
  }
}

export class Claiming {
  constructor(id, token) {
    this.id = id; this.token = token;
    this.offered = []; this.claim = stored(kept(id)); this.note = ""; this.error = "";
    this.root = h("section", { class: "claim-pick", "aria-label": "play a character" });
    document.querySelector("main").prepend(this.root);
    this.offer();
    if (this.claim) this.watch();
    this.timer = setInterval(() => { if (!this.claim) this.offer(); }, OFFER_EVERY);
  }

  // The table moved (a character joined, hid or left): the offer is read again.
  shown() {
    if (!this.claim) this.offer();
  }

  async offer() {
    const reply = await fetch(`/encounters/${this.id}/claimable`, { headers: { Authorization: `Bearer ${this.token}` } });
    if (!reply.ok) return;
    this.offered = await reply.json();
    this.draw();
  }

  async ask(character, form) {
    const player = form.querySelector("input[name=player]").value.trim();
    if (!player) {
      this.error = "Your name first: the GM sees who asks.";
      this.draw();
      form.querySelector("input[name=player]").focus();
      return;
    }
    localStorage.setItem(NAME, player);
    const reply = await fetch(`/encounters/${this.id}/claims`, {
      method: "POST",
      headers: { Authorization: `Bearer ${this.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ combatant: character.combatant, player }),
    });
    const body = await reply.json();
    if (!reply.ok) {
      const why = (body.errors || []).map((e) => e.reason).join("; ") || body.detail;
      this.error = reply.status === 429 ? `${body.detail} (try again in ${reply.headers.get("Retry-After")} s)` : why;
      this.offer();
      return;
    }
    this.claim = { claim: body.claim, ticket: body.ticket, name: body.name };
    localStorage.setItem(kept(this.id), JSON.stringify(this.claim));
    this.error = ""; this.note = "";
    this.draw();
    this.watch();
  }

  // The claim read with its ticket until the GM rules: approved, the page opens the character's link.
  async watch() {
    clearTimeout(this.watching);
    const claim = this.claim;
    if (!claim) return;
    const reply = await fetch(`/encounters/${this.id}/claims/${claim.claim}`, { headers: { Authorization: `Bearer ${claim.ticket}` } });
    if (this.claim !== claim) return;  // given up meanwhile
    if (reply.ok) {
      const body = await reply.json();
      if (body.state === "approved" && body.token) {
        localStorage.removeItem(kept(this.id));
        localStorage.setItem(`combatlog.shared.${this.id}`, this.token);  // to pick again if released
        location.replace(`${location.pathname}#token=${body.token}`);
        location.reload();
        return;
      }
      if (body.state !== "pending") {
        const why = {
          declined: `The GM declined your claim of ${body.name}.`,
          released: `Your claim of ${body.name} was released.`,
          lapsed: "The GM replaced this link: ask them for the new one.",
        };
        this.forget(why[body.state] || "");
        return;
      }
    } else if (reply.status === 403 || reply.status === 404) {  // a ticket this encounter no longer knows
      this.forget("");
      return;
    }
    this.watching = setTimeout(() => this.watch(), WATCH_EVERY);
  }

  forget(note) {
    clearTimeout(this.watching);
    localStorage.removeItem(kept(this.id));
    this.claim = null; this.note = note;
    this.offer();
    this.draw();
  }

  draw() {
    const parts = [h("h2", {}, "Play a character")];
    if (this.claim) {
      parts.push(h("p", { class: "waiting", role: "status" }, `Waiting for the GM to let you play ${this.claim.name}…`),
        h("button", { type: "button", class: "give-up", onclick: () => this.forget("") }, "Ask for another"));
    } else {
      if (this.note) parts.push(h("p", { class: "hint", role: "status" }, this.note));
      if (!this.offered.length) {
        parts.push(h("p", { class: "hint" }, "Every player character here is taken: ask your GM for your link."));
      } else {
        const form = h("form", { class: "claim-form", onsubmit: (e) => e.preventDefault() },
          h("label", {}, "Your name ", h("input", { name: "player", maxlength: "40", autocomplete: "nickname", value: localStorage.getItem(NAME) || "" })),
          h("p", { class: "hint" }, "Pick your character: the GM approves it."),
          h("ul", { class: "claimable" }, this.offered.map((c) => h("li", {},
            h("button", { type: "button", class: "primary claim", dataset: { combatant: c.combatant }, onclick: (e) => this.ask(c, e.target.closest("form")) }, `Play ${c.name}`)))));
        const before = this.root.querySelector("input[name=player]");
        const field = form.querySelector("input[name=player]");
        if (before) field.value = before.value;  // what they typed stays, and the focus with it
        if (before && document.activeElement === before) queueMicrotask(() => field.focus());
        parts.push(form);
      }
    }
    if (this.error) parts.push(h("p", { class: "error", role: "alert" }, this.error));
    this.root.replaceChildren(...parts);
  }
}
