"""The write side of the service: each encounter's tables kept hot, the group commit, the tokens,
the tables (game groups) and their keys and who opens what, the live hub and the relay of the
lines other workers append, and the errors its callers meet."""
