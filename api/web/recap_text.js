// The service's recap Markdown as the page's own elements: headings, bullets, paragraphs and the
// campaign's emphasis. Built with textContent only, so nothing from the log is read as HTML; the
// service's escapes (\* \_ \# …) read back as the characters they stand for.
const el = (tag, children) => {
  const node = document.createElement(tag);
  node.append(...children);
  return node;
};

// One line's text: *words* as emphasis, an escaped character as itself.
function inline(text) {
  const out = [];
  let plain = "";
  let em = null;
  for (const [token] of text.matchAll(/\\.|\*|[^\\*]+/g)) {
    if (token === "*") {
      if (em === null) { out.push(plain); plain = ""; em = ""; } else { out.push(el("em", [em])); em = null; }
    } else {
      const said = token.startsWith("\\") ? token.slice(1) : token;
      if (em === null) plain += said; else em += said;
    }
  }
  if (em !== null) plain += `*${em}`;  // an unmatched star stays a star
  out.push(plain);
  return out.filter((part) => part !== "");
}

export function showRecap(markdown, into) {
  const nodes = [];
  let list = null;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("- ")) {
      if (!list) nodes.push(list = el("ul", []));
      list.append(el("li", inline(line.slice(2))));
      continue;
    }
    list = null;
    if (!line.trim()) continue;
    const heading = /^(#{2,3}) (.*)$/.exec(line);
    nodes.push(heading ? el(heading[1].length === 2 ? "h3" : "h4", inline(heading[2])) : el("p", inline(line)));
  }
  into.replaceChildren(...nodes);
}
