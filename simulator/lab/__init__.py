"""The deck lab (docs/lab.md)."""
