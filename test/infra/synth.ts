import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { Template } from 'aws-cdk-lib/assertions';
import { createApp } from '../../lib/app.js';
import { fromRoot } from '../../lib/paths.js';
import type { StoryMagicStack } from '../../lib/story-magic-stack.js';

/** The project's context (feature flags and defaults) exactly as `cdk synth` passes it from cdk.json. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(fromRoot('cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  return cdkJson.context ?? {};
}

/** The fixture page's inline script (the built page has one: its early script, web/build/preload-screen.ts). */
export const SPA_FIXTURE_INLINE_SCRIPT = 'window.early = true;';

/** A stand-in for `web/dist`, so the tests never depend on whether the SPA has been built. */
export function spaFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'story-magic-spa-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><script>${SPA_FIXTURE_INLINE_SCRIPT}</script><script type="module" src="/assets/index-abc123.js"></script>`,
  );
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("story magic");');
  return dir;
}

export interface SynthOptions {
  readonly context?: Record<string, unknown>;
  /** Bundle the Lambdas with esbuild (seconds each); skip where the code is not under test. @default true */
  readonly bundle?: boolean;
  /** @default a fixture holding index.html and one hashed bundle */
  readonly spaDistDir?: string;
}

export interface Synthesized {
  readonly stack: StoryMagicStack;
  readonly assembly: CloudAssembly;
  readonly template: Template;
  readonly outdir: string;
  /** Removes the temporary cloud assembly and SPA fixture (call it in afterAll). */
  readonly cleanup: () => void;
}

/**
 * Synthesizes the app exactly as bin/app.ts does (same composition, cdk.json's context, cdk-nag
 * attached) into a temporary cloud assembly. Synthesis throws if cdk-nag reports an unacknowledged error.
 */
export function synthesize(options: SynthOptions = {}): Synthesized {
  const outdir = mkdtempSync(join(tmpdir(), 'story-magic-cdk-'));
  const context = {
    ...cdkJsonContext(),
    ...options.context,
    ...(options.bundle === false ? { 'aws:cdk:bundling-stacks': [] } : {}),
  };
  const fixture = options.spaDistDir ? undefined : spaFixture();
  const { app, stack } = createApp({ context, outdir, spaDistDir: options.spaDistDir ?? fixture });
  const cleanup = () => {
    for (const dir of [outdir, fixture]) if (dir) rmSync(dir, { recursive: true, force: true });
  };
  try {
    const assembly = app.synth();
    const template = Template.fromJSON(assembly.getStackArtifact(stack.artifactId).template as Record<string, unknown>);
    return { stack, assembly, template, outdir, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

type ValidationReport = {
  pluginReports: { pluginName: string; violations?: { ruleName: string; severity?: string }[] }[];
};

/** Everything the validation plugins (cdk-nag, CDK's own checks, annotations) reported, as `plugin: rule`. */
export function validationFindings(assembly: CloudAssembly): string[] {
  let report: ValidationReport;
  try {
    report = JSON.parse(readFileSync(join(assembly.directory, 'validation-report.json'), 'utf8')) as ValidationReport;
  } catch {
    return []; // no report written: no plugin had anything to say
  }
  return report.pluginReports.flatMap((r) =>
    (r.violations ?? []).map((v) => `${r.pluginName}: ${v.ruleName} (${v.severity ?? '?'})`),
  );
}
