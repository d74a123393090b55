#!/usr/bin/env python3
"""Walks the API through the Python client generated from its own OpenAPI document.

Part of .ci/openapi (issue 18). The client comes from `openapi-python-client
generate` on the served document and is installed into the venv; this script
finds its package, takes a token with authlib (client-credentials grant at
/oauth/token) and drives a door-day through the generated functions only:

  page through the attendees of event 1, create attendee fields of several
  types, create an attendee answering them, update it, check in, check out,
  undo, read the history and the stats, download qr.png, import a CSV, read
  /kiosk/sync, and get documented errors back as typed error bodies.

The client is built with raise_on_unexpected_status=True, so an answer whose
status the document does not describe (or describes in a way the generator
dropped) fails the step. Every parsed record is checked for members that the
document does not declare, and the models of the spec's records for members the
spec says are always there but the document leaves optional.

Generated functions are found by their HTTP method and path (read from each
module's request builder), not by name, so the walk does not depend on the
operationIds the document chooses. A documented operation with no generated
function, or with two, is a finding of its own.

Every step runs even when an earlier one failed (a step that needs an attendee
falls back to a demo attendee), so one run lists every problem. Exits 1 when
any step failed.

Environment:
  ENTRADA_BASE            http://HOST:PORT of a server started with --demo
  ENTRADA_CLIENT_ID       a client with the scopes `read write check_in`
  ENTRADA_CLIENT_SECRET
  OPENAPI_DOCUMENT        the document the client was generated from (JSON)
  OPENAPI_CLIENT_DIR      the generator's output directory
"""

from __future__ import annotations

import enum
import importlib
import inspect
import io
import json
import os
import pkgutil
import re
import sys
import traceback
import typing
import uuid
from pathlib import Path
from urllib.parse import urljoin

import attrs
from authlib.integrations.requests_client import OAuth2Session

EVENT_ID = 1
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")

# Members the spec (attendee-api-v2.md) says every response record carries.
SPEC_REQUIRED = {
    "Attendee": [
        "id", "first_name", "last_name", "email", "job_title", "rsvp_status",
        "checkin_status", "qr_code", "created_at", "phone", "company",
        "registration_type_id", "event_id", "fields",
    ],
    "AttendeeField": ["id", "label", "required", "position", "name", "type", "options"],
    "AttendeeFieldValue": ["field", "value"],
    "PaginationMetadata": ["page", "per_page", "total_count", "total_pages"],
}


class StepFailed(Exception):
    pass


class Blocked(Exception):
    pass


def val(x):
    """The plain value of an enum member, or the value itself."""
    return x.value if isinstance(x, enum.Enum) else x


def short(data, limit=400):
    if isinstance(data, (bytes, bytearray)):
        data = data.decode("utf-8", "replace")
    data = str(data)
    return data if len(data) <= limit else data[:limit] + "..."


