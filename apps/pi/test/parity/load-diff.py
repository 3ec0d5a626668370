import json, os, sys
OUT = os.environ.get("PARITY_OUT", "/tmp/pi-parity")
names = sorted(os.listdir(OUT + "/ref"))
def cmds(d):
    c = d["commands"]
    if not isinstance(c, list): return ("BAD", json.dumps(c)[:200])
    return sorted((x["name"], x["source"]) for x in c if not (x.get("sourceInfo") or {}).get("path","").startswith("builtin:") and not (x["name"]=="mcp" and "path" not in x and "sourceInfo" not in x))
def tools(d):
    return {t["name"]: t["parameters"] for t in (d["requestTools"] or [])}
ndiff = 0
BUILTIN={"read","bash","edit","write","grep","find","ls"}
for n in names:
    try:
        r = json.load(open(f"{OUT}/ref/{n}")); o = json.load(open(f"{OUT}/ours/{n}"))
        if "commands" not in r: r["commands"]=[]
    except Exception as e:
        print(n, "MISSING", e); continue
    out = []
    if cmds(r) != cmds(o): out.append(f"  commands ref={cmds(r)}\n           ours={cmds(o)}")
    tr, to = tools(r), tools(o)
    if sorted(tr) != sorted(to): out.append(f"  tools ref={sorted(tr)} ours={sorted(to)}")
    else:
        for k in tr:
            if k in BUILTIN and "-b" not in sys.argv: continue
            if json.dumps(tr[k], sort_keys=True) != json.dumps(to[k], sort_keys=True):
                out.append(f"  schema {k}:\n    ref ={json.dumps(tr[k], sort_keys=True)[:600]}\n    ours={json.dumps(to[k], sort_keys=True)[:600]}")
    if r["errors"] != o["errors"]: out.append(f"  errors ref={json.dumps(r['errors'])[:400]}\n         ours={json.dumps(o['errors'])[:400]}")
    if bool(r["stderr"].strip()) != bool(o["stderr"].strip()) or (o["stderr"].strip() and "-v" in sys.argv): out.append(f"  stderr ref={r['stderr'][:300]!r}\n         ours={o['stderr'][:300]!r}")
    if r["settled"] != o["settled"] or r["requests"] != o["requests"]: out.append(f"  settled ref={r['settled']},{r['requests']} ours={o['settled']},{o['requests']}")
    if r.get("model") != o.get("model"): out.append(f"  model ref={r.get('model')} ours={o['model']}")
    ur = [(u["method"]) for u in r["uiRequests"]]; uo = [(u["method"]) for u in o["uiRequests"]]
    if "-u" in sys.argv and ur != uo: out.append(f"  ui ref={r['uiRequests']}\n     ours={o['uiRequests']}")
    if out:
        ndiff += 1
        print(n); print("\n".join(out))
print("differing:", ndiff, "of", len(names))
