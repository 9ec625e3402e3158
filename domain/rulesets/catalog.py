"""One registry of what each ruleset tells the GM page (GET /rulesets), read from the ruleset."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from domain.rulesets import ruleset_for
from domain.rulesets.terms import Catalog, Named, title_of


def describe(system: str) -> dict[str, Any]:
    """A ruleset's title, description, options and stats as JSON Schema (with labels), and the
    names its controls offer: conditions, defenses (the default first, and those a creature's
    stats carry), saves, resources, the kinds of healing the rules tell apart, and how an area's
    damage spares a target (by a save or a missed attack roll; half or none)."""
    rules = ruleset_for(system)
    catalog: Catalog = rules.catalog
    return {
        "title": catalog.title,
        "description": catalog.description,
        "options": labelled(rules.options_model.model_json_schema(), catalog),
        "stats": titled(rules.stats_model.model_json_schema(), catalog.stats),
        "conditions": [asdict(c) for c in catalog.conditions],
        "defenses": [{"name": d.name, "title": d.title} for d in catalog.defenses],
        "saves": list(catalog.saves),
        "resources": [asdict(r) for r in catalog.resources],
        "healing": [{"name": h.name, "title": h.title} for h in catalog.healing],
        "stat_defenses": list(catalog.stat_defenses or (d.name for d in catalog.defenses)),
        "area": None if catalog.area is None else asdict(catalog.area),
    }


def labelled(schema: dict[str, Any], catalog: Catalog) -> dict[str, Any]:
    """Each option with a title, a description (the digest's A-number first) and, for a choice,
    `x-enum-labels` {value: label}; an option the catalog does not label keeps a readable one."""
    for name, field in schema.get("properties", {}).items():
        label = catalog.options.get(name)
        field["title"] = label.title if label else readable(name)
        described = field.get("description", "")
        if label and label.description and not described.startswith(label.description[:2]):
            field["description"] = f"{label.description} {described}".strip()
        values = field.get("enum")
        if values is not None:
            given = catalog.choices.get(name, {})
            field["x-enum-labels"] = {str(v): given.get(str(v), readable(str(v))) for v in values}
    return schema


def titled(schema: dict[str, Any], stats: tuple[Named, ...]) -> dict[str, Any]:
    """Each stat with the ruleset's title for it (else a readable one)."""
    titles = {s.name: s.title for s in stats}
    for name, field in schema.get("properties", {}).items():
        field["title"] = titles.get(name, readable(name))
    return schema


def readable(name: str) -> str:
    """`first_regular_turn` as "First regular turn", `flat_footed` as "Flat-footed"."""
    return title_of(name)
