"""Who may write to the card database through the API: staff only; everyone reads."""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request


class IsStaffOrReadOnly(BasePermission):
    """Anonymous and logged-in users read; only staff create, change or delete (as in the admin)."""

    message = "Only staff members may change the card database."

    def has_permission(self, request: Request, view: Any) -> bool:
        if request.method in SAFE_METHODS:
            return True
        return bool(request.user and request.user.is_authenticated and request.user.is_staff)
