import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../lib/app.js';
import { synthesize, validationFindings, type Synthesized } from './synth.js';

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };

const FEEDBACK_FORM = 'https://forms.example.org/f/story-magic-beta';

/**
 * The context flags, in one synthesis: a throwaway environment (`allowDestroy=true`) with the offline
 * story provider, an embedded feedback form, and no SPA build. Bundling is skipped: no code is under test.
 */
describe('deploy options', () => {
  let synth: Synthesized;
  let template: Template;
  const emptyDist = mkdtempSync(join(tmpdir(), 'story-magic-no-web-build-'));

  afterAll(() => {
    synth.cleanup();
    rmSync(emptyDist, { recursive: true, force: true });
  });

  beforeAll(() => {
    synth = synthesize({
      bundle: false,
      spaDistDir: emptyDist,
      context: { allowDestroy: 'true', storyProvider: 'local', feedbackFormUrl: FEEDBACK_FORM },
    });
    template = synth.template;
  });

  describe('allowDestroy=true', () => {
    it('turns deletion protection off and deletes the table and the user pool with the stack', () => {
      const table = Object.values(template.findResources('AWS::DynamoDB::Table'))[0] as Resource;
      expect(table.Properties.DeletionProtectionEnabled).toBe(false);
      expect(table.DeletionPolicy).toBe('Delete');
      const pool = Object.values(template.findResources('AWS::Cognito::UserPool'))[0] as Resource;
      expect(pool.Properties.DeletionProtection).toBe('INACTIVE');
      expect(pool.DeletionPolicy).toBe('Delete');
    });

    it('deletes the buckets, emptying them first', () => {
      const buckets = Object.values(template.findResources('AWS::S3::Bucket')) as Resource[];
      expect(buckets.map((b) => b.DeletionPolicy)).toEqual(['Delete', 'Delete', 'Delete']);
      template.resourceCountIs('Custom::S3AutoDeleteObjects', 3);
    });
  });

  describe('storyProvider=local', () => {
    it('configures the functions for the offline provider and grants no Bedrock access', () => {
      const node = Object.values(
        template.findResources('AWS::Lambda::Function', { Properties: { Runtime: 'nodejs22.x' } }),
      ) as Resource[];
      expect(node).toHaveLength(4); // api, workflow tasks, Cognito triggers, retention
      for (const fn of node.filter((f) => JSON.stringify(f).includes('STORY_PROVIDER'))) {
        expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.STORY_PROVIDER).toBe(
          'local',
        );
      }
      expect(JSON.stringify(template.findResources('AWS::IAM::Policy'))).not.toContain('bedrock:');
    });
  });

  describe('feedbackFormUrl', () => {
    it("allows only that form's origin (beside the welcome video player) in the app's frame-src", () => {
      const policies = JSON.stringify(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
      expect(policies).toContain("frame-src 'self' https://www.youtube-nocookie.com https://forms.example.org;");
    });

    it('writes it into app-config.json', () => {
      const configFile = readdirSync(synth.outdir)
        .map((entry) => join(synth.outdir, entry, 'app-config.json'))
        .find((file) => existsSync(file));
      expect(configFile).toBeDefined();
      const config = JSON.parse(readFileSync(configFile as string, 'utf8')) as Record<string, unknown>;
      expect(config.feedbackFormUrl).toBe(FEEDBACK_FORM);
    });
  });

  describe('without a web build', () => {
    it('still synthesizes, deploying app-config.json only, and warns to run `npm run build:web`', () => {
      template.resourceCountIs('Custom::CDKBucketDeployment', 1);
      template.hasResourceProperties('Custom::CDKBucketDeployment', { SourceObjectKeys: [Match.anyValue()] });
      Annotations.fromStack(synth.stack).hasWarning('/StoryMagic/Web', Match.stringLikeRegexp('npm run build:web'));
    });

    it('reports nothing else: no cdk-nag finding in this configuration either', () => {
      expect(validationFindings(synth.assembly)).toEqual([
        'Construct Annotations: Annotation::story-magic:web-not-built (warning)',
      ]);
    });
  });

  describe('invalid context', () => {
    it.each([
      [{ storyProvider: 'openai' }, /storyProvider/],
      [{ allowDestroy: 'yes' }, /allowDestroy/],
      [{ feedbackFormUrl: 'http://forms.example.org/f/1' }, /feedbackFormUrl/],
    ])('refuses %o', (context, message) => {
      expect(() => createApp({ context })).toThrow(message);
    });
  });
});
