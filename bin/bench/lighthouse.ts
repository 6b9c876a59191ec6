import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { LocalStack } from '../local/stack.js';
import { generateStory } from './generation.js';
import { callApi, newFamily, type Family } from './families.js';
import { round } from './stats.js';
import { startHttp2Front } from './http2-front.js';
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

/** The story's two scene pictures, asked for as the story page's "Generate Picture" does; waits until all three are painted. */
async function addScenePictures(stack: LocalStack, family: Family, storyId: string) {
  for (let scene = 0; scene < 2; scene++) {
    await callApi(stack, family.token, 'POST', `/api/stories/${storyId}/images`, {});
    for (let waited = 0; ; waited += 100) {
      const story = await callApi<{ images: unknown[] }>(stack, family.token, 'GET', `/api/stories/${storyId}`);
      if (story.images.length === scene + 2) break;
      if (waited > 30_000) throw new Error(`story ${storyId}: scene picture ${scene + 1} not painted in 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** How the page is served: as CloudFront serves it (HTTP/2 over TLS), or as the local web server does (HTTP/1.1). */
type Protocol = 'h2' | 'http1';
const PROTOCOLS: readonly Protocol[] = ['h2', 'http1'];
type Origins = Record<Protocol, string>;

/** One audit; Lighthouse sometimes fails to record the trace ("Please run Lighthouse again"): once more, as it asks. */
function auditOnce(port: number, url: string, save: string): Promise<LighthousePage> {
  return audit(port, url, save).catch((error: unknown) => {
    if (!String(error).includes('NO_NAVSTART')) throw error;
    console.error(`Lighthouse recorded no trace for ${url} (NO_NAVSTART); running it again`);
    return audit(port, url, save);
  });
}

/**
 * `runs` audits of one page per protocol, the protocols taking turns run by run so that both meet the same
 * moments of a shared machine; per protocol, the run with the median performance score stands for the page.
 * Each run's full report is kept in `saveDir` (open it in the Lighthouse viewer for the details behind a score).
 */
async function medianAudits(port: number, origins: Origins, path: string, runs: number, saveDir: string, name: string) {
  const results: Record<Protocol, LighthousePage[]> = { h2: [], http1: [] };
  for (let i = 0; i < runs; i++) {
    for (const protocol of PROTOCOLS) {
      const save = join(saveDir, `${name}-${protocol}-${i + 1}.json`);
      results[protocol].push(await auditOnce(port, `${origins[protocol]}${path}`, save));
    }
  }
  const median = (pages: LighthousePage[]) => {
    pages.sort((a, b) => b.performance - a.performance);
    return {
      ...(pages[Math.floor(pages.length / 2)] as LighthousePage),
      performanceRuns: pages.map((r) => r.performance),
    };
  };
  return { h2: median(results.h2), http1: median(results.http1) };
}

export async function benchLighthouse(stack: LocalStack, options: { runs: number; saveDir: string }) {
  const { runs, saveDir } = options;
  rmSync(saveDir, { recursive: true, force: true });
  mkdirSync(saveDir, { recursive: true });
  const localUrl = stack.urls.web;
  if (!localUrl) throw new Error('Lighthouse needs the stack started with its web server (web: preview)');
  // A family with a story of its own, with its three pictures: the cover and the two scenes.
  const family = await newFamily(stack);
  const { storyId } = await generateStory(stack, family);
  await addScenePictures(stack, family, storyId);

  const front = await startHttp2Front(localUrl);
  const origins: Origins = { h2: front.url, http1: localUrl };
  // The front's certificate is a throwaway for 127.0.0.1, which this browser alone is told to accept.
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_FLAGS, '--ignore-certificate-errors'],
  });
  try {
    // The landing page as a first-time visitor sees it, before anyone signs in.
    const landing = await medianAudits(chrome.port, origins, '/', runs, saveDir, 'landing');
    // Each origin keeps its own localStorage, so the family signs in on both.
    for (const protocol of PROTOCOLS) await signInThroughForm(chrome.port, origins[protocol], family);
    const home = await medianAudits(chrome.port, origins, '/home', runs, saveDir, 'home');
    const story = await medianAudits(chrome.port, origins, `/story/${storyId}`, runs, saveDir, 'story');
    return {
      profile: 'Lighthouse defaults: mobile, simulated slow 4G, 4x CPU slowdown; cold HTTP cache',
      runsPerPage: runs,
      /** Served over HTTP/2 and TLS, as CloudFront serves the app: the figures the budgets judge. */
      pages: { landing: landing.h2, home: home.h2, story: story.h2 },
      /** The same pages over the local web server's HTTP/1.1, in the same run, for comparison. */
      http1Pages: { landing: landing.http1, home: home.http1, story: story.http1 },
    };
  } finally {
    chrome.kill();
    await front.stop();
  }
}

export type LighthouseReport = Awaited<ReturnType<typeof benchLighthouse>>;
