import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
// Each port gets its own database and folder, so two runs can go side by side.
const varDir = `var/e2e-${port}`;
process.env.E2E_MAIL_DIR = path.resolve(import.meta.dirname, '..', varDir, 'mail');

/** Journeys run in Debian's Chromium against the built client served by a fresh product. */
export default defineConfig({
  testDir: './e2e',
  outputDir: `../${varDir}/test-results`,
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'en-US',
    timezoneId: 'Europe/Paris',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'node --import tsx scripts/start.ts --e2e',
    cwd: '..',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      VAR_DIR: varDir,
      E2E_DATABASE: `aircloud_e2e_${port}`,
    },
  },
});
