// A session's recap (issue 16): the service's Markdown for the group's chat, shown as sections and
// bullets, with "Copy as Markdown" and "Download .md". The words are the service's
// (projections/recap_markdown.py); the page only lays them out. Read with the operator token.
import { html, useEffect, useRef, useState } from "./lib.js";
import { operatorCall } from "./api.js";
import { page } from "./store.js";

const UNESCAPE = /\\([\\`*_[\]<>#|~])/g;
const plainText = (text) => text.replace(UNESCAPE, "$1");

// One line of the Markdown with its *emphasis* (the campaign) as <em>, the rest as text.
function Inline({ text }) {
  const parts = text.split(/(?<!\\)\*(.+?)(?<!\\)\*/);
  return parts.map((part, i) => (i % 2 ? html`<em>${plainText(part)}</em>` : plainText(part)));
}

// The Markdown as blocks: "### " a fight's heading, "- " its bullets, other lines paragraphs.
export function blocks(markdown) {
  const found = [];
  for (const line of markdown.split("\n")) {
    if (!line.trim() || line.startsWith("## ")) continue;
    if (line.startsWith("### ")) found.push({ kind: "fight", text: line.slice(4), items: [], lines: [] });
    else if (line.startsWith("- ") && found.at(-1)?.kind === "fight") found.at(-1).items.push(line.slice(2));
    else if (found.at(-1)?.kind === "fight") found.at(-1).lines.push(line);
    else found.push({ kind: "line", text: line });
  }
  return found;
}

function Fight({ block }) {
  return html`<article class="recap-fight"><h4><${Inline} text=${block.text} /></h4>
    ${block.lines.map((l) => html`<p class="recap-spent"><${Inline} text=${l} /></p>`)}
    <ul>${block.items.map((item) => html`<li><${Inline} text=${item} /></li>`)}</ul></article>`;
}

// Copy: the clipboard where the page has a secure context; else select the text for the GM
// (a phone on the LAN has none), trying the old copy command as well.
async function copied(markdown, area) {
  if (window.isSecureContext && navigator.clipboard) {
    try { await navigator.clipboard.writeText(markdown); return "Copied: paste it into the chat."; } catch { /* fall back */ }
  }
  area.hidden = false;
  area.focus();
  area.select();
  let done = false;
  try { done = document.execCommand("copy"); } catch { done = false; }
  return done ? "Copied: paste it into the chat." : "Selected: copy it (Ctrl+C, or long-press → Copy).";
}

export function Recap({ campaign, session }) {
  const [markdown, setMarkdown] = useState(null);
  const [error, setError] = useState(null);
  const [said, setSaid] = useState("");
  const area = useRef(null);
  useEffect(() => {
    setMarkdown(null); setError(null); setSaid("");
    const path = `/campaigns/${encodeURIComponent(campaign)}/sessions/${encodeURIComponent(session)}/recap?format=markdown`;
    operatorCall(page.operator, "GET", path).then(setMarkdown, (e) => setError(e.message));
  }, [campaign, session]);
  if (error) return html`<section class="recap" aria-label="recap"><h3>Recap</h3><p class="error" role="alert">${error}</p></section>`;
  if (markdown === null) return html`<section class="recap" aria-label="recap"><h3>Recap</h3><p role="status">loading…</p></section>`;
  const file = `recap-${campaign}-${session}.md`.replace(/[^A-Za-z0-9_.:+-]/g, "-");
  const href = `data:text/markdown;charset=utf-8,${encodeURIComponent(markdown)}`;
  return html`<section class="recap" aria-label="recap">
    <div class="recap-head"><h3>Recap</h3>
      <button type="button" class="primary" onClick=${async () => setSaid(await copied(markdown, area.current))}>Copy as Markdown</button>
      <a class="button" href=${href} download=${file}>Download .md</a></div>
    <p class="hint" role="status">${said}</p>
    <textarea ref=${area} class="recap-text" readonly hidden aria-label="the recap as Markdown" rows="8" value=${markdown}></textarea>
    ${blocks(markdown).map((b) => (b.kind === "fight" ? html`<${Fight} block=${b} />` : html`<p class="recap-totals"><${Inline} text=${b.text} /></p>`))}
  </section>`;
}
