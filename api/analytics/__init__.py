"""Analytics over stored logs: a read model in the store's own database, and its reports."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from api.analytics.keeper import Keeper
    from api.analytics.model import Analytics
    from api.analytics.reports import Filters, report

__all__ = ["Analytics", "Filters", "Keeper", "report"]
_HOMES = {
    "Analytics": "api.analytics.model",
    "Filters": "api.analytics.reports",
    "Keeper": "api.analytics.keeper",
    "report": "api.analytics.reports",
}


def __getattr__(name: str) -> Any:
    """The package's names, imported when first asked for: a worker process that folds
    tallies (fanout) imports none of the model, the reports or PostgreSQL's driver."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(_HOMES[name]), name)
