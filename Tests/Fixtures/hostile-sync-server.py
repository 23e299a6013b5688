#!/usr/bin/python3
"""A sync server that answers what no haven-server sends, in one way per
mode, for the client's tests (#28): python3 hostile-sync-server.py MODE PORTFILE

It registers and logs in anyone (one token), accepts every push, and
answers /v1/status and /v1/records as MODE says. It listens on a free
loopback port, written to PORTFILE once it listens, and serves until it is
stopped by its PID."""
import base64
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

MODE = sys.argv[1]
OTHER = "0190f3a2-0000-7000-8000-0000000000bb"
STRANGER = "0190f3a2-0000-7000-8000-0000000000cc"
state = {"device": None, "held": {}}


def record(device, idx):
    """A record of `device` at `idx` with a version-7 id and 40 sealed bytes."""
    tail = "%012x" % (idx % (1 << 48))
    return {"id": "0190f3a2-0000-7000-8000-" + tail, "device": device, "idx": idx, "version": 1,
            "sealed": base64.b64encode(os.urandom(40)).decode()}


def positions():
    this = state["device"]
    held = dict(state["held"])
    if MODE == "own-stream":
        held[this] = held.get(this, 0) + 5
    elif MODE == "idx-overflow":
        held[OTHER] = (1 << 63) - 1
    elif MODE == "negative-position":
        held[OTHER] = -5
    elif MODE == "oversized-page":
        held[OTHER] = 5000
    else:
        held[OTHER] = 5
    return [{"device": device, "last": last} for device, last in sorted(held.items())]


def page(device, after, limit):
    if MODE == "wrong-device":
        return {"records": [record(STRANGER, after + 1)], "more": False}
    if MODE == "off-by-one":
        return {"records": [record(device, after + 2)], "more": False}
    if MODE == "bad-id":
        bad = record(device, after + 1)
        bad["id"] = "not-a-uuid"
        return {"records": [bad], "more": False}
    if MODE == "bad-version":
        bad = record(device, after + 1)
        bad["version"] = -3
        return {"records": [bad], "more": False}
    if MODE == "idx-overflow-record":
        return {"records": [record(device, (1 << 63) - 1)], "more": False}
    if MODE == "endless-more":
        return {"records": [], "more": True}
    if MODE == "oversized-page":
        return {"records": [record(device, after + 1 + n) for n in range(limit + 1)], "more": True}
    return {"records": [record(device, after + 1)], "more": False}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, value, extra=None):
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for name, text in (extra or {}).items():
            self.send_header(name, text)
        self.end_headers()
        self.wfile.write(body)

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return json.loads(self.rfile.read(length) or b"{}")

    def do_POST(self):
        url = urlparse(self.path)
        if url.path in ("/v1/register", "/v1/login"):
            state["device"] = self.body()["device"]
            return self.answer(201 if url.path.endswith("register") else 200, {"token": "hvt1-hostile"})
        if url.path == "/v1/records":
            for item in self.body()["records"]:
                state["held"][item["device"]] = max(state["held"].get(item["device"], 0), item["idx"])
            return self.answer(200, {"devices": [{"device": d, "last": l} for d, l in sorted(state["held"].items())]})
        # Any other call (a key check): its body read, so that the connection's next request starts clean.
        self.body()
        self.answer(404, {"error": "no such call"})

    def do_GET(self):
        url = urlparse(self.path)
        if MODE == "redirect":
            return self.answer(302, {}, {"Location": "http://127.0.0.1:9/elsewhere"})
        if MODE == "stall":
            time.sleep(120)
            return
        if url.path == "/v1/status":
            return self.answer(200, {"devices": positions()})
        if url.path == "/v1/records":
            query = parse_qs(url.query)
            device, after, limit = query["device"][0], int(query["after"][0]), int(query["limit"][0])
            if MODE == "huge-body":
                # 65 MiB, sent in pieces with no length ahead.
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                piece = b" " * (1 << 20)
                for _ in range(65):
                    self.wfile.write(b"%x\r\n" % len(piece) + piece + b"\r\n")
                self.wfile.write(b"0\r\n\r\n")
                return
            return self.answer(200, page(device, after, limit))
        self.answer(404, {"error": "no such call"})


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(sys.argv[2] + ".new", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(sys.argv[2] + ".new", sys.argv[2])
server.serve_forever()
