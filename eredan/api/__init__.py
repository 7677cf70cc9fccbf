"""Shared API plumbing: the one error format, pagination, schema helpers."""
