"""The HTTP API: FastAPI routes, problem details, tokens."""
