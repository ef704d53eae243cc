"""The host names the console answers to (CONTRACTBOX_ALLOWED_HOSTS), against DNS rebinding.

A rebinding attack needs a name (an attacker's domain that resolves to this machine), never an
IP address, so IP literals are always allowed; so are `localhost` names and this machine's own
names. Anything else must be listed; `*` turns the check off."""

from __future__ import annotations

import ipaddress
import socket


class AllowedHosts:
    def __init__(self, configured: str) -> None:
        names = {n.strip().lower().rstrip(".") for n in configured.split(",") if n.strip()}
        self.any = "*" in names
        self.names = frozenset(names | machine_names())

    def permits(self, name: str) -> bool:
        if self.any or name in self.names or name == "localhost" or name.endswith(".localhost"):
            return True
        try:
            ipaddress.ip_address(name.split("%", 1)[0])
        except ValueError:
            return False
        return True


def machine_names() -> set[str]:
    names = set()
    for lookup in (socket.gethostname, socket.getfqdn):
        try:
            names.add(lookup().lower().rstrip("."))
        except OSError:
            continue
    return {n for n in names if n}
