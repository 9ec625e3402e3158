"""The write side of the service: the hot tables, the group commit, and the relay of the
lines other workers append."""
