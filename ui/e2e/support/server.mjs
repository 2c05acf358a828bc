// Starts the real `klass` binary for the end-to-end specs: a free port, a fresh data dir,
// `serve --demo`, ready once GET /api/health answers 200.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const uiDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const START_TIMEOUT_MS = 30_000;

function freePort() {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => ok(port));
    });
  });
}

async function waitForHealth(url, child, output) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`klass exited with ${child.exitCode}:\n${output.join('')}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return response.json();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`klass did not answer /api/health within ${START_TIMEOUT_MS} ms:\n${output.join('')}`);
}

/**
 * Runs `$KLASS_BIN serve --demo` with `env` added (config keys as KLASS_* variables); resolves
 * with its base URL, data dir and a stop function.
 */
export async function startServer(extraEnv = {}) {
  const bin = resolve(uiDir, process.env.KLASS_BIN ?? '../target/debug/klass');
  if (!existsSync(bin)) throw new Error(`No klass binary at ${bin}: build it first (cargo build) or set KLASS_BIN.`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'klass-e2e-'));
  const output = [];
  const url = `http://127.0.0.1:${port}`;
  // Links in mails point at this server; mails go to <dataDir>/outbox (the default transport).
  // Specs sign in as the same demo users many times a minute; the limits themselves are tested
  // by the Rust suite (tests/api/sign_in.rs), so here they are raised out of the way.
  const limits = { KLASS_AUTH__LOGIN_PER_MINUTE: '1000', KLASS_AUTH__LOGIN_PER_HOUR: '10000', KLASS_AUTH__LOGIN_PER_IP_PER_MINUTE: '1000' };
  const env = { ...process.env, ...limits, KLASS_SERVER__LISTEN: `127.0.0.1:${port}`, KLASS_SERVER__PUBLIC_URL: url, KLASS_DATA_DIR: dataDir, ...extraEnv };
  const child = spawn(bin, ['serve', '--demo'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk) => output.push(chunk.toString()));
  let health;
  try {
    health = await waitForHealth(url, child, output);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  warnIfStale(health);
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The binary serves the UI it embedded; say so when that is not the ui/dist just built. */
function warnIfStale(health) {
  const manifest = join(uiDir, 'dist/build.json');
  if (!existsSync(manifest)) return;
  const { build } = JSON.parse(readFileSync(manifest, 'utf8'));
  if (health.build !== build) {
    console.warn(`warning: klass serves UI build ${health.build}, ui/dist is ${build}: rebuild the binary to test the current UI`);
  }
}
