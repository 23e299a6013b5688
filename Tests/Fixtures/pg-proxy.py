#!/usr/bin/python3
"""A TCP proxy in front of PostgreSQL, for the server's tests (#28):
python3 pg-proxy.py TARGET_PORT PORTFILE

It listens on a free loopback port (written to PORTFILE) and forwards every
connection to 127.0.0.1:TARGET_PORT. SIGUSR1 makes PostgreSQL "stop": every
connection is closed and new ones are refused. SIGUSR2 makes it "hang":
connections stay open and nothing more is forwarded either way."""
import os
import selectors
import signal
import socket
import sys

target = int(sys.argv[1])
listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(64)
listener.setblocking(False)
with open(sys.argv[2] + ".new", "w") as f:
    f.write(str(listener.getsockname()[1]))
os.rename(sys.argv[2] + ".new", sys.argv[2])

selector = selectors.DefaultSelector()
selector.register(listener, selectors.EVENT_READ, None)
pairs = {}
mode = {"now": "up"}


def on_signal(number, frame):
    mode["now"] = "down" if number == signal.SIGUSR1 else "hang"


signal.signal(signal.SIGUSR1, on_signal)
signal.signal(signal.SIGUSR2, on_signal)
# A test process may block or ignore these signals, and children inherit
# both: take them back.
signal.signal(signal.SIGTERM, signal.SIG_DFL)
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGUSR1, signal.SIGUSR2, signal.SIGTERM})


def applied(name):
    """Says that a mode is in force: PORTFILE.down or PORTFILE.hang."""
    open(sys.argv[2] + "." + name, "w").close()

while True:
    if mode["now"] == "down":
        for sock in list(pairs):
            sock.close()
        pairs.clear()
        listener.close()
        applied("down")
        signal.pause()
        continue
    if mode["now"] == "hang" and not mode.get("held"):
        # Nothing more is read or forwarded: every connection just stays open.
        for sock in list(pairs):
            try:
                selector.unregister(sock)
            except (KeyError, ValueError):
                pass
        mode["held"] = True
        applied("hang")
    for key, _ in selector.select(timeout=0.2):
        sock = key.fileobj
        if sock is listener:
            try:
                client, _ = listener.accept()
            except BlockingIOError:
                continue
            if mode["now"] == "hang":
                pairs[client] = None
                continue
            upstream = socket.create_connection(("127.0.0.1", target))
            pairs[client], pairs[upstream] = upstream, client
            selector.register(client, selectors.EVENT_READ, None)
            selector.register(upstream, selectors.EVENT_READ, None)
            continue
        if mode["now"] == "hang":
            continue
        try:
            data = sock.recv(65536)
        except OSError:
            data = b""
        other = pairs.get(sock)
        if not data or other is None:
            for end in (sock, other):
                if end is not None:
                    try:
                        selector.unregister(end)
                    except (KeyError, ValueError):
                        pass
                    end.close()
                    pairs.pop(end, None)
            continue
        other.sendall(data)
