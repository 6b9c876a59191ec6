/** Deleted and repainted pictures leave CloudFront's cache: who may invalidate, what, and how it learns the id. */
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthesize, type Synthesized } from './synth.js';

type Statement = { Action: string | string[]; Resource: unknown };
type PolicyResource = { Properties: { PolicyDocument: { Statement: Statement[] }; Roles: { Ref: string }[] } };

describe('CloudFront invalidation of deleted pictures', () => {
  let synth: Synthesized;
  let distribution: string;
  beforeAll(() => {
    synth = synthesize({ bundle: false });
    distribution = synth.stack.getLogicalId(synth.stack.web.distribution.node.defaultChild as never);
  });
  afterAll(() => synth.cleanup());

  const roleOf = (fn: { role: { node: { defaultChild?: unknown } } }) =>
    synth.stack.getLogicalId(fn.role.node.defaultChild as never);

  it('grants CreateInvalidation on exactly this distribution, to the API, the workflow tasks and the retention job only', () => {
    const grants = Object.values(
      synth.template.findResources('AWS::IAM::Policy') as Record<string, PolicyResource>,
    ).filter((policy) =>
      policy.Properties.PolicyDocument.Statement.some((s) =>
        [s.Action].flat().includes('cloudfront:CreateInvalidation'),
      ),
    );
    // The other is the SPA deployment's own (it invalidates the site on deploy).
    // The retention job deletes accounts nobody uses, pictures and all.
    const functions = [
      roleOf(synth.stack.api.handler),
      roleOf(synth.stack.workflow.tasks),
      roleOf(synth.stack.retention.job),
    ].sort();
    const ours = grants.filter((policy) => policy.Properties.Roles.some((role) => functions.includes(role.Ref)));
    expect(ours).toHaveLength(1);
    const [grant] = ours as [PolicyResource];
    expect(grant.Properties.Roles.map((role) => role.Ref).sort()).toEqual(functions);
    expect(grant.Properties.PolicyDocument.Statement).toEqual([
      {
        Action: 'cloudfront:CreateInvalidation',
        Effect: 'Allow',
        Resource: {
          'Fn::Join': [
            '',
            [
              'arn:',
              { Ref: 'AWS::Partition' },
              ':cloudfront::',
              { Ref: 'AWS::AccountId' },
              ':distribution/',
              { Ref: distribution },
            ],
          ],
        },
      },
    ]);
  });

  it('hands the distribution id over in an SSM parameter the functions name in their environment', () => {
    synth.template.hasResourceProperties('AWS::SSM::Parameter', {
      Name: '/StoryMagic/media-distribution-id',
      Value: { Ref: distribution },
    });
    for (const fn of [synth.stack.api.handler, synth.stack.workflow.tasks, synth.stack.retention.job]) {
      synth.template.hasResourceProperties('AWS::Lambda::Function', {
        Role: { 'Fn::GetAtt': [roleOf(fn), 'Arn'] },
        Environment: {
          Variables: Match.objectLike({ MEDIA_DISTRIBUTION_PARAMETER: '/StoryMagic/media-distribution-id' }),
        },
      });
    }
  });
});
