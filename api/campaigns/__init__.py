"""Campaigns: each campaign's record (name, rules, party), its sessions and their fights in
order, the party's trend across sessions, the recaps, and a session replayed as one log."""
