"""Analytics over stored logs: a read model in the store's own database, kept from the
notification log (`ingest/`), and the reports and rows read from it (`queries/`)."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from api.analytics.ingest.keeper import Keeper
    from api.analytics.ingest.model import Analytics
    from api.analytics.queries.reports import Filters, report

__all__ = ["Analytics", "Filters", "Keeper", "report"]
_HOMES = {
    "Analytics": "api.analytics.ingest.model",
    "Filters": "api.analytics.queries.reports",
    "Keeper": "api.analytics.ingest.keeper",
    "report": "api.analytics.queries.reports",
}


def __getattr__(name: str) -> Any:
    """The package's names, imported when first asked for: a worker process that folds
    tallies (fanout) imports none of the model, the reports or PostgreSQL's driver."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(_HOMES[name]), name)
