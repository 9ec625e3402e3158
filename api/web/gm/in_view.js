// The turn always in view: when the turn passes, the acting card is scrolled into the window
// below the turn bar (sticky at the top), on a phone and on a laptop whose cards overflow it.
import { useEffect } from "./lib.js";

// Scrolls the page (not the card's own box) just enough for the card to show whole under the bar,
// or its top when it is taller than the room left.
export function bringIntoView(card) {
  if (!card) return;
  const bar = document.querySelector("section.turn-bar");
  const under = bar && getComputedStyle(bar).position === "sticky" ? bar.getBoundingClientRect().height : 0;
  const room = window.innerHeight - under;
  const box = card.getBoundingClientRect();
  if (box.top >= under && box.bottom <= window.innerHeight) return;  // already in view
  const by = box.top < under || box.height > room ? box.top - under - 8 : box.bottom - window.innerHeight + 8;
  window.scrollBy({ top: by, behavior: "instant" });
}

// Each time the turn passes (a new combatant, or a new round), not on every redraw: the GM may
// scroll away between turns.
export function useTurnInView(turn, round, live) {
  useEffect(() => {
    if (!turn || !live) return;
    bringIntoView(document.querySelector(`li.combatant.current[data-id="${CSS.escape(turn)}"]`));
  }, [turn, round]);
}
