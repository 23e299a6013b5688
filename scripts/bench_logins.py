"""`make bench`'s figures for #28 item 2: an honest login with the attempt
limits on, beside the same login on an instance with them off (within 5 %);
and a login of an account that does not exist, beside a wrong password
(the same time: the answer must not tell which accounts exist)."""
import json
import subprocess
import time
import urllib.error
import urllib.request


def login(url, account, password):
    body = json.dumps({"account": account, "password": password,
                       "device": "0190f3a2-0000-7000-8000-00000000000a"}).encode()
    request = urllib.request.Request(f"{url}/v1/login", data=body, headers={"Content-Type": "application/json"})
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            status = answer.status
    except urllib.error.HTTPError as error:
        status = error.code
    return time.perf_counter() - start, status


def bench_logins(server_bin, server, free_port, Timing, Pairs, report, runs=30):
    """`server`: a running SyncServer (limits on); a second instance on its
    database runs with the limits off."""
    off_port = free_port()
    off = subprocess.Popen([server_bin, "--port", str(off_port), "--pg-port", str(server.pg_port),
                            "--account-attempts", "0", "--address-attempts", "0"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    off_url = f"http://127.0.0.1:{off_port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"{off_url}/health", timeout=1).read()
                break
            except OSError:
                time.sleep(0.05)
        register = urllib.request.Request(f"{server.url}/v1/register", headers={"Content-Type": "application/json"},
                                          data=json.dumps({"account": "bench", "password": "correct horse",
                                                           "device": "0190f3a2-0000-7000-8000-00000000000a"}).encode())
        urllib.request.urlopen(register, timeout=60).read()

        def timed(url, account, password, expected):
            seconds, status = login(url, account, password)
            if status != expected:
                raise SystemExit(f"bench: a login answered {status}, not {expected}")
            return Timing(seconds, 0.0)

        def pairs(first, second):
            """`runs` pairs, each taken in the other order than the one before."""
            a, b = [], []
            for run in range(runs):
                if run % 2:
                    b.append(second())
                    a.append(first())
                else:
                    a.append(first())
                    b.append(second())
            return Pairs(a, b)

        on_off = pairs(lambda: timed(server.url, "bench", "correct horse", 200),
                       lambda: timed(off_url, "bench", "correct horse", 200))
        # Wrong passwords count against the limits: measured where they are off.
        unknown = pairs(lambda: timed(off_url, "nobody", "wrong password", 401),
                        lambda: timed(off_url, "bench", "wrong password", 401))
    finally:
        off.terminate()
        off.wait()
    print(f"\nhaven-server logins (600,000 PBKDF2 iterations), {runs} pairs each")
    limited = report("honest login, attempt limits on", on_off, "the same with the limits off",
                     "target <= 1.05x", limit=1.05)
    same = report("login of an account that does not exist", unknown, "a wrong password of one that does",
                  "target 0.9-1.1x")
    return limited <= 1.05 and 0.9 <= same <= 1.1
