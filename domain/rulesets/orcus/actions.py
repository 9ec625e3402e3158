"""The named actions of Orcus combat (004 "Actions in Combat" L1321-1439 and digest §5) as data.

The log records what actions did (attacks, damage, conditions), not their action types, so the
tracker does not check budgets; this list is for tools and readers. `kind` is the action type
the text gives: standard, move, swift, free, special (Coup de Grace) or none (Delay, Ready).
Besides "Actions in Combat": the swift and free actions of "Your Turn" (L1104-1114) and of
Powers, Skills and Equipment; mounts (L1564-1565) and vehicles (L2224, L2245, L2253-2290).
"""

from __future__ import annotations

from typing import NamedTuple


class Action(NamedTuple):
    """One named action: its type, what a tracker needs of it, and where the text says so."""

    name: str
    kind: str
    summary: str
    cite: str
    provokes: bool = False


ACTIONS: tuple[Action, ...] = (
    Action("Aid Another", "standard", "ally's check: DC 10 + ½ level; +2 success, −1 failure",
           "L1324-1325"),
    Action("Basic Melee Attack", "standard", "at-will weapon attack, Str vs AC; 1dW + Str "
           "(2dW from level 21)", "L1326-1333"),
    Action("Basic Ranged Attack", "standard", "at-will weapon attack, Dex vs AC (heavy thrown: "
           "Str); 1dW + Dex (2dW from level 21)", "L1334-1340", provokes=True),
    Action("Charge", "standard", "move 2+ squares, then basic melee attack or Shove at +1",
           "L1341-1343", provokes=True),
    Action("Coup de Grace", "special", "standard-action attack on a helpless adjacent foe: a "
           "hit is a critical; damage ≥ staggered value kills", "L1344-1346"),
    Action("Crawl", "move", "move half speed while prone", "L1347-1349", provokes=True),
    Action("Create Diversion", "standard", "encounter; Bluff vs passive Insight, then Stealth",
           "L1350-1355"),
    Action("Dash", "move", "speed + 2; until the end of your next turn grant combat advantage "
           "and −5 to attacks (A22: Run = Dash)", "L1356-1358", provokes=True),
    Action("Deter", "standard", "Intimidate vs Will; the target can't take an action of your "
           "choice until the end of its next turn", "L1359-1366"),
    Action("Feint", "standard", "encounter; Bluff vs passive Insight; combat advantage until the "
           "end of your next turn", "L1367-1372"),
    Action("Five-Foot Step", "move", "shift 1", "L1373-1374"),
    Action("Delay", "none", "act later at a count of your choice; the new count is permanent",
           "L1375-1381"),
    Action("Grapple", "standard", "Str vs Reflex; target grappled (A16)", "L1382-1389"),
    Action("Escape a Grapple", "standard", "Athletics vs Fortitude or Acrobatics vs Reflex",
           "L1390"),
    Action("Move a Grappled Creature", "standard", "Str vs Fortitude; drag at half speed",
           "L1391-1392", provokes=True),
    Action("Help Attack", "standard", "+2 to an ally's next attack vs the target; expires at the "
           "end of the helper's next turn", "L1393-1395"),
    Action("Help Defense", "standard", "+2 to an ally's defenses vs the target's next attack; "
           "expires at the end of the helper's next turn", "L1396-1398"),
    Action("Rally", "standard", "encounter; spend a recovery, heal the recovery value, +2 to all "
           "defenses until the start of your next turn (A17: second wind)", "L1399-1403"),
    Action("Ready", "none", "costs the standard action (A8); act just before the trigger; the "
           "new count is permanent", "L1404-1407"),
    Action("Shove", "standard", "Str vs Fortitude; push 1 and shift into the square",
           "L1408-1413"),
    Action("Stand Up from Prone", "move", "ends prone; shift 1 if the space is occupied",
           "L1414-1415"),
    Action("Squeeze", "move", "+1 cost per square; grant combat advantage, −5 to attacks",
           "L1416-1420", provokes=True),
    Action("Total Defense", "standard", "+2 to all defenses until the start of your next turn",
           "L1421-1423"),
    Action("Treat Ally", "standard", "adjacent ally: First Aid (Heal DC 15, stable), Additional "
           "Saving Throw (DC 15), Treat Wound (DC 10, Rally without the action)", "L1424-1428"),
    Action("Unnerve", "standard", "all staggered enemies: Intimidate vs Will + 10; surrender",
           "L1429-1435"),
    Action("Walk", "move", "move your speed", "L1438-1439", provokes=True),
    Action("Use a Power", "varies", "the power's own action type", "L1436-1437, L915-916"),
    Action("Interact with an Object", "swift", "open a door, draw or sheathe a weapon",
           "L1104-1107"),
    Action("Switch or End a Stance", "swift", "end one stance and begin another, or just end it; "
           "a helpless creature's stance ends", "L1019-1022"),
    Action("Dismiss an Aura", "swift", "otherwise it lasts five minutes", "L1008-1009"),
    Action("Dismiss a Summons", "swift", "otherwise it disappears after five minutes", "L1029"),
    Action("Reload", "swift", "a Loading (swift) weapon, after each attack with it; two hands",
           "L730-732"),
    Action("Notice", "swift", "an active Perception check, instead of the GM rolling against "
           "passive Perception", "L469-470"),
    Action("Identify Persistent Power", "swift", "Arcana vs DC 15 + ½ the power's level: a "
           "Conjuration, Summons or Zone power's name, tags and tradition", "L385"),
    Action("Communicate", "free", "brief utterances and gestures, on any turn", "L1110"),
    Action("Drop an Item", "free", "", "L1111"),
    Action("Drop Prone", "free", "", "L1112"),
    Action("End a Grapple", "free", "the grappler releases", "L1113"),
    Action("Spend an Action Point", "free", "once per encounter, not in a surprise round: one "
           "extra standard, move or swift action (elites 1, bosses 2; A15, A21)",
           "L1114, L1118-1120"),
    Action("Mount", "move", "mount an adjacent willing creature at least one size larger",
           "L1563-1565"),
    Action("Dismount", "move", "into an adjacent unoccupied space", "L1565"),
    Action("Drive", "move", "the vehicle moves up to its speed ahead; 0 squares stops it; with "
           "no Drive or Turn a moving vehicle careens", "L2219, L2254-2255"),
    Action("Turn", "move", "the vehicle moves up to half its speed and turns 45 or 90 degrees",
           "L2256-2257"),
    Action("Take Control", "move", "become the driver of a vehicle that has none", "L2258-2259"),
    Action("Disembark", "move", "to a square adjacent to the vehicle; not a shift", "L2245",
           provokes=True),
    Action("Escape a Vehicle", "move", "Acrobatics DC 15 (+5 strapped in; DC 20 for the "
           "driver); or an immediate counter as the vehicle begins to careen", "L2224"),
    Action("Ram", "standard", "drive up to speed; Dex or Int vs Fortitude; damage and daze or "
           "stun by relative size", "L2260-2284"),
    Action("Scrape Vehicles", "standard", "at-will; Dex vs Reflex against a mount or vehicle: "
           "1d6 + Dex + hardness", "L2285-2290"),
)  # fmt: skip
ACTION_TYPES = ("standard", "move", "swift", "free", "special", "none", "varies")


def action_named(name: str) -> Action | None:
    """The action of that name (case-insensitive), or None."""
    wanted = name.strip().lower()
    return next((a for a in ACTIONS if a.name.lower() == wanted), None)
