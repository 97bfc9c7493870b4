"""Chips and money: buy-ins and cash-outs, the night's totals and results, settling up and
closing a night, chip requests from the phones, moving a guest to another device."""
