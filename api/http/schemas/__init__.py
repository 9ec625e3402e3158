"""api/http/schemas/encounters."""
