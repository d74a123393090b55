"""Schemathesis hooks for .ci/openapi (loaded through `hooks` in schemathesis.toml).

Only one thing here: a deeper recursion limit. On CPython 3.11, Hypothesis
describing a lambda deep inside a nested strategy runs `ast.parse` on a large
module with little recursion budget left, which fails with "SystemError: AST
constructor recursion depth mismatch" (cpython gh-106905) and shows up as a
schemathesis "Runtime Error" for an operation with nested request bodies. That
is a tooling failure, not a finding about the API, so give the parser room.
"""

import sys

sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))

# The limit alone does not always do (seen on the attendee-field create, whose body
# has `if`/`then` rules): the description of a lambda is only used for messages, so
# when the parser fails, describe it generically instead of failing the operation.
from hypothesis.internal import lambda_sources as _lambda_sources

_describe = _lambda_sources._lambda_description


def _lambda_description_or_generic(*args, **kwargs):
    try:
        return _describe(*args, **kwargs)
    except SystemError:
        return "lambda: <source not parsed>"


_lambda_sources._lambda_description = _lambda_description_or_generic


# An `Idempotency-Key` names one request: the same key with another request is
# refused (422) by design, and hypothesis draws the same short strings ("0", "00")
# for many requests. A generated key that is valid is therefore made unique per
# call, so positive requests stay positive; an invalid one (the negative tests of
# the header) is sent as generated.
import re
import uuid

import schemathesis

_KEY = re.compile(r"^[\t -~]*[!-~][\t -~]*$")


@schemathesis.hook
def before_call(context, case, kwargs):
    headers = case.headers
    if not headers:
        return
    for name in list(headers):
        value = headers[name]
        # A stateful link can fill a header from a response's integer (`account_id`
        # into `X-Account-Id`); on the wire every header is text, and requests refuses
        # anything else before sending ("Network Error" in the stateful phase).
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            headers[name] = value = str(value)
        if (
            name.lower() == "idempotency-key"
            and isinstance(value, str)
            and 1 <= len(value) <= 255
            and _KEY.match(value)
        ):
            headers[name] = f"st-{uuid.uuid4()}"

# The three check-in operations (POST, PATCH, DELETE .../check_in) take an optional
# body, and a blank one (only white space) means no body: the door. That is the API's
# documented choice (the request body's description says so; tests/check_in.rs
# `every_empty_body_means_the_door` holds it), not a schema-violating request
# accepted. Schemathesis's "invalid syntax: random bytes" negative bodies can be drawn
# as white space alone ("\n"); such a draw is sent with a byte that no JSON reader
# takes in front, so the negative test stays negative and is still checked.
_CHECK_IN = re.compile(r"/attendees/\{id\}/check_in$")


def _blank(body):
    if isinstance(body, (bytes, bytearray)):
        return len(body) > 0 and not bytes(body).strip()
    if isinstance(body, str):
        return len(body) > 0 and not body.strip()
    return False


@schemathesis.hook("before_call")
def blank_check_in_bodies_stay_negative(context, case, kwargs):
    if _CHECK_IN.search(case.operation.path) and _blank(case.body):
        body = case.body
        case.body = (b"\x00" + bytes(body)) if isinstance(body, (bytes, bytearray)) else "\x00" + body
