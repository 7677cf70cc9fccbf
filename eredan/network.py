"""Who is calling: the client's address, as the throttles and the login lockout count it.

``X-Forwarded-For`` is a header any client can write. It is read only when the deployment says a
proxy writes it (settings ``NUM_PROXIES``, ``TRUSTED_PROXIES``, from the environment; both empty
by default, so by default the address is the TCP peer's, ``REMOTE_ADDR``, and a spoofed header
changes nothing):

* ``TRUSTED_PROXIES`` (addresses or networks, ``10.0.0.0/8,192.0.2.7``): the header is read only
  when the peer is one of them; walking it from the right, trusted proxies are skipped and the
  first other address is the client. The safe choice: a client that reaches the application
  directly, around the proxy, cannot claim an address.
* ``NUM_PROXIES = N`` (without ``TRUSTED_PROXIES``): exactly N proxies stand in front, each
  appending the address it saw; the client is the N-th address from the right (as Django REST
  framework counts it). Only right if nothing can reach the application but through them.

An address that does not parse is never used (the peer's is). An IPv6 client is counted by its
``/64`` network (``THROTTLE_IPV6_PREFIX``): one host gets a whole /64 and could otherwise rotate
through it.
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache
from typing import Any

from django.conf import settings

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network


def _parse(value: str | None) -> IPAddress | None:
    if not value:
        return None
    try:
        address = ipaddress.ip_address(value.strip())
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped  # ::ffff:192.0.2.1 is 192.0.2.1
    return address


@lru_cache(maxsize=8)
def _networks(entries: tuple[str, ...]) -> tuple[IPNetwork, ...]:
    """The trusted proxies as networks (a bad entry is a configuration error: raised)."""
    return tuple(ipaddress.ip_network(entry.strip(), strict=False) for entry in entries if entry.strip())


def _trusted(address: IPAddress, networks: tuple[IPNetwork, ...]) -> bool:
    return any(address.version == net.version and address in net for net in networks)


def _client(meta: Any) -> IPAddress | None:
    peer = _parse(meta.get("REMOTE_ADDR"))
    networks = _networks(tuple(getattr(settings, "TRUSTED_PROXIES", ())))
    count = int(getattr(settings, "NUM_PROXIES", 0) or 0)
    if not networks and count <= 0:
        return peer
    header = str(meta.get("HTTP_X_FORWARDED_FOR", ""))
    forwarded = [part.strip() for part in header.split(",") if part.strip()]
    if not forwarded:
        return peer
    if networks:
        if peer is None or not _trusted(peer, networks):
            return peer  # not from a proxy of ours: the header is the client's own claim
        for entry in reversed(forwarded):
            address = _parse(entry)
            if address is None:
                return peer
            if not _trusted(address, networks):
                return address
        return _parse(forwarded[0]) or peer  # every hop is a proxy of ours: the first one
    return _parse(forwarded[-min(count, len(forwarded))]) or peer


def client_address(request: Any) -> str | None:
    """The client's address (see the module docstring), or None if the request has none."""
    address = _client(request.META)
    return str(address) if address is not None else None


def client_ident(request: Any) -> str | None:
    """What one client is counted as: its address, or its IPv6 address's /64 network."""
    address = _client(request.META)
    if address is None:
        return None
    if isinstance(address, ipaddress.IPv6Address):
        prefix = int(getattr(settings, "THROTTLE_IPV6_PREFIX", 64))
        return str(ipaddress.IPv6Network((address, prefix), strict=False).network_address)
    return str(address)
