"""The card pages: the card browser and "My collection" (server-rendered, htmx)."""
