// The end-to-end harness: build the web app, start the real server on a fresh data folder with
// known seed passwords on a free port, run the Playwright journeys against it with Debian's
// Chromium, and stop everything. `node e2e/run.mjs [playwright args]`.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}. Install the Debian package "chromium" (sudo apt-get install -y chromium).`,
    );
  }
  console.log('[e2e] installing the Debian package "chromium"…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get installed "chromium" but ${CHROMIUM} is still missing`);
}

const freePort = () =>
  new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });

async function waitForHealth(url, server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited early with code ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}

ensureChromium();

// Each run builds into a folder of its own, so that runs side by side never serve each other's build.
const webDist =
  process.env.E2E_SKIP_BUILD === '1'
    ? join(root, 'apps/web/dist')
    : mkdtempSync(join(tmpdir(), 'ai-admin-e2e-web-'));
if (process.env.E2E_SKIP_BUILD !== '1') {
  console.log('[e2e] building the web app…');
  const build = spawnSync(
    'npm',
    ['run', 'build', '-w', 'apps/web', '--', '--outDir', webDist, '--emptyOutDir'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'ai-admin-e2e-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const seed = {
  SEED_SUPERADMIN_EMAIL: 'superadmin@e2e.example.com',
  SEED_SUPERADMIN_PASSWORD: 'Super-admin-e2e-1',
  SEED_CLIENT_ADMIN_EMAIL: 'admin@e2e.example.com',
  SEED_CLIENT_ADMIN_PASSWORD: 'Client-admin-e2e-1',
  SEED_CLIENT_USER_EMAIL: 'agent@e2e.example.com',
  SEED_CLIENT_USER_PASSWORD: 'Client-user-e2e-1',
};
const serverEnv = {
  ...process.env,
  ...seed,
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: baseUrl,
  WEB_DIST_DIR: webDist,
  LOG_LEVEL: 'warn',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
  // Headless Chromium denies notification permission and has no push service, so with push on
  // every new page would show the 'Notifications blocked' toast; notifications-live.spec.ts
  // answers push-config itself to test the browser side.
  WEB_PUSH: 'false',
};
delete serverEnv.DATABASE_URL;
delete serverEnv.SMTP_URL;

console.log(`[e2e] starting the server on ${baseUrl} (data in ${dataDir})`);
// E2E_SERVER_DIR runs the journeys against another checkout's apps/server (e.g. a release).
const serverDir = resolve(process.env.E2E_SERVER_DIR ?? join(root, 'apps/server'));
const server = spawn(join(root, 'node_modules/.bin/tsx'), ['src/main.ts'], {
  cwd: serverDir,
  env: serverEnv,
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: false,
});

let code = 1;
try {
  await waitForHealth(`${baseUrl}/api/health`, server);
  const result = spawnSync(
    join(root, 'node_modules/.bin/playwright'),
    ['test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...seed, E2E_BASE_URL: baseUrl, CHROMIUM_PATH: CHROMIUM },
    },
  );
  code = result.status ?? 1;
} catch (error) {
  console.error(`[e2e] ${error instanceof Error ? error.message : error}`);
} finally {
  if (server.exitCode === null) server.kill('SIGTERM');
  await new Promise((r) => {
    if (server.exitCode !== null) return r();
    const timer = setTimeout(() => {
      server.kill('SIGKILL');
      r();
    }, 5000);
    server.once('exit', () => {
      clearTimeout(timer);
      r();
    });
  });
  rmSync(dataDir, { recursive: true, force: true });
  if (webDist !== join(root, 'apps/web/dist')) rmSync(webDist, { recursive: true, force: true });
}
process.exit(code);
