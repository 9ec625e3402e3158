"""Analytics over stored logs: a read model in the store's own database, and its reports."""

from api.analytics.model import Analytics, Keeper
from api.analytics.reports import Filters, report

__all__ = ["Analytics", "Filters", "Keeper", "report"]
