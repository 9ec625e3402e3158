"""The analytics read model kept from the notification log: its tables, the catch-up a page at
a time, the tallies (folded in worker processes for a big catch-up) and the keeper."""