class Walk:
    def __init__(self):
        self.base = os.environ["ENTRADA_BASE"].rstrip("/")
        self.client_id = os.environ["ENTRADA_CLIENT_ID"]
        self.client_secret = os.environ["ENTRADA_CLIENT_SECRET"]
        self.doc = json.loads(Path(os.environ["OPENAPI_DOCUMENT"]).read_text())
        self.client_dir = Path(os.environ["OPENAPI_CLIENT_DIR"])
        self.results: list[tuple[str, str, str]] = []
        self.pkg = None
        self.ops: dict[tuple[str, str], list] = {}
        self.api = None
        self.anonymous = None
        self.fields: dict[str, dict] = {}
        self.attendee_id = None
        self.demo_attendee_id = None
        self.required_gaps: dict[str, list[str]] = {}
        self.inline_copies: dict[str, set[str]] = {}

    # ---------------------------------------------------------------- plumbing

    def step(self, name, fn):
        try:
            detail = fn() or ""
            self.results.append((name, "PASS", detail))
            print(f"ok    {name}" + (f": {detail}" if detail else ""), flush=True)
        except Blocked as exc:
            self.results.append((name, "BLOCKED", str(exc)))
            print(f"BLOCK {name}: {exc}", flush=True)
        except StepFailed as exc:
            self.results.append((name, "FAIL", str(exc)))
            print(f"FAIL  {name}:\n{indent(str(exc))}", flush=True)
        except Exception as exc:  # a crash in the generated code is a finding too
            msg = describe(exc)
            self.results.append((name, "FAIL", msg))
            print(f"FAIL  {name}:\n{indent(msg)}", flush=True)

    def op(self, method, path):
        mods = self.ops.get((method.upper(), path))
        if not mods:
            raise StepFailed(f"no generated function for {method.upper()} {path}")
        if len(mods) > 1:
            names = ", ".join(m.__name__.rsplit(".", 2)[-2] + "." + m.__name__.rsplit(".", 1)[-1] for m in mods)
            raise StepFailed(f"{len(mods)} generated functions for {method.upper()} {path}: {names}")
        return mods[0]

    def body(self, mod, value):
        """Turns a plain value into what the generated function's `body` takes."""
        hints = typing.get_type_hints(mod._get_kwargs)
        if "body" not in hints:
            raise StepFailed(f"{mod.__name__}: the generated function takes no body")
        kinds = typing.get_args(hints["body"]) or (hints["body"],)
        types_mod = importlib.import_module(self.pkg + ".types")
        for kind in kinds:
            if kind is types_mod.File:
                data = value.encode() if isinstance(value, str) else value
                return types_mod.File(payload=io.BytesIO(data), file_name="attendees.csv", mime_type="text/csv")
            if inspect.isclass(kind) and hasattr(kind, "from_dict"):
                if isinstance(value, (str, bytes)):
                    # A multipart body: the model's one file member takes the file.
                    try:
                        hints_of = typing.get_type_hints(kind)
                    except Exception:
                        continue
                    files = [n for n, t in hints_of.items() if types_mod.File in (typing.get_args(t) or (t,))]
                    if len(files) != 1:
                        continue
                    data = value.encode() if isinstance(value, str) else value
                    return kind(**{files[0]: types_mod.File(
                        payload=io.BytesIO(data), file_name="attendees.csv", mime_type="text/csv"
                    )})
                return kind.from_dict(value)
            if kind in (str, bytes) and isinstance(value, kind):
                return value
        raise StepFailed(f"{mod.__name__}: cannot pass {type(value).__name__} as body of type {hints['body']}")

    def call(self, method, path, expect, *, client=None, body=None, **params):
        mod = self.op(method, path)
        kwargs = dict(params)
        if body is not None:
            kwargs["body"] = self.body(mod, body)
        resp = mod.sync_detailed(client=client or self.api, **kwargs)
        status = int(resp.status_code)
        if status != expect:
            raise StepFailed(f"{method.upper()} {path} {params}: expected {expect}, got {status}: {short(resp.content)}")
        if resp.parsed is None and expect != 204 and resp.content:
            raise StepFailed(f"{method.upper()} {path}: {status} but the generated client parsed nothing")
        self.strict(resp.parsed, f"{method.upper()} {path} -> {status}")
        return resp

    def strict(self, obj, where, seen=None):
        """Fails on members of a record that the document does not declare."""
        if obj is None or isinstance(obj, (str, int, float, bool, bytes)):
            return
        if isinstance(obj, list):
            for x in obj:
                self.strict(x, where)
            return
        if isinstance(obj, dict):
            for x in obj.values():
                self.strict(x, where)
            return
        if attrs.has(type(obj)):
            names = [f.name for f in attrs.fields(type(obj)) if f.name != "additional_properties"]
            extra = getattr(obj, "additional_properties", None)
            if names and extra:
                raise StepFailed(
                    f"{where}: the answer has members the document does not declare in "
                    f"{type(obj).__name__}: {sorted(extra)}"
                )
            for name in names:
                self.strict(getattr(obj, name), where)

    def check_required(self, spec_name, obj):
        """Notes spec-required members that the generated model leaves optional,
        and records that come as a copy of the schema rather than the schema."""
        if obj is None or not attrs.has(type(obj)):
            return
        cls = type(obj)
        if cls.__name__ != spec_name:
            self.inline_copies.setdefault(spec_name, set()).add(cls.__name__)
        fields = {f.name: f for f in attrs.fields(cls)}
        optional, missing = [], []
        for member in SPEC_REQUIRED[spec_name]:
            # The generator renames members that clash with Python names (`type` -> `type_`).
            f = fields.get(member) or fields.get(member + "_")
            if f is None:
                missing.append(member)
            elif f.default is not attrs.NOTHING:
                optional.append(member)
        gaps = []
        if optional:
            gaps.append(f"optional in the document: {optional}")
        if missing:
            gaps.append(f"not in the document: {missing}")
        if gaps:
            self.required_gaps[f"{spec_name} (generated as {cls.__name__})"] = gaps

    # ------------------------------------------------------------------- steps

    def load_client(self):
        pkgs = [p.parent.name for p in self.client_dir.glob("*/client.py") if (p.parent / "api").is_dir()]
        if len(pkgs) != 1:
            raise StepFailed(f"expected one generated package in {self.client_dir}, found {pkgs}")
        self.pkg = pkgs[0]
        mod = importlib.import_module(self.pkg)
        installed = Path(mod.__file__).resolve()
        if self.client_dir.resolve() in installed.parents:
            raise StepFailed(f"{self.pkg} is imported from the output directory, not from the venv")
        api = importlib.import_module(self.pkg + ".api")
        for info in pkgutil.walk_packages(api.__path__, api.__name__ + "."):
            if info.ispkg:
                continue
            m = importlib.import_module(info.name)
            if not hasattr(m, "_get_kwargs") or not hasattr(m, "sync_detailed"):
                continue
            src = inspect.getsource(m._get_kwargs)
            method = re.search(r'"method":\s*"(\w+)"', src)
            url = re.search(r'"url":\s*f?"([^"]+)"', src)
            if not method or not url:
                raise StepFailed(f"{info.name}: cannot read the method and path of the request")
            self.ops.setdefault((method.group(1).upper(), url.group(1)), []).append(m)
        return f"package {self.pkg} from the venv, {sum(len(v) for v in self.ops.values())} generated functions"

    def every_operation_generated(self):
        problems = []
        documented = set()
        own_servers: dict[str, list[str]] = {}
        for path, item in self.doc.get("paths", {}).items():
            for method in METHODS:
                if method in item:
                    documented.add((method.upper(), path))
                    found = self.ops.get((method.upper(), path), [])
                    op_id = item[method].get("operationId")
                    servers = item[method].get("servers") or item.get("servers")
                    if found and servers:
                        own_servers.setdefault(str([x.get("url") for x in servers]), []).append(f"{method.upper()} {path}")
                    if not found:
                        problems.append(f"{method.upper()} {path} (operationId {op_id!r}): not generated")
                    elif len(found) > 1:
                        problems.append(f"{method.upper()} {path}: {len(found)} generated functions")
        for urls, ops in own_servers.items():
            problems.append(
                f"{len(ops)} operations have their own `servers` {urls}, which the generated client ignores "
                f"(it sends them under the document's server): {', '.join(ops)}"
            )
        for key in sorted(set(self.ops) - documented):
            problems.append(f"{key[0]} {key[1]}: generated but not in the document")
        if problems:
            raise StepFailed("\n".join(problems))
        return f"all {len(documented)} documented operations, one function each"

    def token(self):
        if self.pkg is None:
            raise Blocked("no generated client")
        token_url = self.base + "/oauth/token"
        with OAuth2Session(
            client_id=self.client_id,
            client_secret=self.client_secret,
            scope="read write check_in",
            token_endpoint=token_url,
        ) as oauth:
            tok = oauth.fetch_token(token_url, grant_type="client_credentials")
        granted = set(str(tok.get("scope", "")).split())
        if not {"read", "write", "check_in"} <= granted:
            raise StepFailed(f"token scopes {sorted(granted)}, wanted read write check_in")
        servers = self.doc.get("servers") or [{"url": "/"}]
        doc_url = self.base + "/api/v2/openapi"
        api_base = urljoin(doc_url, servers[0]["url"]).rstrip("/")
        client_mod = importlib.import_module(self.pkg + ".client")
        self.api = client_mod.AuthenticatedClient(
            base_url=api_base,
            token=tok["access_token"],
            raise_on_unexpected_status=True,
        )
        self.anonymous = client_mod.Client(base_url=api_base, raise_on_unexpected_status=True)
        return f"{tok.get('token_type')} token, scopes {' '.join(sorted(granted))}, API at {api_base}"

    def need_api(self):
        if self.api is None:
            raise Blocked("no token")

    def list_attendees(self):
        self.need_api()
        page, seen, total, pages = 1, [], None, None
        while True:
            resp = self.call("GET", "/events/{event_id}/attendees", 200, event_id=EVENT_ID, page=page, per_page=100)
            body = resp.parsed
            meta = body.metadata
            self.check_required("PaginationMetadata", meta)
            if total is None:
                total, pages = meta.total_count, meta.total_pages
            if (meta.page, meta.per_page) != (page, 100):
                raise StepFailed(f"page {page}: metadata says page {meta.page}, per_page {meta.per_page}")
            for a in body.items:
                self.check_required("Attendee", a)
                for fv in a.fields:
                    self.check_required("AttendeeFieldValue", fv)
                    self.check_required("AttendeeField", fv.field)
                seen.append(a.id)
                if (
                    self.demo_attendee_id is None
                    and val(a.rsvp_status) == "confirmed"
                    and val(a.checkin_status) == "not_checked_in"
                ):
                    self.demo_attendee_id = a.id
            if page >= pages or not body.items:
                break
            page += 1
        if len(seen) != total or len(set(seen)) != len(seen):
            raise StepFailed(f"{len(seen)} attendees ({len(set(seen))} distinct) over {page} pages, total_count {total}")
        if page != pages:
            raise StepFailed(f"read {page} pages, total_pages {pages}")
        return f"{total} attendees in {pages} pages"

    def create_fields(self):
        self.need_api()
        existing = self.call("GET", "/events/{event_id}/attendee_fields", 200, event_id=EVENT_ID).parsed
        for f in existing.items:
            self.check_required("AttendeeField", f)
            self.fields.setdefault("_existing", {})[f.id] = f.to_dict()
        tag = uuid.uuid4().hex[:6]
        wanted = [
            ("short_text", {"label": f"Walk nickname {tag}", "type": "short_text"}),
            ("number", {"label": f"Walk age {tag}", "type": "number"}),
            ("checkbox", {"label": f"Walk tracks {tag}", "type": "checkbox", "options": ["Web", "Data", "Games"]}),
            ("dropdown", {"label": f"Walk size {tag}", "type": "dropdown", "options": ["S", "M", "L"], "required": True}),
            ("date", {"label": f"Walk arrival {tag}", "type": "date"}),
            ("consent", {"label": f"Walk photos {tag}", "type": "consent"}),
        ]
        made = []
        for key, item in wanted:
            resp = self.call("POST", "/events/{event_id}/attendee_fields", 201, event_id=EVENT_ID, body={"item": item})
            f = resp.parsed.item
            self.check_required("AttendeeField", f)
            got = f.to_dict()
            if got.get("label") != item["label"] or got.get("type") != item["type"]:
                raise StepFailed(f"created field {got} is not {item}")
            if list(got.get("options") or []) != item.get("options", []):
                raise StepFailed(f"created field options {got.get('options')!r}, sent {item.get('options', [])!r}")
            self.fields[key] = got
            made.append(f"{item['type']}#{got['id']}")
        return "created " + ", ".join(made)

    def answers_for_required(self):
        """Answers for the event's other required fields, so a create is valid."""
        out = []
        for fid, f in self.fields.get("_existing", {}).items():
            if not f.get("required"):
                continue
            opts = f.get("options") or []
            kind = f.get("type")
            if kind == "checkbox":
                value = [opts[0]] if opts else True
            elif opts:
                value = opts[0]
            elif kind in ("consent", "term_and_consent"):
                value = True
            elif kind == "number":
                value = 1
            elif kind in ("date", "date_of_birth"):
                value = "2026-01-01"
            elif kind in ("country", "nationality"):
                value = "NO"
            else:
                value = "walk"
            out.append({"attendee_field_id": fid, "value": value})
        return out

    def create_attendee(self):
        self.need_api()
        if "dropdown" not in self.fields:
            raise Blocked("the fields were not created")
        answers = {
            "short_text": "Ada",
            "number": 36,
            "checkbox": ["Web", "Games"],
            "dropdown": "M",
            "date": "2026-09-15",
            "consent": True,
        }
        sent = [{"attendee_field_id": self.fields[k]["id"], "value": v} for k, v in answers.items()]
        item = {
            "first_name": "Ada",
            "last_name": "Lovelace",
            "email": f"ada.{uuid.uuid4().hex[:8]}@walk.example",
            "phone": "+47 22 12 34 56",
            "job_title": "Analyst",
            "company": "Analytical Engines",
            "fields": sent + self.answers_for_required(),
        }
        resp = self.call("POST", "/events/{event_id}/attendees", 201, event_id=EVENT_ID, body={"item": item})
        a = resp.parsed.item
        self.check_required("Attendee", a)
        self.attendee_id = a.id
        got = {fv.field.id: fv.to_dict()["value"] for fv in a.fields}
        wrong = {
            k: (v, got.get(self.fields[k]["id"]))
            for k, v in answers.items()
            if got.get(self.fields[k]["id"]) != v
        }
        if wrong:
            raise StepFailed(f"answers that did not come back as sent (sent, got): {wrong}")
        if (a.first_name, a.last_name, a.phone, val(a.checkin_status)) != (
            "Ada", "Lovelace", "+4722123456", "not_checked_in"
        ):
            raise StepFailed(f"created attendee is {a.to_dict()}")
        return f"attendee {a.id} with {len(answers)} answers of {len(answers)} field types"

    def update_attendee(self):
        self.need_api()
        if self.attendee_id is None:
            raise Blocked("no attendee was created")
        item = {
            "job_title": "Lead Analyst",
            "company": None,
            "rsvp_status": "confirmed",
            "fields": [{"attendee_field_id": self.fields["number"]["id"], "value": 37}],
        }
        resp = self.call(
            "PATCH", "/events/{event_id}/attendees/{id}", 200, event_id=EVENT_ID, id=self.attendee_id, body={"item": item}
        )
        a = resp.parsed.item
        if a.job_title != "Lead Analyst" or a.company is not None or val(a.rsvp_status) != "confirmed":
            raise StepFailed(f"updated attendee is {a.to_dict()}")
        again = self.call("GET", "/events/{event_id}/attendees/{id}", 200, event_id=EVENT_ID, id=self.attendee_id)
        got = {fv.field.id: fv.to_dict()["value"] for fv in again.parsed.item.fields}
        if got.get(self.fields["number"]["id"]) != 37 or got.get(self.fields["short_text"]["id"]) != "Ada":
            raise StepFailed(f"answers after the update: {got}")
        return f"attendee {self.attendee_id}: job_title, company (null), rsvp_status and one answer"

    def subject(self):
        self.need_api()
        if self.attendee_id is not None:
            return self.attendee_id
        if self.demo_attendee_id is not None:
            return self.demo_attendee_id
        raise Blocked("no attendee to check in")

    def check_in_out_undo(self):
        who = self.subject()
        path = "/events/{event_id}/attendees/{id}/check_in"
        states, problems = [], []

        def op(method, body):
            try:
                return self.call(method, path, 200, event_id=EVENT_ID, id=who, body=body).parsed.item
            except Exception as exc:
                if body is not None:
                    raise
                # The body is optional; note the problem and go on with `{"item": {}}`.
                problems.append(f"{method} with no body (the door): {describe(exc)}")
                return self.call(method, path, 200, event_id=EVENT_ID, id=who, body={"item": {}}).parsed.item

        # POST with no body: the door.
        states.append(val(op("POST", None).checkin_status))
        # PATCH with a body naming no session: the door too.
        states.append(val(op("PATCH", {"item": {"session_id": None}}).checkin_status))
        # DELETE with no body: undo.
        states.append(val(op("DELETE", None).checkin_status))
        if states != ["checked_in", "checked_out", "not_checked_in"]:
            problems.append(f"states after check in, check out, undo: {states}")
        if problems:
            raise StepFailed("\n".join(problems))
        return f"attendee {who}: " + " -> ".join(states)

    def refused_is_documented(self):
        who = self.subject()
        path = "/events/{event_id}/attendees/{id}/check_in"
        # Not checked in, so nothing to check out.
        resp = self.call("PATCH", path, 422, event_id=EVENT_ID, id=who, body={"item": {}})
        errs = getattr(resp.parsed, "errors", None)
        if not errs or not all(isinstance(e, str) for e in errs):
            raise StepFailed(f"422 parsed as {type(resp.parsed).__name__}: {short(resp.content)}")
        missing = self.call("GET", "/events/{event_id}/attendees/{id}", 404, event_id=EVENT_ID, id=2_000_000_000)
        if not isinstance(getattr(missing.parsed, "error", None), str):
            raise StepFailed(f"404 parsed as {type(missing.parsed).__name__}")
        anon = self.call("GET", "/events/{event_id}/attendees", 401, client=self.anonymous, event_id=EVENT_ID)
        if not isinstance(getattr(anon.parsed, "error", None), str):
            raise StepFailed(f"401 parsed as {type(anon.parsed).__name__}")
        return f"422 {errs[0]!r}; 404 and 401 as error bodies"

    def history_and_stats(self):
        who = self.subject()
        hist = self.call(
            "GET", "/events/{event_id}/attendees/{id}/check_ins", 200, event_id=EVENT_ID, id=who
        ).parsed
        actions = [val(r.action) for r in hist.items]
        for want in ("check_in", "check_out", "undo"):
            if want not in actions:
                raise StepFailed(f"attendee history has no {want}: {actions}")
        event_hist = self.call("GET", "/events/{event_id}/check_ins", 200, event_id=EVENT_ID, per_page=5).parsed
        if not event_hist.items:
            raise StepFailed("the event's history is empty after three operations")
        stats = self.call("GET", "/events/{event_id}/check_in_stats", 200, event_id=EVENT_ID).parsed
        return f"{len(actions)} history records ({', '.join(actions)}); stats {short(stats.to_dict(), 160)}"

    def qr_png(self):
        who = self.subject()
        resp = self.call("GET", "/events/{event_id}/attendees/{id}/qr.png", 200, event_id=EVENT_ID, id=who)
        data = resp.parsed.payload.read() if hasattr(resp.parsed, "payload") else resp.parsed
        if not isinstance(data, (bytes, bytearray)) or not data.startswith(b"\x89PNG\r\n\x1a\n"):
            raise StepFailed(f"qr.png parsed as {type(resp.parsed).__name__}, not PNG bytes")
        return f"{len(data)} bytes of PNG"

    def import_csv(self):
        self.need_api()
        tag = uuid.uuid4().hex[:8]
        heads = ["first_name", "last_name", "email"]
        extra = []
        for a in self.answers_for_required():
            f = self.fields["_existing"][a["attendee_field_id"]]
            v = a["value"]
            heads.append(f["name"])
            extra.append(";".join(v) if isinstance(v, list) else str(v).lower() if isinstance(v, bool) else str(v))
        if "dropdown" in self.fields:  # the walk's own required field
            heads.append(self.fields["dropdown"]["name"])
            extra.append("L")
        rows = [
            ["Grace", "Hopper", f"grace.{tag}@walk.example", *extra],
            ["Alan", "Turing", f"alan.{tag}@walk.example", *extra],
        ]
        text = "\r\n".join(",".join(r) for r in [heads, *rows]) + "\r\n"
        resp = self.call("POST", "/events/{event_id}/imports/attendees", 200, event_id=EVENT_ID, body=text)
        report = resp.parsed.item.to_dict()
        found = self.call("GET", "/events/{event_id}/attendees", 200, event_id=EVENT_ID, q=f"{tag}@walk.example").parsed
        if found.metadata.total_count != 2:
            raise StepFailed(f"after the import, {found.metadata.total_count} attendees match; report {short(report)}")
        return "2 rows imported: " + short({k: v for k, v in report.items() if not isinstance(v, list)}, 200)

    def kiosk_sync(self):
        self.need_api()
        resp = self.call("GET", "/kiosk/sync", 200)
        body = resp.parsed
        if getattr(body, "configured", None) is not False:
            raise StepFailed(f"/kiosk/sync on a fresh server: {short(body.to_dict())}")
        return "configured: false, pending " + str(getattr(body, "pending", "?"))

    def required_members(self):
        if not self.required_gaps:
            if self.api is None:
                raise Blocked("no records were read")
            return "every member the spec requires is required in the generated models"
        raise StepFailed("\n".join(f"{k}: {'; '.join(v)}" for k, v in sorted(self.required_gaps.items())))

    def named_schemas(self):
        if not self.inline_copies:
            if self.api is None:
                raise Blocked("no records were read")
            return "records parse into the document's named models"
        raise StepFailed("\n".join(
            f"{spec}: generated as {sorted(names)} (the response schema spells the record out instead of "
            f"referring to components/schemas/{spec})"
            for spec, names in sorted(self.inline_copies.items())
        ))

    def run(self):
        self.step("the generated package imports from the venv", self.load_client)
        self.step("every documented operation has one generated function", self.every_operation_generated)
        self.step("client-credentials token (authlib)", self.token)
        self.step("page through the attendees of event 1", self.list_attendees)
        self.step("create attendee fields of six types", self.create_fields)
        self.step("create an attendee answering them", self.create_attendee)
        self.step("update the attendee", self.update_attendee)
        self.step("check in, check out, undo", self.check_in_out_undo)
        self.step("documented errors parse (422, 404, 401)", self.refused_is_documented)
        self.step("history and stats", self.history_and_stats)
        self.step("download qr.png", self.qr_png)
        self.step("import a CSV (text/csv)", self.import_csv)
        self.step("read /kiosk/sync", self.kiosk_sync)
        self.step("spec-required members are required in the models", self.required_members)
        self.step("records come as the document's named schemas", self.named_schemas)
        passed = sum(1 for r in self.results if r[1] == "PASS")
        failed = len(self.results) - passed
        print(f"\nwalk: {passed} passed, {failed} failed")
        return 0 if failed == 0 else 1


def describe(exc):
    """One readable paragraph for an exception raised in or around the generated code."""
    if isinstance(exc, StepFailed):
        return str(exc)
    if type(exc).__name__ == "UnexpectedStatus":
        return (
            f"UnexpectedStatus: the server answered {exc.status_code}, a status the generated client "
            f"does not know for this operation (raise_on_unexpected_status); body {bytes(exc.content[:60])!r}"
        )
    tb = traceback.extract_tb(exc.__traceback__)
    where = " <- ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in reversed(tb[-4:]))
    return f"{type(exc).__name__}: {short(exc, 600)}\n  at {where}"


def indent(text, by="      "):
    return "\n".join(by + line for line in text.splitlines())


if __name__ == "__main__":
    sys.exit(Walk().run())
