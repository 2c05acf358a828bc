// Calls the API from a signed-in page, as the UI does (the anti-forgery cookie sent back):
// for specs that set up data or check what the server holds.

/** `{status, body}` of `method path` with a JSON `body`, from `page`'s session. */
export async function callApi(page, method, path, body) {
  return page.evaluate(
    async ([method, path, body]) => {
      await fetch('/sanctum/csrf-cookie', { credentials: 'include' });
      const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    [method, path, body],
  );
}
