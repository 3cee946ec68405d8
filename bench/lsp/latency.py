"""The editor's view of `solve lsp`: for each shipped spec, how long after a
change its diagnostics arrive, and how long a hover and a completion take,
measured from the client's side of stdio (the wall clock around each
message; release binary; medians over RUNS changes or requests).

usage: latency.py SOLVE_BINARY [RUNS]      (from the repository root)

Each spec is opened, then changed RUNS times (a comment line appended: the
whole text is checked again, as on every keystroke), hovered RUNS times
over its first variable's name and asked RUNS completions inside its first
constraint. Prints a markdown table and the medians over all specs.
"""

import glob
import json
import os
import statistics
import subprocess
import sys
import time


class Server:
    def __init__(self, binary):
        self.p = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL)
        self.next = 0

    def send(self, message):
        body = json.dumps(message).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.p.stdout.readline()
            if line in (b"\r\n", b"\n"):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.p.stdout.read(length))

    def request(self, method, params):
        self.next += 1
        self.send({"jsonrpc": "2.0", "id": self.next, "method": method, "params": params})
        while True:
            m = self.read()
            if m.get("id") == self.next and "method" not in m:
                return m

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self, uri, version):
        while True:
            m = self.read()
            if m.get("method") == "workspace/codeLens/refresh" or m.get("method") == "workspace/inlayHint/refresh":
                continue
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri \
                    and m["params"].get("version") == version:
                return m


def position(text, needle):
    i = text.find(needle)
    if i < 0:
        return {"line": 0, "character": 0}
    line = text.count("\n", 0, i)
    return {"line": line, "character": i - (text.rfind("\n", 0, i) + 1)}


def main():
    binary = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    server = Server(binary)
    server.request("initialize", {"capabilities": {}})
    server.notify("initialized", {})
    rows = []
    every = {"diagnostics": [], "hover": [], "completion": []}
    for path in sorted(glob.glob("specs/*.toml")):
        text = open(path).read()
        uri = "file://" + os.path.abspath(path)
        server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "toml", "version": 1,
                                                                "text": text}})
        server.diagnostics(uri, 1)
        times = {"diagnostics": [], "hover": [], "completion": []}
        for k in range(runs):
            changed = text + "\n# edit %d\n" % k
            started = time.perf_counter()
            server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": k + 2},
                                                     "contentChanges": [{"text": changed}]})
            server.diagnostics(uri, k + 2)
            times["diagnostics"].append(time.perf_counter() - started)
        after_vars = text.find("[vars]")
        var_at = position(text, text[after_vars:].split("\n")[1].split("=")[0].strip()) if after_vars >= 0 \
            else {"line": 0, "character": 0}
        constraint_at = position(text, "[constraints]")
        constraint_at = {"line": constraint_at["line"] + 1, "character": 8}
        for method, at in (("hover", var_at), ("completion", constraint_at)):
            for _ in range(runs):
                started = time.perf_counter()
                server.request("textDocument/" + method, {"textDocument": {"uri": uri}, "position": at})
                times[method].append(time.perf_counter() - started)
        row = {m: statistics.median(v) * 1000 for m, v in times.items()}
        rows.append((os.path.basename(path), row))
        for m in every:
            every[m].extend(times[m])
    server.request("shutdown", None)
    server.notify("exit", None)
    print("| spec | diagnostics after a change, ms | hover, ms | completion, ms |")
    print("|---|---:|---:|---:|")
    for name, row in rows:
        print("| %s | %.1f | %.2f | %.2f |" % (name, row["diagnostics"], row["hover"], row["completion"]))
    print("| **every spec** | %.1f | %.2f | %.2f |" % tuple(statistics.median(every[m]) * 1000
                                                        for m in ("diagnostics", "hover", "completion")))
    print("\nmedians over %d changes and requests per spec; the slowest spec's diagnostics median: %.1f ms"
          % (runs, max(r["diagnostics"] for _, r in rows)))


if __name__ == "__main__":
    main()
