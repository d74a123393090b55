#!/usr/bin/env python3
"""Short, deduplicated findings from the tools that .ci/openapi runs.

  report.py redocly FILE.json      redocly lint --format json output
  report.py schemathesis FILE.xml  schemathesis' JUnit report
  report.py generator FILE.log     openapi-python-client generate output

Each prints one block per distinct problem (rule or check, message, where) and
a first line with the counts. `redocly` and `generator` exit 1 when there is
anything to report (redocly: any error or warning; the generator: any warning),
`schemathesis` always exits 0 (its own exit code decides).
"""

from __future__ import annotations

import json
import re
import sys
import xml.etree.ElementTree as ET
from collections import OrderedDict


def redocly(path: str) -> int:
    with open(path) as fh:
        data = json.load(fh)
    totals = data.get("totals", {})
    errors, warnings = totals.get("errors", 0), totals.get("warnings", 0)
    print(f"redocly: {errors} errors, {warnings} warnings")
    groups: OrderedDict[tuple, list[str]] = OrderedDict()
    for p in data.get("problems", []):
        where = [loc.get("pointer", "?") for loc in p.get("location", [])]
        groups.setdefault((p.get("severity"), p.get("ruleId"), p.get("message")), []).extend(where)
    # One block per rule; messages that only differ by the component name are listed under it.
    by_rule: OrderedDict[tuple, list[tuple[str, list[str]]]] = OrderedDict()
    for (sev, rule, msg), where in groups.items():
        by_rule.setdefault((sev, rule), []).append((msg, where))
    for (sev, rule), items in sorted(by_rule.items(), key=lambda kv: (kv[0][0] != "error", kv[0][1])):
        count = sum(len(w) for _, w in items)
        print(f"- [{sev}] {rule} ({count}x)")
        for msg, where in items:
            if len(items) == 1:
                print(f"    {msg}")
                shown = where if len(where) <= 8 else where[:5]
                for w in shown:
                    print(f"      at {w}")
                if len(shown) < len(where):
                    print(f"      ... and {len(where) - len(shown)} more (all in the JSON report)")
            else:
                print(f"    {msg}  at {', '.join(where)}")
    return 0 if errors == 0 and warnings == 0 else 1


CASE_RE = re.compile(r"^\d+\. Test Case ID: (\S+)", re.M)


def schemathesis(path: str) -> int:
    root = ET.parse(path).getroot()
    groups: OrderedDict[str, list[str]] = OrderedDict()
    errors: list[str] = []
    for tc in root.iter("testcase"):
        op = tc.get("name", "?")
        for child in tc:
            text = child.text or ""
            if child.tag == "error":
                first = (child.get("message") or text.strip().splitlines()[0] if text.strip() else "").strip()
                errors.append(f"{op}: {first[:300]}")
                continue
            if child.tag != "failure":
                continue
            for case in CASE_RE.split(text)[2::2]:
                lines = [ln.rstrip() for ln in case.splitlines()]
                checks = [ln[2:].strip() for ln in lines if ln.startswith("- ")]
                status = next((ln.strip() for ln in lines if re.match(r"^\[\d{3}\]", ln.strip())), "")
                body = ""
                if status:
                    i = next(i for i, ln in enumerate(lines) if ln.strip() == status)
                    body = next((ln.strip() for ln in lines[i + 1:] if ln.strip()), "")
                details = [
                    ln.strip() for ln in lines
                    if ln.strip().startswith(("Invalid component", "Received:", "Documented:", "Expected:"))
                    or ln.strip().startswith(("Event #", "Missing", "Undocumented", "Unexpected"))
                ]
                request = ""
                for j, ln in enumerate(lines):
                    if ln.strip() == "Reproduce with:":
                        request = next((x.strip() for x in lines[j + 1:] if x.strip()), "")
                        break
                for check in checks or ["(no check named)"]:
                    entry = f"{op}: {status} {body[:220]}".rstrip()
                    if details:
                        entry += "\n      " + " / ".join(d[:200] for d in details)
                    if request:
                        entry += "\n      " + request[:300]
                    groups.setdefault(check, []).append(entry)
    total = sum(len(v) for v in groups.values())
    print(f"schemathesis: {total} failures in {len(groups)} checks, {len(errors)} errors")
    for check, entries in groups.items():
        print(f"- {check} ({len(entries)}x)")
        for e in entries:
            print(f"    {e}")
    if errors:
        print("- errors (the tool, not the API, failed for these operations)")
        for e in errors:
            print(f"    {e}")
    return 0


def generator(path: str) -> int:
    with open(path, errors="replace") as fh:
        lines = [ln.rstrip() for ln in fh]
    found: OrderedDict[str, None] = OrderedDict()
    for i, ln in enumerate(lines):
        if ln.startswith("WARNING") or ln.startswith("ERROR"):
            reason = next((x for x in lines[i + 1:] if x.strip()), "")
            # The generator prints an object repr where it means the status code.
            reason = re.sub(r"<openapi_python_client\.\S+ object at 0x[0-9a-f]+>", "200", reason)
            found[f"{ln}\n      {reason}"] = None
        elif ln.startswith("Skipping ") or "is not in PATH" in ln:
            found[ln] = None
    warned = any("Warning(s) encountered" in ln for ln in lines) or bool(found)
    print(f"openapi-python-client: {len(found)} warnings")
    for f in found:
        print(f"- {f}")
    return 1 if warned else 0


if __name__ == "__main__":
    kind, file = sys.argv[1], sys.argv[2]
    sys.exit({"redocly": redocly, "schemathesis": schemathesis, "generator": generator}[kind](file))
