"""The deck builder pages (server-rendered, htmx)."""
