import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BEDROCK_REGION,
  DEFAULT_MODELS,
  defaultModelProblems,
  findModel,
  grantsFor,
  invocationFor,
  MODEL_CATALOGUE,
} from '#common/models/catalogue.js';
import { templateUpdateSchemaFor } from '#common/validation/admin.js';
import { AWS_MODELS, awsServing } from '../../bin/local/bedrock-twin/aws-models.js';

describe('the model catalogue', () => {
  it('holds the default models, and the default region serves all of them', () => {
    for (const id of Object.values(DEFAULT_MODELS)) expect(findModel(id), id).toBeDefined();
    expect(defaultModelProblems(DEFAULT_BEDROCK_REGION)).toEqual([]);
  });

  it('calls Nova on demand in us-east-1 and through the us. profile from us-east-2 and us-west-2', () => {
    const east = invocationFor('amazon.nova-lite-v1:0', 'us-east-1');
    const west = invocationFor('amazon.nova-lite-v1:0', 'us-west-2');
    expect(east.ok && east.invocation.modelId).toBe('amazon.nova-lite-v1:0');
    expect(west.ok && west.invocation.modelId).toBe('us.amazon.nova-lite-v1:0');
    expect(west.ok && west.invocation.foundationModelRegions).toEqual(['us-east-1', 'us-east-2', 'us-west-2']);
    // A profile id named on purpose is honoured where the region is one of its sources.
    const named = invocationFor('us.amazon.nova-lite-v1:0', 'us-east-1');
    expect(named.ok && named.invocation.modelId).toBe('us.amazon.nova-lite-v1:0');
  });

  it('refuses, saying where a model is served, a region or a model it cannot serve', () => {
    expect(invocationFor('stability.stable-image-ultra-v1:1', 'us-east-1')).toEqual({
      ok: false,
      reason:
        'Stability Stable Image Ultra (stability.stable-image-ultra-v1:1) is not served in us-east-1; it is served in us-west-2',
    });
    expect(invocationFor('amazon.nova-lite-v1:0', 'eu-west-1').ok).toBe(false);
    expect(invocationFor('anthropic.claude-v2', 'us-west-2')).toMatchObject({
      ok: false,
      reason: /not in Story Magic/,
    });
    expect(defaultModelProblems('us-east-1')).toHaveLength(2); // Core and Ultra
  });

  it('grants every profile destination region, and nothing for a region that serves nothing', () => {
    const west = grantsFor('us-west-2');
    expect([...west.profiles].sort()).toEqual(MODEL_CATALOGUE.flatMap((m) => (m.profile ? [m.profile.id] : [])).sort());
    expect(west.foundationModels).toContainEqual(['us-east-2', 'amazon.nova-pro-v1:0']);
    expect(west.foundationModels).toContainEqual(['us-west-2', 'stability.stable-image-core-v1:1']);
    expect(west.foundationModels).not.toContainEqual(['us-east-1', 'stability.stable-image-core-v1:1']);
    expect(grantsFor('eu-west-1')).toEqual({ foundationModels: [], profiles: [] });
  });

  it('lets an admin name only a catalogue model of the template’s kind, within its token limit', () => {
    const story = templateUpdateSchemaFor('story_system');
    const edit = (model: string, max_tokens: number) => ({
      content: 'Write kindly.',
      parameters: { model, temperature: 0.7, max_tokens },
    });
    expect(story.safeParse(edit('amazon.nova-lite-v1:0', 5_000)).success).toBe(true);
    expect(story.safeParse(edit('us.amazon.nova-lite-v1:0', 2_000)).success).toBe(true);
    expect(story.safeParse(edit('amazon.nova-lite-v1:0', 5_001)).error?.issues[0]?.message).toBe(
      'Max tokens must be 5000 or less for Amazon Nova Lite',
    );
    expect(story.safeParse(edit('stability.stable-image-core-v1:1', 2_000)).success).toBe(false);
    const image = templateUpdateSchemaFor('image_generation');
    expect(image.safeParse(edit('stability.stable-image-ultra-v1:1', 2_000)).success).toBe(true);
    expect(image.safeParse(edit('amazon.nova-lite-v1:0', 2_000)).success).toBe(false);
  });
});

describe('the model catalogue against AWS’s documented availability (the twin’s table)', () => {
  const regions = [
    ...new Set([
      ...MODEL_CATALOGUE.flatMap((model) => [...model.onDemandRegions, ...(model.profile?.sourceRegions ?? [])]),
      ...AWS_MODELS.flatMap((model) => [...model.inRegion, ...(model.usProfile?.sourceRegions ?? [])]),
      'us-west-1',
      'eu-west-1',
    ]),
  ].sort();
  /**
   * Where AWS serves a model the catalogue does not offer, on purpose: the US profile may be called from
   * us-west-1, but the Regions it routes to from there (which IAM must grant) are not in our copy of AWS's
   * tables, so the catalogue leaves the Region out rather than grant too little.
   */
  const LEFT_OUT = ['amazon.nova-lite-v1:0 in us-west-1', 'amazon.nova-pro-v1:0 in us-west-1'];

  it('holds the same models, kinds, profiles and output limits as AWS documents', () => {
    expect(MODEL_CATALOGUE.map((model) => model.id).sort()).toEqual(AWS_MODELS.map((model) => model.id).sort());
    for (const model of MODEL_CATALOGUE) {
      const aws = AWS_MODELS.find((each) => each.id === model.id);
      expect(
        { kind: model.kind, profile: model.profile?.id, maxOutputTokens: model.maxOutputTokens },
        model.id,
      ).toEqual({
        kind: aws?.kind,
        profile: aws?.usProfile?.id,
        maxOutputTokens: aws?.maxOutputTokens,
      });
    }
  });

  it('calls each model in each Region the way AWS serves it there, and offers it wherever AWS does', () => {
    const leftOut: string[] = [];
    for (const model of MODEL_CATALOGUE) {
      for (const region of regions) {
        const check = invocationFor(model.id, region);
        // What AWS serves from this Region: the model's own id, else its profile, else nothing.
        const served = [model.id, model.profile?.id].find((id) => id && awsServing(id, region).served);
        if (check.ok) expect(`${check.invocation.modelId} in ${region}`).toBe(`${served} in ${region}`);
        else if (served) leftOut.push(`${model.id} in ${region}`);
      }
    }
    expect(leftOut).toEqual(LEFT_OUT);
  });
});
