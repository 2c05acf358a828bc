-- wrk script: POST /login with the demo manager's credentials and the CSRF token from $XSRF.
local token = os.getenv("XSRF") or ""
wrk.method = "POST"
wrk.body = '{"email":"director@demo.klass","password":"klass-demo"}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Cookie"] = "XSRF-TOKEN=" .. token
wrk.headers["X-XSRF-TOKEN"] = token
