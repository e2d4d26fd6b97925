"""LAN transport (PROTOCOL.md, docs/protocol.md): framing, host server, client and discovery. Knows no rules.

Public modules (everything `_`-prefixed is private):

- `net.hosted`: `HostedTable`, the small protocol a table implements to be
  served, `Refused`, `TableListener`, and token helpers (`new_token`,
  `hash_token`).
- `net.host`: `Host` serves one table over TCP; `HostConfig` holds limits.
- `net.client`: `Client` connects to a host, with keep-alive and token
  reconnects, and `NetError` subclasses: an English sentence, plus a `kind`
  and `params` an app can tell in its own language.
- `DEFAULT_PORT` (here): the port a host listens on unless told otherwise.
- `net.discovery`: `Advertiser` and `Browser` (zeroconf / DNS-SD), never on
  the critical path of starting or stopping.
"""

from ._messages import DEFAULT_PORT

__all__ = ["DEFAULT_PORT"]
