// The player page: the player view of one encounter, updated live from its stream.
import { follow, renderTable } from "./table.js";

const id = location.pathname.split("/").pop();
const token = new URLSearchParams(location.hash.slice(1)).get("token");
const message = document.querySelector("#message");
let drawn = 0;  // the version of the table on the page

async function refresh() {
  const reply = await fetch(`/encounters/${id}/state`, { headers: { Authorization: `Bearer ${token}` } });
  const body = await reply.json();
  if (!reply.ok) {
    message.textContent = `${body.title}: ${body.detail}`;
    message.className = "error";
    return;
  }
  if (body.version < drawn) return;  // an older answer arriving after a newer one
  drawn = body.version;
  document.querySelector("#table").replaceChildren(renderTable(body));
  message.textContent = "live";
  message.className = "info";
}

let pending = null;
if (!token) {
  message.textContent = "This address needs #token=<player token>.";
  message.className = "error";
} else {
  refresh();
  follow(id, token, () => {
    clearTimeout(pending);
    pending = setTimeout(refresh, 30);
  });
}
