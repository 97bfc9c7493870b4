"""Every write the web pages make goes through these modules, one idea each, in packages by
subject (docs/design.md, "Where things live"):

- `seating`: guests joining a night and the host letting them in (`joining`), seat draws and
  moves (`seating`), the same person across nights (`people`, `person_links`).
- `ledger`: chips bought and cashed out (`ledger`), its lines and money words, the night's
  totals and results, settling up, closing a night, chip requests from the phones, moving a
  guest to another device (`transfers`).
- `tournament`: a tournament's set-up, draw, clock, play at the tables, busts, rebuys, deals,
  money and results.
- `seasons`: nights grouped in a season, its clock, and the payments that settle it.
- `hosting`: host accounts, nights and tables (`hosting`), the host panel and its socket
  commands (`host_panel`), rulings (`host_rulings`), table settings, and the night's open log
  (`audit`, `change_words`, `hand_change_words`).
- `hands`: what is kept of the hands played (replays, seeds revealed when a night closes).
- `consequences`: what a change to a table means for the night, by event type, run by the
  write path (`tables.live`).

A refused request raises `tables.errors.ActionRefused` and changes nothing.
"""
