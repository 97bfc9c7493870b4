"""People at the tables: joining a night, seat draws and moves, the same person across nights."""
