import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { shippedNodeOptions } from '../bench/support/local-server.mjs';

/**
 * Browser journeys run against the production build in local mode, with Debian's Chromium
 * (never a downloaded browser) and a fresh data directory per run.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;
/**
 * The server's data directory: E2E_DATA_DIR, or a fresh one that the run removes when it ends. Kept in the
 * environment, so the workers and a second reading of this file in the same run name the same directory.
 * The removal waits for the runner's exit, after Playwright has stopped the server (a global teardown runs
 * before that, while the server may still write).
 */
if (!process.env.E2E_DATA_DIR) {
  const made = path.join(os.tmpdir(), `sheetforms-e2e-${Date.now()}`);
  process.env.E2E_DATA_DIR = made;
  process.once('exit', () => fs.rmSync(made, { recursive: true, force: true }));
}
const DATA_DIR = process.env.E2E_DATA_DIR;

/** Debian's Chromium with the project's flags; specs that launch a browser of their own use it too. */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/** The options `npm start` gives node (decision 0031), so the journeys run the server as it ships. */
const SHIPPED_NODE_OPTIONS = shippedNodeOptions().join(' ');

export default defineConfig({
  testDir: './tests',
  // Two files at a time (decision 0042): one journey's browser leaves a core partly idle while it waits on
  // the server, and two share the machine's two cores (206 and 197 s against 259 s with one). A file's
  // journeys still run in order; no journey may assume it is alone on the server (each signs in its own
  // people and names its own forms). More than two would only queue on a 2-core machine.
  fullyParallel: false,
  workers: Math.max(1, Math.min(2, os.availableParallelism())),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: BASE_URL,
    // Recording a trace costs every journey its snapshots and screencast, about a tenth of the stage's
    // time, though only a failure's trace is ever kept. A retry (on CI) records one; to record a local run,
    // pass `--trace on` (docs/performance.md, "The test suite").
    trace: 'on-first-retry',
    // The browser's clock reads UTC whatever the machine's zone: the digest journey's hours are UTC's, and
    // the form editor saves the browser's zone with a digest.
    timezoneId: 'UTC',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: CHROMIUM_LAUNCH },
      testIgnore: /mobile\.spec/,
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], launchOptions: CHROMIUM_LAUNCH },
      testMatch: /mobile\.spec/,
    },
  ],
  webServer: {
    command: `node ${SHIPPED_NODE_OPTIONS} ../apps/server/dist/main.js`,
    url: `${BASE_URL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      ALLOW_LOCAL_MODE: 'true',
      PORT: String(PORT),
      PUBLIC_URL: BASE_URL,
      DATA_DIR,
      ADMIN_EMAILS: 'admin@sheetforms.test',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Every journey calls the API from this one address; a fast machine runs 25 a minute, near the
      // default 600 requests a minute. No journey tests the API-wide limit (integration tests do).
      RATE_LIMIT_PER_MINUTE: '100000',
      // The webhook journey's receiver listens on this machine's loopback.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // Journeys call the API through Playwright's request context, whose idle sockets never expire: one
      // reused just as the server's 5 s keep-alive closed it was reset (ECONNRESET on a submission, once in
      // a local run). Longer than any journey, so no journey's socket meets its close (the integration
      // tests' apps raise it too, in test-app.ts).
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '120000',
    },
  },
});
