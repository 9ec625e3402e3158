"""Analytics over stored logs: a read model in the store's own database, and its reports."""

from api.analytics.keeper import Keeper
from api.analytics.model import Analytics
from api.analytics.reports import Filters, report

__all__ = ["Analytics", "Filters", "Keeper", "report"]
