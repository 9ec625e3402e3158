"""The HTTP API: the FastAPI app, its routes and schemas, its middleware, its typed dependencies
and problem details."""
