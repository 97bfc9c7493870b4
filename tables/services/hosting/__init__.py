"""The host's tools: nights and tables, the panel and its socket commands, rulings, table
settings, and the night's open log."""
