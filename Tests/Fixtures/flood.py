#!/usr/bin/env python3
"""Floods a haven-server on loopback the way an attacker would (#28, item 2),
and says what the server did with each connection, as JSON on stdout.

  flood.py slow-body PORT COUNT PATH LENGTH [TOKEN]
                                              a head saying LENGTH bytes, then a byte every 0.5 s
  flood.py slow-head PORT COUNT               a byte of the head every 0.5 s
  flood.py idle PORT COUNT                    connects and sends nothing
  flood.py logins PORT COUNT ACCOUNT PASSWORD [SOURCE]
                                              COUNT logins at once; ACCOUNT may hold {i}

Every mode ends within WITHIN seconds (the environment, 30 by default):
a connection the server has not closed by then is reported "open". Only
the server's behaviour is reported; the test asserts on it.
"""
import json
import os
import select
import socket
import sys
import threading
import time

WITHIN = float(os.environ.get("WITHIN", "30"))


def connect(port, source=None):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if source:
        s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    s.setblocking(False)
    return s


def watch(sockets, trickle):
    """Sends `trickle(i)` bytes to each open socket every 0.5 s until the
    server closes it or WITHIN passes; returns each one's answer and fate."""
    start = time.monotonic()
    answers = [b""] * len(sockets)
    closed = [None] * len(sockets)
    next_send = start
    while time.monotonic() - start < WITHIN and any(c is None for c in closed):
        now = time.monotonic()
        if now >= next_send:
            for i, s in enumerate(sockets):
                if closed[i] is None and trickle:
                    try:
                        s.send(trickle(i))
                    except OSError:
                        pass
            next_send = now + 0.5
        open_ones = [s for i, s in enumerate(sockets) if closed[i] is None]
        readable, _, _ = select.select(open_ones, [], [], 0.1)
        for s in readable:
            i = sockets.index(s)
            try:
                data = s.recv(65536)
            except OSError:
                data = b""
            if data:
                answers[i] += data
            else:
                closed[i] = round(time.monotonic() - start, 1)
    result = []
    for i, s in enumerate(sockets):
        first = answers[i].split(b"\r\n", 1)[0].decode("latin-1")
        result.append({"answer": first, "closed": closed[i] is not None})
        s.close()
    return result


def slow_body(port, count, path, length, token=None):
    head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n"
    if token:
        head += f"Authorization: Bearer {token}\r\n"
    sockets = [connect(port) for _ in range(count)]
    for s in sockets:
        s.send((head + "\r\n{").encode())
    return watch(sockets, lambda i: b" ")


def slow_head(port, count):
    head = b"POST /v1/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}"
    sockets = [connect(port) for _ in range(count)]
    sent = [0] * count

    def next_byte(i):
        sent[i] += 1
        return head[sent[i] - 1:sent[i]] if sent[i] <= len(head) else b""
    return watch(sockets, next_byte)


def idle(port, count):
    return watch([connect(port) for _ in range(count)], None)


def logins(port, count, account, password, source=None):
    results = [None] * count
    barrier = threading.Barrier(count)

    def one(i):
        body = json.dumps({"account": account.replace("{i}", str(i)), "password": password,
                           "device": "0190f3a2-0000-7000-8000-00000000000a"}).encode()
        request = (f"POST /v1/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                   f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body
        s = socket.socket()
        s.settimeout(WITHIN)
        if source:
            s.bind((source, 0))
        s.connect(("127.0.0.1", port))
        barrier.wait()
        s.sendall(request)
        data = b""
        try:
            while chunk := s.recv(65536):
                data += chunk
        except OSError:
            pass
        s.close()
        head, _, body = data.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = {k.lower(): v for k, _, v in (line.partition(": ") for line in lines[1:])}
        status = int(lines[0].split(" ")[1]) if lines[0] else 0
        results[i] = {"status": status, "body": body.decode(), "retry_after": headers.get("retry-after")}
    threads = [threading.Thread(target=one, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def main(argv):
    mode, port, count = argv[1], int(argv[2]), int(argv[3])
    if mode == "slow-body":
        out = slow_body(port, count, argv[4], int(argv[5]), argv[6] if len(argv) > 6 else None)
    elif mode == "slow-head":
        out = slow_head(port, count)
    elif mode == "idle":
        out = idle(port, count)
    elif mode == "logins":
        out = logins(port, count, argv[4], argv[5], argv[6] if len(argv) > 6 else None)
    else:
        sys.exit(f"flood.py: unknown mode {mode}")
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main(sys.argv)
