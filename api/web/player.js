// The player page: the player view of one encounter, updated live from its stream.
import { follow, h, renderTable } from "./table.js";
import { showConnection } from "./connection.js";
import { showRecap } from "./recap_text.js";
import { Proposing, characterOf } from "./propose.js";
import { Claiming } from "./claim.js";

const id = location.pathname.split("/").pop();
const token = new URLSearchParams(location.hash.slice(1)).get("token");
const message = document.querySelector("#message");
let drawn = 0;  // the version of the table on the page
const character = characterOf(token);  // a character's link: their own panel (issue 26)
const mine = character ? new Proposing(id, token, character) : null;
// The table's shared player link: a player asks the GM for a character nobody holds (claim.js).
const claiming = /^player_/.test(token || "") ? new Claiming(id, token) : null;

async function refresh() {
  const reply = await fetch(`/encounters/${id}/state`, { headers: { Authorization: `Bearer ${token}` } });
  const body = await reply.json();
  if (!reply.ok) {
    message.textContent = `${body.title}: ${body.detail}`;
    message.className = "error";
    if (reply.status === 403) refused();
    return;
  }
  if (body.version < drawn) return;  // an older answer arriving after a newer one
  drawn = body.version;
  document.querySelector("#table").replaceChildren(renderTable(body));
  mine?.shown(body);
  claiming?.shown();
  message.textContent = "live";
  message.className = "info";
}

// The players' recap of this fight (the service builds it from the player view, so it names no one
// hidden; the session's other fights are the table's, read with its key), read when the players open
// it; the service's Markdown shown as headings and bullets.
async function recap() {
  const shown = document.querySelector("#recap-text");
  const reply = await fetch(`/encounters/${id}/recap?format=markdown`, { headers: { Authorization: `Bearer ${token}` } });
  if (reply.ok) showRecap(await reply.text(), shown);
  else shown.textContent = `The recap cannot be read: ${(await reply.json()).detail}`;
}

// A link that opens the fight no more (replaced by the GM: a claim released, a link rotated): the
// stream stops, the message stays, and a phone that claimed through the table's shared link is
// offered it again (claim.js keeps it in this browser).
let stream = null;
let closed = false;
function refused() {
  closed = true;
  stream?.close();
  mine?.root.remove();
  const shared = localStorage.getItem(`combatlog.shared.${id}`);
  if (!shared || shared === token) return;
  const again = `${location.pathname}#token=${shared}`;
  document.querySelector("#table").replaceChildren(h("p", { class: "released" },
    "The GM released this character. ",
    h("a", { href: again, onclick: (e) => { e.preventDefault(); location.replace(again); location.reload(); } }, "Pick a character again")));
}

let pending = null;
if (!token) {
  message.textContent = "This address needs #token=<player token>.";
  message.className = "error";
} else {
  refresh();
  const details = document.querySelector("#recap");
  details.addEventListener("toggle", () => { if (details.open) recap(); });
  const shown = showConnection(message);
  stream = follow(id, token, () => {
    clearTimeout(pending);
    pending = setTimeout(refresh, 30);
  }, { onStatus: (status) => { if (!closed) shown(status); }, onBack: refresh });
  if (closed) stream.close();  // refused before the stream was opened
}
