// The turn timer on a player's phone (issue 26): when the GM has set one (a TurnTimerSet line of
// the log), the seconds left of the player's own turn, counted from when the phone saw it begin.
// A reminder for the table: nothing happens at zero but the words and a buzz.
import { h } from "./table.js";

// The timer in force in the log as a player reads it: withdrawn lines carry no fact, and an
// amended one's replacement is on its amendment's line.
export function timerOf(lines) {
  let seconds = 0;
  for (const line of lines) {
    const fact = line.fact?.type === "EventAmended" ? line.fact.replacement : line.fact;
    if (fact?.type === "TurnTimerSet") seconds = fact.seconds;
  }
  return seconds;
}

export class TurnTimer {
  constructor() {
    this.node = h("p", { class: "turn-timer", role: "timer" });
    this.ends = null;
    this.tick = null;
  }

  start(seconds) {
    this.stop();
    if (!seconds) return;
    this.ends = Date.now() + seconds * 1000;
    this.show();
    this.tick = setInterval(() => this.show(), 1000);
  }

  stop() {
    clearInterval(this.tick);
    this.tick = null;
    this.ends = null;
  }

  show() {
    const left = Math.max(0, Math.ceil((this.ends - Date.now()) / 1000));
    this.node.textContent = left ? `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left` : "Time's up";
    this.node.classList.toggle("over", !left);
    if (!left) {
      clearInterval(this.tick);
      navigator.vibrate?.([100, 60, 100]);
    }
  }

  // The timer's line while it runs or has run out on this turn, else nothing.
  shown() {
    return this.ends === null ? null : this.node;
  }
}
