// What the rules would make of facts not yet recorded (POST /encounters/{id}/preview): the
// outcome of an attack or a save before the GM records it, and dice rolled by the service.
import { call } from "./api.js";
import { page } from "./store.js";

let missing = false;  // a service without the preview route: the outcome shows once recorded

export async function preview(facts) {
  if (missing || !page.id) return null;
  try {
    return await call("POST", `/encounters/${page.id}/preview`, { body: { facts }, token: page.token });
  } catch (error) {
    if (error.status === 404 || error.status === 405) missing = true;
    if (error.status === 422) return { error: error.message };
    return null;
  }
}

// The last previewed line's fact (dice as rolled) and what the rules derived from it.
export async function previewLine(facts) {
  const answer = await preview(facts);
  if (!answer || answer.error) return answer;
  const line = answer.lines?.[answer.lines.length - 1];
  return line ? { fact: line.fact, derived: line.derived || null, state: answer.state } : null;
}

export const canPreview = () => !missing;
