"""A NUL character anywhere in a request is a 400, never a 500 (issue 20 must-fix 4;
eredan/middleware.py).

PostgreSQL text cannot hold a NUL: the audit found 500s from one in a Basic-auth user name, in
the session cookie, in ``?search=``, in the collection filters ``?slug=`` and ``?family=``, in a
CSV import (body or multipart). One middleware refuses them all, for every header, cookie, query
parameter and body; the fuzz tests at the end put NULs (and any other text) in random places of
random requests.
"""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eredan.middleware import CODE

pytestmark = pytest.mark.django_db

#: Anonymous GET endpoints of every app, and pages.
API_URLS = (
    "/api/",
    "/api/cards/",
    "/api/characters/",
    "/api/families/",
    "/api/guilds/",
    "/api/decks/",
    "/api/cards/katana-1/",
)
PAGE_URLS = ("/", "/cards/", "/accounts/login/")


@pytest.fixture
def alice(settings: Any) -> Any:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return get_user_model().objects.create_user("alice", password="alice-pw")


@pytest.fixture
def collection(alice: Any) -> Any:
    from cards.collection.services.collections import collection_create

    return collection_create(owner=alice, name="Mine")


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def assert_refused(response: Any, field: str | None = None) -> None:
    """400 with the error body of docs/api.md, code ``null_characters_not_allowed``."""
    assert response.status_code == 400, response.content[:300]
    body = json.loads(response.content)
    assert set(body) == {"errors"}
    (error,) = body["errors"]
    assert error["code"] == CODE
    assert isinstance(error["message"], str) and "NUL" in error["message"]
    if field is not None:
        assert error["field"] == field


