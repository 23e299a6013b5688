#!/usr/bin/python3
"""A web server that gives a pack fetch more than it may take, for the pack
tests (#28, item 13): python3 hostile-fetch-server.py MODE PORTFILE

  endless  answers every GET with a chunked body of zeros that never ends
           (no Content-Length, so only counting the bytes stops it)
  silent   accepts every connection and never answers (a git or an archive
           server that hangs)

It listens on a free loopback port, written to PORTFILE once it listens,
and serves until it is stopped by its PID."""
import os
import socket
import sys
import threading

MODE, PORTFILE = sys.argv[1], sys.argv[2]


def serve(connection):
    try:
        if MODE == "silent":
            while connection.recv(65536):
                pass
            return
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = connection.recv(65536)
            if not chunk:
                return
            data += chunk
        connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/gzip\r\nTransfer-Encoding: chunked\r\n\r\n")
        block = b"\0" * 65536
        piece = b"%x\r\n" % len(block) + block + b"\r\n"
        while True:
            connection.sendall(piece)
    except OSError:
        pass
    finally:
        connection.close()


listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(16)
with open(PORTFILE + ".tmp", "w") as f:
    f.write(str(listener.getsockname()[1]))
os.rename(PORTFILE + ".tmp", PORTFILE)
while True:
    connection, _ = listener.accept()
    threading.Thread(target=serve, args=(connection,), daemon=True).start()
