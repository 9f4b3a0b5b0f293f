/**
 * Lighthouse (mobile, its default simulated throttling) on `/login` and `/purifiers` against
 * Debian's Chromium: no browser is downloaded. Builds the client into its own folder, starts the
 * product on its own database with the demo accounts and machines (no simulator: the page must
 * settle), signs the demo user in for `/purifiers`, and runs each page RUNS times, keeping the
 * median run by performance score (Lighthouse's own advice for variance).
 *
 *   npm run bench:lighthouse [-- --runs 3 --port 3190 --pages /purifiers --no-doc]
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { createDatabase } from '@aircloud/core/db/client';
import { DEMO_PASSWORD, seedDemoDevices } from '../demo/seed-demo.ts';
import { buildClient } from './bundle.ts';
import { root, startProduct, waitReady, writePerformanceSection } from './common.ts';

const DEFAULT_PORT = 3190;
const PAGES = ['/login', '/purifiers'] as const;
type Page = (typeof PAGES)[number];
const OUT_DIR = path.join(root, 'var/bench-lighthouse-build');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

export interface LighthousePage {
  page: string;
  /** Scores 0–100 of the median run, by category. */
  scores: Record<Category, number>;
  /** Performance scores of every run, ascending. */
  runs: number[];
  /** Key metrics of the median run, in ms (CLS unitless). */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  /** Audits of the median run that failed, by category (ids), for the reader to follow up. */
  failed: Partial<Record<Category, string[]>>;
  requests: number;
}

export interface LighthouseFigures {
  pages: LighthousePage[];
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/security/token/request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email: 'user@demo.test', password: DEMO_PASSWORD }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (!cookies.some((c) => c.startsWith('access_token='))) {
    throw new Error(`sign-in of user@demo.test: ${res.status}`);
  }
  return cookies.join('; ');
}

/**
 * Puts the session cookies in the browser itself (the page reads the readable session hint,
 * which a request header would not give it); Lighthouse clears caches between runs, not cookies.
 */
async function setBrowserCookies(port: number, base: string, cookie: string): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    await browser.setCookie(
      ...cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return {
          name: pair.slice(0, at),
          value: pair.slice(at + 1),
          domain: new URL(base).hostname,
          path: '/',
        };
      }),
    );
  } finally {
    await browser.disconnect();
  }
}

async function audit(url: string, port: number) {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
    undefined,
  );
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  return result.lhr;
}

export async function runLighthouseBench(
  runs = 3,
  port = DEFAULT_PORT,
  only: readonly Page[] = PAGES,
): Promise<LighthouseFigures> {
  // Another port is another product beside this one: its own database too.
  const database = `aircloud_bench_lighthouse${port === DEFAULT_PORT ? '' : `_${port}`}`;
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found (apt-get install chromium)`);
  await buildClient(OUT_DIR);
  process.env.CLIENT_DIST = OUT_DIR;
  const varDir = 'var/bench-lighthouse';
  mkdirSync(path.join(root, varDir), { recursive: true });
  const product = startProduct({ port, database, varDir });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-gpu',
    ],
  });
  try {
    await waitReady(product.base);
    const db = createDatabase(`postgres://postgres@127.0.0.1:5432/${database}`, 1);
    await seedDemoDevices(db);
    await db.$client.end();
    const pages: LighthousePage[] = [];
    // The login page first, anonymous; then the signed-in user's purifiers.
    for (const page of PAGES.filter((p) => only.includes(p))) {
      if (page === '/purifiers')
        await setBrowserCookies(chrome.port, product.base, await signIn(product.base));
      const lhrs: Result[] = [];
      for (let i = 0; i < runs; i++) lhrs.push(await audit(`${product.base}${page}`, chrome.port));
      const landed = new URL(lhrs[0]!.finalDisplayedUrl).pathname;
      if (landed !== page) throw new Error(`${page} ended on ${landed}: not signed in?`);
      const score = (lhr: Result, c: Category) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      lhrs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      const median = lhrs[Math.floor(lhrs.length / 2)]!;
      // The whole report of the median run, to read what holds a page back.
      writeFileSync(
        path.join(root, varDir, `lighthouse${page.replaceAll('/', '-')}.json`),
        JSON.stringify(median),
      );
      const numeric = (id: string) => median.audits[id]?.numericValue ?? NaN;
      const failedIn = (c: Category) =>
        (median.categories[c]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (median.audits[ref.id]?.score ?? 1) < 0.9)
          .map((ref) => ref.id);
      pages.push({
        page,
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(median, c)])) as Record<
          Category,
          number
        >,
        runs: lhrs.map((l) => score(l, 'performance')),
        metrics: {
          fcp: Math.round(numeric('first-contentful-paint')),
          lcp: Math.round(numeric('largest-contentful-paint')),
          tbt: Math.round(numeric('total-blocking-time')),
          cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
          si: Math.round(numeric('speed-index')),
        },
        failed: Object.fromEntries(
          CATEGORIES.map((c) => [c, failedIn(c)] as const).filter(([, ids]) => ids.length > 0),
        ),
        requests: (
          (median.audits['network-requests']?.details as { items?: unknown[] } | undefined)
            ?.items ?? []
        ).length,
      });
    }
    return { pages };
  } finally {
    chrome.kill();
    await product.stop();
  }
}

