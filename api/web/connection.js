// The connection to an encounter's live stream, as both pages show it: "live" while the stream is
// open; "reconnecting…" at once when the stream or the service is lost; "offline since 19:42" when
// it stays lost; live again when it is back, the lines missed read anew (`onBack`).
// EventSource cannot send headers: the token goes in the query.

export const OFFLINE_AFTER = 4000;  // ms lost before "reconnecting…" becomes "offline since …"
const RETRY = 2000;  // ms before opening the stream again once the browser has given it up

const clock = (time) => time.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", hour12: false });

// {state: "connecting" | "live" | "reconnecting" | "offline", since: Date | null} in table words.
export function connectionWords(status) {
  if (!status || status.state === "connecting") return "connecting…";
  if (status.state === "live") return "live";
  if (status.state === "reconnecting") return "reconnecting…";
  return `offline since ${clock(status.since)}`;
}

export function followStream(url, { onLine, onStatus = () => {}, onBack = () => {} }) {
  let source = null;
  let lostAt = null;  // when the stream was lost (null while it is open)
  let later = null;
  let closed = false;
  const tell = (state) => onStatus({ state, since: lostAt });
  const lost = () => {
    if (lostAt) return;
    lostAt = new Date();
    tell("reconnecting");
    later = setTimeout(() => lostAt && !closed && tell("offline"), OFFLINE_AFTER);
  };
  const open = () => {
    source = new EventSource(url);
    source.addEventListener("line", (event) => onLine(JSON.parse(event.data), Number(event.lastEventId)));
    source.addEventListener("open", () => {
      const back = lostAt !== null;
      lostAt = null;
      clearTimeout(later);
      tell("live");
      if (back) onBack();
    });
    source.addEventListener("error", () => {
      if (closed) return;
      lost();
      // A network error: the browser retries by itself. A refused answer (an error status while
      // the service starts again): it gives up, so the stream is opened again from here.
      if (source.readyState === EventSource.CLOSED) setTimeout(() => !closed && open(), RETRY);
    });
  };
  tell("connecting");
  open();
  return { close() { closed = true; clearTimeout(later); source.close(); } };
}

// The player page's message line as the connection's state.
export const showConnection = (element) => (status) => {
  element.textContent = connectionWords(status);
  element.className = status.state === "live" ? "info" : "connection-lost";
  element.dataset.connection = status.state;
};
