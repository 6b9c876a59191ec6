import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthesize, validationFindings, type Synthesized } from './synth.js';

/** A throwaway app with one bucket that breaks AwsSolutions rules (no access logs, TLS not enforced). */
function nonCompliantApp(acknowledge: boolean): { app: App; stack: Stack } {
  const app = new App({ outdir: mkdtempSync(join(tmpdir(), 'story-magic-nag-probe-')) });
  const stack = new Stack(app, 'NagProbe');
  const bucket = new Bucket(stack, 'Naked');
  if (acknowledge) {
    Validations.of(bucket).acknowledge({ id: 'AwsSolutions-S1', reason: 'test: a probe bucket' });
    Validations.of(bucket).acknowledge({ id: 'AwsSolutions-S10', reason: 'test: a probe bucket' });
  }
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}

describe('cdk-nag (AwsSolutions pack)', () => {
  let synth: Synthesized;

  beforeAll(() => {
    // Throws on any unacknowledged cdk-nag error, exactly like `cdk synth`.
    synth = synthesize({ bundle: false });
  });
  afterAll(() => synth.cleanup());

  it('finds nothing unacknowledged in the app: no error, no warning, from any validation plugin', () => {
    expect(validationFindings(synth.assembly)).toEqual([]);
  });

  it('passes the pack run directly on the stack (the acknowledgements are the only reason)', () => {
    const report = new AwsSolutionsChecks().validateScope(synth.stack);
    expect(report.violations.map((v) => v.ruleName)).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('gives every acknowledgement a written reason', () => {
    const reasons = synth.stack.node
      .findAll()
      .flatMap((c) => c.node.metadata.filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY))
      .flatMap((m) => Object.entries(m.data as Record<string, string>));
    expect(reasons.length).toBeGreaterThan(10);
    for (const [id, reason] of reasons) expect(reason.length, id).toBeGreaterThan(40);
  });

  it('does run: an unacknowledged non-compliant bucket fails synthesis with its findings', () => {
    const { app } = nonCompliantApp(false);
    let message = '';
    try {
      app.synth();
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    } finally {
      rmSync(app.outdir, { recursive: true, force: true });
    }
    expect(message).toContain("AwsSolutions::AwsSolutions-S1'");
    expect(message).toContain("AwsSolutions::AwsSolutions-S10'");
  });

  it('honours acknowledgements: the same bucket with S1 and S10 acknowledged has neither finding', () => {
    const { app, stack } = nonCompliantApp(true);
    const rules = new AwsSolutionsChecks().validateScope(stack).violations.map((v) => v.ruleName);
    rmSync(app.outdir, { recursive: true, force: true });
    expect(rules).not.toContain('AwsSolutions-S1');
    expect(rules).not.toContain('AwsSolutions-S10');
  });
});
