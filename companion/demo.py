"""Demo content for a fresh install, built only through the services."""

from __future__ import annotations


def demo_data_create(*, user) -> str:
    """Create the demo content once; return a one-line summary."""
    return f"user {user.username}"
