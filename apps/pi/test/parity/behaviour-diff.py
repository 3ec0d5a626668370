import json, os, re, sys, difflib
OUT = os.environ.get("PARITY_OUT", "/tmp/pi-parity")
names = [a for a in sys.argv[1:] if not a.startswith("-")] or sorted(f[:-5] for f in os.listdir(OUT + "/beh-ref"))
ID_KEYS = {"id", "parentId", "targetId", "leafId", "firstKeptEntryId"}

def normalise(value, ids):
    """Drops what differs between any two runs: ports, clocks, generated entry ids (numbered in
    order of appearance), and 1.4's stored system-prompt entries (its session format, not ours)."""
    if isinstance(value, dict):
        out = {}
        if isinstance(value.get("entries"), list):
            value = {**value, "entries": [e for e in value["entries"] if not (isinstance(e, dict) and isinstance(e.get("message"), dict) and e["message"].get("role") == "system")]}
        for k, v in value.items():
            if k == "timestamp": v = "<T>"
            elif k == "wall_time_seconds": v = 0
            elif k in ID_KEYS and isinstance(v, str): v = ids.setdefault(v, f"<id{len(ids)}>")
            else: v = normalise(v, ids)
            out[k] = v
        return out
    if isinstance(value, list): return [normalise(v, ids) for v in value]
    if isinstance(value, str): return re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:<PORT>", value)
    return value

def lines(d):
    d = normalise(d, {})
    out = [f"code {d['code']}"]
    for r in d["responses"]:
        out.append("resp " + json.dumps(r, sort_keys=True)[:400])
    for e in d["events"]:
        e = dict(e)
        if e.get("type") == "message_end":
            m = e["message"]
            c = m.get("content")
            if isinstance(c, list): c = [ (b.get("type"), b.get("text") or b.get("name") or "") for b in c]
            if m.get('role') == 'system': continue
            out.append(f"msg_end {m.get('role')} {json.dumps(c)[:300]} {m.get('customType','')} {m.get('stopReason','')}")
        elif e.get("type") == "tool_execution_end":
            out.append(f"tool_end {e.get('toolName')} err={e.get('isError')} {json.dumps(e.get('result'), sort_keys=True)[:400]}")
        elif e.get("type") == "tool_execution_start":
            out.append(f"tool_start {e.get('toolName')} {json.dumps(e.get('args'), sort_keys=True)[:200]}")
        else:
            out.append(json.dumps(e, sort_keys=True)[:400])
    for i, r in enumerate(d["requests"]):
        out.append(f"req{i} tools={r['tools']}")
        sysp = r['system'] or ''
        for marker in ["</cwd>", "Current working directory: <ROOT>/project"]:
            if marker in sysp: sysp = sysp.split(marker, 1)[1]
        if sysp.strip(): out.append(f"req{i} system_extra={json.dumps(sysp[:300])}")
        for m in r["messages"]:
            out.append(f"req{i} msg {json.dumps(m, sort_keys=True)[:300]}")
    msgs = (d.get("messages") or {}).get("messages") or []
    for m in msgs:
        c = m.get("content")
        if isinstance(c, list): c = [ (b.get("type"), (b.get("text") or b.get("name") or "")[:80]) for b in c]
        if m.get('role') == 'system': continue
        out.append(f"final {m.get('role')} {json.dumps(c)[:200]} {m.get('customType','')}")
    if "-s" in sys.argv and d["stderr"].strip(): out.append("stderr " + d["stderr"][:300])
    return out
for n in names:
    try:
        r = json.load(open(f"{OUT}/beh-ref/{n}.json")); o = json.load(open(f"{OUT}/beh-ours/{n}.json"))
    except Exception as e:
        print(n, "missing"); continue
    a, b = lines(r), lines(o)
    if a == b: print(f"== {n}: SAME"); continue
    print(f"== {n}: DIFF")
    for l in difflib.unified_diff(a, b, "ref", "ours", n=1, lineterm=""):
        if l.startswith(("---","+++")): continue
        print("  " + l)
