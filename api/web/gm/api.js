// The HTTP API: JSON in and out, problem details (RFC 9457) as errors in table words, and a fresh
// Idempotency-Key for each user action so a retry records once.

// Field paths as the API names them (`facts[1].amount`), in words a GM reads ("amount").
function fieldWords(field) {
  return String(field || "").replace(/^facts\[\d+\]\.?/, "").replace(/^body\.?/, "").replace(/_/g, " ");
}

export class Problem extends Error {
  constructor(status, body) {
    const errors = Array.isArray(body?.errors) ? body.errors : [];
    const why = errors.length
      ? errors.map((e) => [fieldWords(e.field), e.reason].filter(Boolean).join(": ")).join("; ")
      : body?.detail || body?.title || `the service answered ${status}`;
    super(why);
    this.status = status;
    this.fields = errors.map((e) => e.field);
  }
}

// 128 random bits as hex; crypto.randomUUID needs a secure context, which a phone on the LAN lacks.
export function newKey() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

// A 503 with Retry-After says nothing was written and to send it again (a busy store, writers
// that kept winning): a request safe to repeat (GET, PUT, DELETE, or one with its Idempotency-Key)
// is sent once more after the wait asked for, at most 2 s, before the GM hears of it.
const REPEATABLE = ["GET", "HEAD", "PUT", "DELETE"];
const RETRY_MOST_MS = 2000;

export async function call(method, path, { body, token, key, headers: extra = {} } = {}) {
  const headers = { ...extra };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (key) headers["Idempotency-Key"] = key;
  const send = () => fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let reply;
  try {
    reply = await send();
    const after = reply.headers.get("Retry-After");
    if (reply.status === 503 && after !== null && (key || REPEATABLE.includes(method))) {
      await new Promise((done) => setTimeout(done, Math.min((Number(after) || 0) * 1000, RETRY_MOST_MS)));
      reply = await send();
    }
  } catch {
    throw new Problem(0, { detail: "the service cannot be reached; nothing was recorded" });
  }
  if (reply.status === 204) return null;
  const json = reply.headers.get("content-type")?.includes("json");
  const data = json ? await reply.json() : await reply.text();
  if (!reply.ok) throw new Problem(reply.status, json ? data : { detail: data });
  return data;
}

// A call with the operator token (campaigns, recaps, the library). This module reads no page
// state (the store imports it), so the token comes in; `keyed` adds a fresh Idempotency-Key.
export const operatorCall = (token, method, path, body, { keyed = false } = {}) =>
  call(method, path, { body, token, ...(keyed ? { key: newKey() } : {}) });
