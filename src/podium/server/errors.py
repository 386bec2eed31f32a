"""REST errors: an HTTP status, a stable code and a message saying what was wrong and what is allowed."""

from __future__ import annotations


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers


def bad_request(message: str) -> ApiError:
    return ApiError(400, "bad_request", message)


def not_found(what: str) -> ApiError:
    return ApiError(404, "not_found", f"no {what}")
