"""Homegame's poker engine: pure Python, no Django, no I/O, deterministic.

Everything about poker lives here: cards, shuffling, evaluation, betting, pots,
the dealing procedure, rulings, what each viewer may see, and hand histories.
The Django app (`tables/`) stores and transports; it asks this package every
poker question.
"""
