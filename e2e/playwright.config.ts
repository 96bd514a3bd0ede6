import { defineConfig, devices } from '@playwright/test';

/**
 * Journeys run against the real server that e2e/run.mjs starts (E2E_BASE_URL), with Debian's
 * Chromium. Never `playwright install`.
 */
const desktop = { ...devices['Desktop Chrome'], channel: undefined };
/** Journeys that change the whole company or platform for everyone: each runs alone, after the rest. */
const AI_AGENT = 'ai-agent.spec.ts';
const MAINTENANCE = 'platform-maintenance.spec.ts';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 2,
  // On CI a journey that fails once is tried again and reported as flaky (to be fixed); a real
  // failure fails both times.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  outputDir: '../node_modules/.cache/e2e-results',
  projects: [
    { name: 'chromium', testIgnore: [AI_AGENT, MAINTENANCE], use: desktop },
    // Use AI answers every demo chat while it is on.
    { name: 'ai-agent', testMatch: AI_AGENT, dependencies: ['chromium'], use: desktop },
    // Maintenance makes every client area read-only.
    { name: 'maintenance', testMatch: MAINTENANCE, dependencies: ['ai-agent'], use: desktop },
  ],
});
