// Small pieces every panel uses: a write button that is busy until its answer, the error beside
// the control that caused it, and a modal dialog.
import { html, useEffect, useRef } from "./lib.js";
import { live, page, update } from "./store.js";

// A button that writes: disabled while its answer is on its way and while replaying.
export function Act({ where, onClick, children, cls = "", title, disabled = false, type = "button" }) {
  const busy = page.busy.has(where);
  const past = !live();
  return html`<button type=${type} class=${`act ${cls}`} data-where=${where} aria-busy=${busy ? "true" : undefined}
    title=${past ? "The table shows the past: return to live to record" : title}
    disabled=${busy || past || disabled} onClick=${onClick}>${children}</button>`;
}

export function ErrorNote({ where }) {
  const message = page.errors[where];
  return message ? html`<p class="error" role="alert" data-error=${where}>${message}</p>` : null;
}

// A modal dialog: shown with showModal() when drawn, closed with Escape or its Close button.
export function Dialog({ title, children, onClose, cls = "" }) {
  const ref = useRef(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const close = () => (onClose ? onClose() : update({ dialog: null }));
  return html`<dialog ref=${ref} class=${`panel ${cls}`} aria-label=${title} onCancel=${(e) => { e.preventDefault(); close(); }}>
    <header class="dialog-head"><h2>${title}</h2>
      <button type="button" class="close" aria-label="Close" onClick=${close}>×</button></header>
    ${children}
  </dialog>`;
}

// A number typed as a number, or dice notation ("2d6+3") for the service to roll.
export function amountOrRoll(text) {
  const value = String(text ?? "").trim();
  if (value === "") return null;
  return /^-?\d+$/.test(value) ? { amount: Number(value) } : { roll: value };
}

export const int = (text) => (String(text ?? "").trim() === "" ? null : Number(text));
