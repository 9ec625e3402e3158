"""A recap (projections/recap.py) as short Markdown for the group's chat: a heading with the
session's date and title, one section per fight, bullets in table words."""

from __future__ import annotations

import re

from projections.recap import Drop, FightRecap, Hit, Recap, Rise
from projections.recap_asked import Asked
from projections.recap_rulings import Ruling

SPECIAL = re.compile(r"([\\`*_\[\]<>#|~])")  # what a chat's Markdown would read as formatting
DONE = {"undo": "undone", "redo": "restored", "amend": "amended"}


def md(text: object) -> str:
    """Text from the log, escaped so a chat shows it as written, on one line."""
    return SPECIAL.sub(r"\\\1", " ".join(str(text).split()))


def recap_markdown(found: Recap) -> str:
    """The whole recap: heading, session totals, then each fight's section."""
    parts = [heading(found), totals_line(found)]
    parts += [fight_section(fight) for fight in found.fights]
    return "\n\n".join(parts) + "\n"


def heading(found: Recap) -> str:
    session = found.session
    if session is None:
        return f"## {md(found.fights[0].name) if found.fights else 'Recap'}"
    title = f" — {md(session.title)}" if session.title else ""
    return f"## {session.date.isoformat()}{title}"


def totals_line(found: Recap) -> str:
    t = found.totals
    parts = [_count(t.fights, "fight"), _count(t.rounds, "round")]
    if t.seconds is not None:
        parts.append(duration(t.seconds))
    parts += [_count(t.drops, "drop"), _count(t.kills, "kill")]
    campaign = f"*{md(found.campaign)}* · " if found.campaign else ""
    return campaign + " · ".join(parts)


def fight_section(fight: FightRecap) -> str:
    spent = [_count(fight.rounds, "round")]
    if fight.seconds is not None:
        spent.append(duration(fight.seconds))
    bullets = drops(fight) + [killed(k) for k in fight.kills]
    bullets += [f"- {got_up(r)}" for r in lone_rises(fight)]
    if fight.biggest_hit is not None:
        bullets.append(f"- Biggest hit: {biggest(fight.biggest_hit)}")
    if naturals := rolled(fight):
        bullets.append(f"- {naturals}")
    bullets += [corrected(r) for r in fight.rulings]
    bullets += [asked(a) for a in fight.asked]
    bullets.append(f"- Left standing: {left_standing(fight)}")
    return f"### {md(fight.name)}\n{' · '.join(spent)}\n\n" + "\n".join(bullets)


def drops(fight: FightRecap) -> list[str]:
    """A bullet per drop (a drop that killed is told as a kill), with who got them up."""
    bullets = []
    for drop in fight.drops:
        if drop.died:
            continue
        who = f"{md(drop.dealer_name)} dropped {md(drop.name)}" if drop.dealer_name else None
        told = who or f"{md(drop.name)} dropped" + (f" ({md(drop.cause)})" if drop.cause else "")
        ups = [got_up(r) for r in rises_after(fight, drop)]
        bullets.append(f"- {told} in round {drop.round}" + "".join(f"; {u}" for u in ups))
    return bullets


def rises_after(fight: FightRecap, drop: Drop) -> list[Rise]:
    """The rises of the dropped combatant after this drop and before its next one."""
    later = [d.line for d in fight.drops if d.combatant == drop.combatant and d.line > drop.line]
    until = min(later, default=float("inf"))
    return [r for r in fight.rises if r.combatant == drop.combatant and drop.line < r.line < until]


def lone_rises(fight: FightRecap) -> list[Rise]:
    """Rises no drop of this fight explains (down before the fight began, or dropped dead)."""
    told = {id(r) for d in fight.drops if not d.died for r in rises_after(fight, d)}
    return [r for r in fight.rises if id(r) not in told]


def got_up(rise: Rise) -> str:
    """A rise in words: "Kyra's cure light wounds got Valeros up in round 3"."""
    means = md(rise.means) if rise.means else "help"
    by = f"{md(rise.healer_name)}'s {means}" if rise.healer_name else md(rise.means or "")
    name, when = md(rise.name), f"in round {rise.round}"
    if rise.how == "up":
        return f"{by} got {name} up {when}" if by else f"{name} got up {when}"
    return f"{by} stabilised {name} {when}" if by else f"{name} was stabilised {when}"


def killed(kill: Drop) -> str:
    if kill.dealer_name:
        return f"- {md(kill.dealer_name)} killed {md(kill.name)} in round {kill.round}"
    cause = f" ({md(kill.cause)})" if kill.cause else ""
    return f"- {md(kill.name)} died in round {kill.round}{cause}"


def biggest(hit: Hit) -> str:
    by = f"{md(hit.dealer_name)} on " if hit.dealer_name else ""
    typed = f" {md(hit.damage_type)}" if hit.damage_type else ""
    return f"{by}{md(hit.target_name)}, {hit.amount}{typed} (round {hit.round})"


def rolled(fight: FightRecap) -> str:
    twenties = [f"{md(n.name)} {n.twenties}" for n in fight.naturals if n.twenties]
    ones = [f"{md(n.name)} {n.ones}" for n in fight.naturals if n.ones]
    parts = [f"Natural 20s: {', '.join(twenties)}"] if twenties else []
    parts += [f"Natural 1s: {', '.join(ones)}"] if ones else []
    return " · ".join(parts)


def corrected(ruling: Ruling) -> str:
    """A ruling corrected: the line, what it was and is now, what it changed, and why."""
    said = f"- Line {ruling.target} {DONE[ruling.kind]}"
    if ruling.was:
        said += f" (was: {md(ruling.was)})"
    if ruling.now:
        said += f" → {md(ruling.now)}"
    if ruling.changed:
        said += f": {md('; '.join(ruling.changed))}"
    return said + (f" — “{md(ruling.reason)}”" if ruling.reason else "")


RULED = {
    "pending": "not ruled on", "stale": "not ruled on", "accepted": "accepted",
    "edited": "accepted as the GM ruled it", "declined": "declined", "withdrawn": "withdrawn",
}  # fmt: skip


def asked(proposal: Asked) -> str:
    """What a player asked for, and what the GM made of it."""
    said = f"- {md(proposal.asked)} → {RULED.get(proposal.state, proposal.state)}"
    return said + (f" — “{md(proposal.reason)}”" if proposal.reason else "")


def left_standing(fight: FightRecap) -> str:
    sides = [
        f"{md(s.side)}: {', '.join(md(n) for n in s.names) or 'nobody'}" for s in fight.standing
    ]
    return "; ".join(sides) or "nobody"


def duration(seconds: float) -> str:
    """Real time in a chat's words: 45 s, 12 min, 1 h 05 min."""
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    minutes = round(whole / 60)
    return f"{minutes} min" if minutes < 60 else f"{minutes // 60} h {minutes % 60:02d} min"


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")
