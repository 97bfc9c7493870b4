"""Nights grouped in a season: its standings, clock and the payments that settle it."""
