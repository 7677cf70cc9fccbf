"""The four games, one package each, on the protocol of :mod:`simulator.engine`."""
