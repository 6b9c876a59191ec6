import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { LocalStack } from '../local/stack.js';
import { generateStory } from './generation.js';
import { newFamily, type Family } from './families.js';
import { round } from './stats.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../local/chromium.js';

/**
 * Lighthouse (performance and accessibility, its default mobile profile: simulated slow 4G and a 4x slower
 * CPU) on the production build served by the local stack, for the landing page, home and a story page.
 *
 * The signed-in pages need a session, and the SPA keeps Amplify's tokens in localStorage. So: one Chromium,
 * started by chrome-launcher with a profile of its own; playwright-core attaches to it over CDP, signs in
 * through the real form and lets go; then Lighthouse runs in the same browser. Lighthouse's storage reset
 * before each run clears the HTTP cache (every run is a cold load) and only the storage types named below,
 * never localStorage, so the session survives. A run that ends anywhere but the page asked for (the app
 * sends a visitor without a session to /auth) is an error, not a figure.
 */

/** Lighthouse 13's default list, spelled out so a change of default cannot start clearing localStorage. */
const CLEAR_STORAGE_TYPES = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage'] as const;

export type LighthousePage = {
  url: string;
  performance: number;
  accessibility: number;
  /** All runs' performance scores, best to worst: Lighthouse varies between runs, the median is reported. */
  performanceRuns: number[];
  metricsMs: { fcp: number; lcp: number; tbt: number; speedIndex: number };
  cls: number;
  /** JavaScript the page really downloaded (transfer size), a cross-check of the bundle figures. */
  scriptTransferKB: number;
  /** Accessibility audits that failed, by id, with how many elements each. */
  accessibilityFailures: Record<string, number>;
  /** Lighthouse's estimate of this machine's speed (a fast desktop scores over 1000). */
  benchmarkIndex: number;
  /** Where the time went (simulated: observed CPU time times the slowdown), for a score that misses. */
  diagnostics: {
    mainThreadMs: Record<string, number>;
    longestTasks: { url: string; ms: number }[];
    layoutShifts: { selector: string; score: number }[];
  };
};

type Items<T> = { items?: T[] } | undefined;

async function signInThroughForm(port: number, webUrl: string, family: Family): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    await page.goto(`${webUrl}/auth?mode=login`);
    await page.getByLabel('Email').fill(family.email);
    await page.getByLabel('Password').fill(family.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${webUrl}/home`);
    await page.close();
  } finally {
    // Over CDP this only disconnects: the browser, its profile and the session stay for Lighthouse.
    await browser.close();
  }
}

async function audit(port: number, url: string, save: string): Promise<LighthousePage> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    clearStorageTypes: [...CLEAR_STORAGE_TYPES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  writeFileSync(save, JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`Lighthouse asked for ${url} but measured ${lhr.finalDisplayedUrl}: the session was lost`);
  }
  const items = <T>(id: string) => (lhr.audits[id]?.details as Items<T>)?.items ?? [];
  const numeric = (id: string) => round(lhr.audits[id]?.numericValue ?? Number.NaN, 0);
  const scripts = items<{ resourceType?: string; transferSize?: number }>('network-requests').filter(
    (item) => item.resourceType === 'Script',
  );
  const accessibilityFailures: Record<string, number> = {};
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const found = lhr.audits[ref.id];
    if (found && found.score !== null && found.score < 1 && ref.weight > 0) {
      accessibilityFailures[ref.id] = items(ref.id).length;
    }
  }
  const path = (url: string) => (url.startsWith('http') ? new URL(url).pathname : url);
  const diagnostics = {
    mainThreadMs: Object.fromEntries(
      items<{ group: string; duration: number }>('mainthread-work-breakdown').map((i) => [
        i.group,
        round(i.duration, 0),
      ]),
    ),
    longestTasks: items<{ url: string; duration: number }>('long-tasks')
      .slice(0, 3)
      .map((task) => ({ url: path(task.url), ms: round(task.duration, 0) })),
    layoutShifts: items<{ node?: { selector?: string }; score: number }>('layout-shifts').map((shift) => ({
      selector: shift.node?.selector ?? '?',
      score: round(shift.score, 3),
    })),
  };
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  return {
    url: new URL(url).pathname,
    performance: score('performance'),
    accessibility: score('accessibility'),
    performanceRuns: [],
    metricsMs: {
      fcp: numeric('first-contentful-paint'),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      speedIndex: numeric('speed-index'),
    },
    cls: round(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN, 3),
    scriptTransferKB: round(scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1000),
    accessibilityFailures,
    benchmarkIndex: round(lhr.environment.benchmarkIndex, 0),
    diagnostics,
  };
}

/**
 * `runs` audits of one page; the run with the median performance score stands for the page. Each run's
 * full report is kept in `saveDir` (open it in the Lighthouse viewer for the details behind a score).
 */
async function medianAudit(port: number, url: string, runs: number, saveDir: string, name: string) {
  const results: LighthousePage[] = [];
  for (let i = 0; i < runs; i++) results.push(await audit(port, url, join(saveDir, `${name}-${i + 1}.json`)));
  results.sort((a, b) => b.performance - a.performance);
  const median = results[Math.floor(results.length / 2)] as LighthousePage;
  return { ...median, performanceRuns: results.map((r) => r.performance) };
}

export async function benchLighthouse(stack: LocalStack, options: { runs: number; saveDir: string }) {
  const { runs, saveDir } = options;
  mkdirSync(saveDir, { recursive: true });
  const webUrl = stack.urls.web;
  if (!webUrl) throw new Error('Lighthouse needs the stack started with its web server (web: preview)');
  // A family with a story of its own: the story page shows it with its cover picture.
  const family = await newFamily(stack);
  const { storyId } = await generateStory(stack, family);

  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS] });
  try {
    // The landing page as a first-time visitor sees it, before anyone signs in.
    const landing = await medianAudit(chrome.port, `${webUrl}/`, runs, saveDir, 'landing');
    await signInThroughForm(chrome.port, webUrl, family);
    const home = await medianAudit(chrome.port, `${webUrl}/home`, runs, saveDir, 'home');
    const story = await medianAudit(chrome.port, `${webUrl}/story/${storyId}`, runs, saveDir, 'story');
    return {
      profile: 'Lighthouse defaults: mobile, simulated slow 4G, 4x CPU slowdown; cold HTTP cache',
      runsPerPage: runs,
      pages: { landing, home, story },
    };
  } finally {
    chrome.kill();
  }
}

export type LighthouseReport = Awaited<ReturnType<typeof benchLighthouse>>;