def basic(username: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()


# --- the audit's cases ------------------------------------------------------------------------------


def test_basic_auth_user_name(alice):
    response = Client().get("/api/decks/", HTTP_AUTHORIZATION=basic("ali\x00ce", "alice-pw"))
    assert_refused(response, "headers.Authorization")


def test_basic_auth_password(alice):
    response = Client().get("/api/decks/", HTTP_AUTHORIZATION=basic("alice", "x\x00y"))
    assert_refused(response, "headers.Authorization")


def test_session_cookie_raw_and_escaped():
    assert_refused(Client().get("/api/decks/", HTTP_COOKIE="sessionid=abc\x00def"), "cookies.sessionid")
    # Django decodes a quoted cookie's octal escapes: "\000" is a NUL too.
    assert_refused(Client().get("/api/decks/", HTTP_COOKIE='sessionid="abc\\000def"'), "cookies.sessionid")


def test_search_query_parameter():
    assert_refused(Client().get("/api/cards/?search=kat%00ana"), "search")
    assert_refused(Client().get("/api/characters/", {"search": "\x00"}), "search")


@pytest.mark.parametrize("name", ["slug", "family", "kind"])
def test_collection_filters(alice, collection, name):
    response = signed_in(alice).get(f"/api/collections/{collection.pk}/copies/", {name: "katana\x00"})
    assert_refused(response, name)


def test_a_query_parameter_name():
    assert_refused(Client().get("/api/cards/?se%00arch=x"), "se\\u0000arch")


def test_csv_import_body(alice, collection):
    response = signed_in(alice).post(
        f"/api/collections/{collection.pk}/import/", "slug\nkatana\x00\n", content_type="text/csv"
    )
    assert_refused(response, None)


def test_csv_import_multipart_file(alice, collection):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("copies.csv", b"slug\nkat\x00ana\n", content_type="text/csv")
    response = signed_in(alice).post(f"/api/collections/{collection.pk}/import/", {"file": upload})
    assert_refused(response)


def test_a_base64_multipart_part(alice, collection):
    """A part Django decodes (Content-Transfer-Encoding: base64): the NUL is not in the raw bytes."""
    boundary = "BoUnDaRy"
    encoded = base64.b64encode(b"slug\nkat\x00ana\n").decode()
    body = (
        f"--{boundary}\r\n"
        'Content-Disposition: form-data; name="csv"\r\n'
        "Content-Transfer-Encoding: base64\r\n\r\n"
        f"{encoded}\r\n"
        f"--{boundary}--\r\n"
    )
    response = signed_in(alice).post(
        f"/api/collections/{collection.pk}/import/",
        body,
        content_type=f"multipart/form-data; boundary={boundary}",
    )
    assert_refused(response, "csv")


def test_a_form_body(alice, collection):
    response = signed_in(alice).post(
        f"/api/collections/{collection.pk}/import/",
        "csv=slug%0Akat%00ana",
        content_type="application/x-www-form-urlencoded",
    )
    assert_refused(response, "csv")


@pytest.mark.parametrize(
    "header", ["HTTP_USER_AGENT", "HTTP_ACCEPT_LANGUAGE", "HTTP_X_ANYTHING", "HTTP_ACCEPT"]
)
def test_any_header(header):
    name = "-".join(part.capitalize() for part in header.removeprefix("HTTP_").split("_"))
    assert_refused(Client().get("/api/cards/", **{header: "a\x00b"}), f"headers.{name}")


def test_the_path():
    assert_refused(Client().get("/api/cards/kat%00ana/"), None)


def test_pages_answer_their_400_page(alice):
    """Outside /api/ the answer is Django's 400 page (as for any malformed request)."""
    assert Client().get("/cards/?search=%00").status_code == 400
    response = Client().post("/accounts/login/", {"username": "ali\x00ce", "password": "x"})
    assert response.status_code == 400
    assert Client().get("/", HTTP_COOKIE="sessionid=\x00").status_code == 400
    from axes.models import AccessAttempt

    assert not AccessAttempt.objects.exists()  # refused before the login lockout counted it


def test_requests_without_nul_pass(alice, collection):
    client = signed_in(alice)
    assert client.get("/api/cards/?search=katana").status_code == 200
    assert client.get(f"/api/collections/{collection.pk}/copies/?slug=katana").status_code == 200
    response = Client().get("/api/decks/", HTTP_AUTHORIZATION=basic("alice", "alice-pw"))
    assert response.status_code == 200


# --- fuzzing: headers, cookies and query strings ------------------------------------------------------

#: Header and cookie names as clients send them (and a few made up).
HEADERS = ("User-Agent", "Accept", "Accept-Language", "Referer", "X-Requested-With", "X-Forwarded-For",
           "If-None-Match", "Origin", "X-CSRFToken", "HX-Request", "X-Fuzz")  # fmt: skip
COOKIES = ("sessionid", "csrftoken", "lang", "fuzz")
QUERY = ("search", "page", "page_size", "ordering", "guild", "level", "slug", "family", "format", "x")

#: Text as a header can carry it (WSGI headers are latin-1) and as query strings and cookies can.
header_text = st.text(
    st.characters(min_codepoint=0, max_codepoint=255, exclude_characters="\r\n"), max_size=20
)
any_text = st.text(st.characters(exclude_categories=["Cs"]), max_size=20)


def with_nul(text: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.tuples(text, text).map(lambda parts: parts[0] + "\x00" + parts[1])


def meta_key(header: str) -> str:
    return "HTTP_" + header.upper().replace("-", "_")


def cookie_header(name: str, value: str) -> str:
    from http.cookies import SimpleCookie

    jar: SimpleCookie = SimpleCookie()
    jar[name] = value
    return jar.output(header="", sep="; ").strip()


@st.composite
def requests(draw: st.DrawFn, nul: bool) -> tuple[str, str, dict[str, Any], str]:
    """A GET: a URL, a query, and one place (header, cookie, query) holding the drawn text."""
    url = draw(st.sampled_from(API_URLS + PAGE_URLS))
    place = draw(st.sampled_from(["header", "cookie", "query name", "query value", "basic"]))
    base = header_text if place in ("header", "cookie") else any_text
    text = draw(with_nul(base) if nul else base)
    extra: dict[str, Any] = {}
    query: dict[str, str] = {}
    if place == "header":
        extra[meta_key(draw(st.sampled_from(HEADERS)))] = text
    elif place == "cookie":
        extra["HTTP_COOKIE"] = cookie_header(draw(st.sampled_from(COOKIES)), text)
    elif place == "query name":
        query[text] = "1"
    elif place == "query value":
        query[draw(st.sampled_from(QUERY))] = text
    else:
        extra["HTTP_AUTHORIZATION"] = basic(text, "pw")
    return url, place, {**extra, "data": query}, text


FUZZ = settings(max_examples=150, derandomize=True, database=None, deadline=None,
                suppress_health_check=list(HealthCheck))  # fmt: skip


@FUZZ
@given(request=requests(nul=True))
def test_fuzz_a_nul_anywhere_is_a_400(request):
    url, place, kwargs, _text = request
    response = Client().get(url, **kwargs)
    assert response.status_code == 400, (url, place, kwargs)
    if url.startswith("/api/"):
        assert_refused(response)


@FUZZ
@given(request=requests(nul=False))
def test_fuzz_any_other_text_is_never_a_server_error(request):
    url, place, kwargs, _text = request
    response = Client(raise_request_exception=False).get(url, **kwargs)
    assert response.status_code < 500, (url, place, kwargs, response.content[:300])
    if url.startswith("/api/") and 400 <= response.status_code < 500:
        body = json.loads(response.content)
        assert body["errors"] and all("code" in e for e in body["errors"])
