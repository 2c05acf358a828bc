"""The API conformance run: does the server answer what its OpenAPI document says?

Starts the real binary (the path is the first argument) with a demo school on a free port and
an empty data directory, signs in as the demo manager, and runs schemathesis over every
operation with the session cookie and the X-XSRF-TOKEN header, but the two that end or replace
the session; a second pass runs those two, each case on a fresh manager's session of its own.
Fails on any 5xx, any answer whose status, content type, headers or body the document does not
describe. Extra arguments go to `schemathesis run` (e.g. `--max-examples 200` for a longer run).
"""

import http.cookiejar
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
MANAGER = {"email": "director@demo.klass", "password": "klass-demo"}

# Operations left out of the first pass, and why: each would end or replace the very session the
# pass signs in with, and every later case would then test a guest or someone else instead of
# the manager. The second pass runs them, each case signed in afresh (hooks.py).
SESSION_ENDING = {
    "logout": "ends the session",
    "users_login_as": "turns the session into the person acted as",
}

CHECKS = ",".join(
    [
        "not_a_server_error",
        "status_code_conformance",
        "content_type_conformance",
        "response_headers_conformance",
        "response_schema_conformance",
    ]
)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_health(url, server):
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit(f"klass exited with {server.returncode} before answering")
        try:
            with urllib.request.urlopen(f"{url}/api/health", timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.3)
    sys.exit("klass did not answer /api/health within 120 s")


def sign_in(url):
    """Signs in as the demo manager; returns (cookie header, xsrf token, own user id)."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def xsrf():
        return urllib.parse.unquote(next(c.value for c in jar if c.name == "XSRF-TOKEN"))

    opener.open(f"{url}/sanctum/csrf-cookie").read()
    login = urllib.request.Request(
        f"{url}/login",
        data=json.dumps(MANAGER).encode(),
        headers={"Content-Type": "application/json", "X-XSRF-TOKEN": xsrf(), "Accept": "application/json"},
        method="POST",
    )
    opener.open(login).read()
    me = urllib.request.Request(f"{url}/api/user", headers={"Accept": "application/json"})
    with opener.open(me) as answer:
        own_id = json.load(answer)["data"]["id"]
    cookie = "; ".join(f"{c.name}={c.value}" for c in jar)
    return cookie, xsrf(), own_id


def still_the_manager(url, cookie):
    """Whether the session the run began with is still the manager's."""
    me = urllib.request.Request(f"{url}/api/user", headers={"Accept": "application/json", "Cookie": cookie})
    try:
        with urllib.request.urlopen(me) as answer:
            user = json.load(answer)["data"]
    except OSError:
        return False
    return "manager" in user["roles"] and not user.get("impersonator")


def schemathesis(url, arguments, env, data_dir):
    """Runs schemathesis over the server's document with `arguments`; returns its exit code."""
    command = [
        os.path.join(os.path.dirname(sys.executable), "schemathesis"),
        "run",
        f"{url}/api/openapi.json",
        "--url",
        url,
        "--checks",
        CHECKS,
        # Bounded: about two minutes on two busy cores (300 found nothing more in 20 min).
        "--max-examples",
        "50",
        "--seed",
        "12",
        # One worker: CPython 3.11 (Debian 12's) can fail parsing in hypothesis from two
        # threads at once ("AST constructor recursion depth mismatch"), a false error.
        "--workers",
        "1",
        "--no-color",
        "--suppress-health-check",
        "all",
        *arguments,
        *sys.argv[2:],
    ]
    # Run where schemathesis may leave its example database: not in the checkout.
    return subprocess.run(command, env=env, cwd=data_dir).returncode


def main():
    binary = os.path.abspath(sys.argv[1])
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    data_dir = tempfile.mkdtemp(prefix="klass-conformance-")
    env = dict(
        os.environ,
        KLASS_SERVER__LISTEN=f"127.0.0.1:{port}",
        KLASS_SERVER__PUBLIC_URL=url,
        KLASS_DATA_DIR=data_dir,
        # Generated sign-ins fail by the hundred; the limits are tested by tests/api.
        KLASS_AUTH__LOGIN_PER_MINUTE="100000",
        KLASS_AUTH__LOGIN_PER_HOUR="1000000",
        KLASS_AUTH__LOGIN_PER_IP_PER_MINUTE="100000",
        RUST_LOG="warn",
    )
    log = open(os.path.join(data_dir, "server.log"), "w")
    server = subprocess.Popen([binary, "serve", "--demo"], env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_for_health(url, server)
        cookie, xsrf, own_id = sign_in(url)
        own_session = ["--header", f"Cookie: {cookie}", "--header", f"X-XSRF-TOKEN: {xsrf}"]
        leave_out = [arg for op in SESSION_ENDING for arg in ("--exclude-operation-id", op)]
        # The hooks keep generated path ids off the manager himself (see hooks.py).
        hooks_env = dict(os.environ, SCHEMATHESIS_HOOKS="hooks", PYTHONPATH=HERE, KLASS_OWN_ID=str(own_id))
        result = schemathesis(url, own_session + leave_out, hooks_env, data_dir)
        if result == 0:
            for operation, why in SESSION_ENDING.items():
                print(f"conformance: {operation} ({why}) runs apart, each case on a fresh session")
            only = [arg for op in SESSION_ENDING for arg in ("--include-operation-id", op)]
            fresh_env = dict(hooks_env, KLASS_FRESH_SESSIONS_AT=url)
            result = schemathesis(url, only, fresh_env, data_dir)
        if server.poll() is not None:
            print(f"conformance: klass exited with {server.returncode} during the run")
            return 1
        if not still_the_manager(url, cookie):
            print("conformance: the run lost its manager session part way: its cases tested less")
            return 1
        return result
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
        if os.environ.get("KLASS_CONFORMANCE_KEEP"):
            print(f"conformance: data and server log kept in {data_dir}")
        else:
            shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
