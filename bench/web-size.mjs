// `npm run bench:web`: builds the web app and prints the gzip size of the JavaScript that /login
// loads (entry, its static imports, and the lazily loaded shell-free sign-in screen with its
// imports) and of the largest route chunk. Budget: /login ≤ 200 KB gzip. Writes bench/results/web-size.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const BUDGET_KB = 200;

if (process.env.BENCH_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** @type {Record<string, {file: string, imports?: string[], dynamicImports?: string[], isEntry?: boolean, isDynamicEntry?: boolean, src?: string}>} */
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

/** The chunk and every chunk it imports statically (what the browser fetches before running it). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(next, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const appKey = Object.keys(manifest).find((key) => key.endsWith('src/app/App.tsx'));
const loginKey = Object.keys(manifest).find((key) => key.endsWith('features/auth/LoginPage.tsx'));
if (!entryKey || !appKey || !loginKey) throw new Error('manifest lacks the entry, App or LoginPage chunk');

// main.tsx imports App dynamically at once, and the router loads the sign-in screen.
const loginChunks = new Set([...closure(entryKey), ...closure(appKey), ...closure(loginKey)]);
const loginFiles = [...loginChunks].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
const loginKb = loginFiles.reduce((sum, file) => sum + gzipKb(file), 0);

const routeChunks = Object.entries(manifest)
  .filter(([key, chunk]) => chunk.isDynamicEntry && key !== appKey && chunk.file.endsWith('.js'))
  .map(([key, chunk]) => ({ route: chunk.src ?? key, file: chunk.file, gzipKb: gzipKb(chunk.file) }))
  .sort((a, b) => b.gzipKb - a.gzipKb);
const largest = routeChunks[0];
const totalKb = Object.values(manifest)
  .filter((chunk) => chunk.file.endsWith('.js'))
  .reduce((sum, chunk) => sum + gzipKb(chunk.file), 0);

const result = {
  at: new Date().toISOString(),
  login_js_gzip_kb: Number(loginKb.toFixed(1)),
  login_js_files: loginFiles.length,
  budget_kb: BUDGET_KB,
  within_budget: loginKb <= BUDGET_KB,
  largest_route_chunk: largest && { ...largest, gzipKb: Number(largest.gzipKb.toFixed(1)) },
  all_js_gzip_kb: Number(totalKb.toFixed(1)),
};
console.log(
  `/login loads ${loginFiles.length} JS files: ${result.login_js_gzip_kb} KB gzip (budget ${BUDGET_KB} KB)`,
);
if (largest)
  console.log(
    `largest route chunk: ${largest.route} (${largest.file}) ${result.largest_route_chunk.gzipKb} KB gzip`,
  );
console.log(`all JS: ${result.all_js_gzip_kb} KB gzip`);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/web-size.json'), `${JSON.stringify(result, null, 2)}\n`);
if (!result.within_budget) {
  console.error(`/login is over its budget of ${BUDGET_KB} KB gzip`);
  process.exitCode = 1;
}
