"""api/http/middleware."""