export function printLighthouseFigures(figures: LighthouseFigures): void {
  console.table(
    figures.pages.map((p) => ({
      page: p.page,
      performance: p.scores.performance,
      accessibility: p.scores.accessibility,
      'best practices': p.scores['best-practices'],
      seo: p.scores.seo,
      'runs (perf)': p.runs.join(' / '),
      'FCP ms': p.metrics.fcp,
      'LCP ms': p.metrics.lcp,
      'TBT ms': p.metrics.tbt,
      CLS: p.metrics.cls,
      requests: p.requests,
    })),
  );
  for (const p of figures.pages) {
    for (const [category, ids] of Object.entries(p.failed))
      console.log(`${p.page} ${category}: failed ${ids.join(', ')}`);
  }
  console.log('targets (decisions §5): performance ≥ 90 and accessibility 100 on both pages');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      port: { type: 'string', default: String(DEFAULT_PORT) },
      // One page (repeatable) while working on it; the docs keep the figures of both.
      pages: { type: 'string', multiple: true },
      'no-doc': { type: 'boolean', default: false },
    },
  });
  const only = (values.pages ?? [...PAGES]).filter((p): p is Page =>
    (PAGES as readonly string[]).includes(p),
  );
  const figures = await runLighthouseBench(Number(values.runs), Number(values.port), only);
  printLighthouseFigures(figures);
  mkdirSync(path.join(root, 'var'), { recursive: true });
  writeFileSync(path.join(root, 'var/bench-lighthouse.json'), JSON.stringify(figures, null, 2));
  const met = figures.pages.every(
    (p) => p.scores.performance >= 90 && p.scores.accessibility === 100,
  );
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const rows = figures.pages.map(
    (p) =>
      `| \`${p.page}\` | ${p.scores.performance} (${p.runs.join(' / ')}) | ${p.scores.accessibility} | ` +
      `${p.scores['best-practices']} | ${p.scores.seo} | ${p.metrics.fcp} / ${p.metrics.lcp} / ` +
      `${p.metrics.tbt} ms, CLS ${p.metrics.cls} | ${p.requests} |`,
  );
  if (!values['no-doc'] && only.length === PAGES.length)
    await writePerformanceSection(
      '## Lighthouse',
      `## Lighthouse

\`npm run bench:lighthouse\` (${when} UTC): Lighthouse mobile (simulated Slow 4G and a 4× slower
CPU) against Debian's Chromium, the median of ${values.runs} runs by performance score. Target
(decisions section 5): performance ≥ 90 and accessibility 100 on both pages — **${met ? 'met' : 'missed'}**.

| page | performance (runs) | accessibility | best practices | SEO | FCP / LCP / TBT | requests |
| --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
`,
    );
  process.exit(met ? 0 : 1);
}
