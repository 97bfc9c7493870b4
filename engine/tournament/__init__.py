"""Tournament logic: blind structures, the clock, rebuys, standings, payouts, deals and seating."""
