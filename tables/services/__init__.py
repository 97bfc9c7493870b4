"""Every write the web pages make goes through these modules, one idea each.

- `hosting`: host accounts, nights and tables.
- `joining`: guests joining a night, the host approving, rejecting or removing them.
- `transfers`: moving a guest identity to another device with a one-time link.
- `seating`: random seat draws and moving players between seats.

A refused request raises `tables.errors.ActionRefused` and changes nothing.
"""
