"""The API's routers, one per resource, in the order the OpenAPI document lists them."""

from api.http.routes import (
    analytics,
    branches,
    campaigns,
    claims,
    corrections,
    docs,
    encounters,
    imports,
    library,
    pages,
    preview,
    proposals,
    recap,
    stream,
    tables,
    tokens,
)

ROUTERS = (
    imports.fights,  # POST /encounters/import-fight, before /encounters/{encounter_id}
    encounters.router,
    corrections.router,
    tokens.router,
    proposals.router,
    claims.router,
    stream.router,
    analytics.router,
    preview.router,
    library.router,
    imports.router,
    branches.router,
    campaigns.router,
    recap.router,
    tables.router,
)

__all__ = ["ROUTERS", "docs", "pages"]
