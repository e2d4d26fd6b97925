"""LAN transport (PROTOCOL.md): framing, host server, client and discovery. Knows no rules."""
