"""The simulation pages: start a job, follow its progress, read its results (server-rendered, htmx)."""
