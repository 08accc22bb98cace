"""Sheets in and out of Tableside: export a character (or a party) as JSON, import a
file into a new character, and read Foundry VTT actors.

The core here names no system: each system describes its file in
``sheets/systems/<system>/transfer.py`` (a ``Transfer``), named by its registry entry.
The format is documented in docs/export-format.md.
"""
