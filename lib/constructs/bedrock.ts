import { Aws, CfnRule, Fn, Stack } from 'aws-cdk-lib';
import { CfnGuardrail, CfnGuardrailVersion } from 'aws-cdk-lib/aws-bedrock';
import { PolicyStatement, type IRole } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { createHash } from 'node:crypto';
import { defaultModelProblems, grantsFor } from '#common/models/catalogue.js';
import type { BedrockQuotas } from '#common/models/quotas.js';
import { guardrailPolicy, guardrailProfileId, guardrailProfileRegions } from './guardrail-policy.js';

/** The quotas' variable (lambdas/runtime/config.ts `BEDROCK_QUOTAS`), set when there are quotas to keep to. */
const quotasEnvironment = (quotas: BedrockQuotas | undefined): Record<string, string> =>
  quotas ? { BEDROCK_QUOTAS: JSON.stringify(quotas) } : {};

export interface BedrockProps {
  /** The region the stack and its Bedrock calls run in (`-c bedrockRegion`, default us-west-2). */
  readonly region: string;
  /** An operator's own guardrail (`-c guardrailId`); without it the app creates its own. */
  readonly guardrail?: { readonly id: string; readonly version: string } | undefined;
  /** The account's Bedrock quotas the capacity gate admits work against (`-c bedrockQuotas`). */
  readonly quotas?: BedrockQuotas | undefined;
}

/**
 * Everything the bedrock provider needs in AWS: a synth-time check that the region serves the product's
 * models (from common/models/catalogue.ts), a deploy-time rule that the stack really is in that region,
 * the child-safety guardrail (unless the operator names one), and the exact grants for the tasks role.
 */
export class Bedrock extends Construct {
  /** The server configuration (lambdas/runtime/config.ts) the provider reads. */
  readonly environment: Readonly<Record<string, string>>;
  /** The guardrail the app created, when the operator named none. */
  readonly guardrail: CfnGuardrail | undefined;
  readonly guardrailVersion: CfnGuardrailVersion | undefined;
  private readonly guardrailArn: string;
  private readonly region: string;

  constructor(scope: Construct, id: string, props: BedrockProps) {
    super(scope, id);
    this.region = props.region;

    const problems = defaultModelProblems(props.region);
    if (problems.length > 0) {
      throw new Error(
        `Story Magic's models cannot run in ${props.region}: ${problems.join('; ')}. Deploy with ` +
          '-c bedrockRegion=us-west-2 (the default, which serves them all) or -c storyProvider=local.',
      );
    }

    // The stack is region-agnostic (synth needs no credentials), so the region is checked when deploying.
    new CfnRule(this, 'RegionRule', {
      assertions: [
        {
          assert: Fn.conditionEquals(Aws.REGION, props.region),
          assertDescription:
            `Story Magic's Bedrock models and guardrail are set up for ${props.region}: deploy the StoryMagic ` +
            `stack there, or synthesize with -c bedrockRegion=<this region> if the catalogue serves it.`,
        },
      ],
    });

    if (props.guardrail) {
      const given = props.guardrail.id;
      this.guardrailArn = given.startsWith('arn:')
        ? given
        : Stack.of(this).formatArn({ service: 'bedrock', resource: 'guardrail', resourceName: given });
      this.environment = {
        BEDROCK_REGION: props.region,
        BEDROCK_GUARDRAIL_ID: given,
        BEDROCK_GUARDRAIL_VERSION: props.guardrail.version,
        ...quotasEnvironment(props.quotas),
      };
      return;
    }

    const profileArn = Stack.of(this).formatArn({
      service: 'bedrock',
      region: props.region,
      resource: 'guardrail-profile',
      resourceName: guardrailProfileId(props.region),
    });
    const policy = guardrailPolicy(`${Stack.of(this).stackName}-children`, profileArn);
    this.guardrail = new CfnGuardrail(this, 'Guardrail', policy);
    // A version is a snapshot: the policy's hash in its description replaces it whenever the policy changes.
    const fingerprint = createHash('sha256').update(JSON.stringify(policy)).digest('hex').slice(0, 12);
    this.guardrailVersion = new CfnGuardrailVersion(this, 'GuardrailVersion', {
      guardrailIdentifier: this.guardrail.attrGuardrailId,
      description: `Story Magic child-safety policy ${fingerprint}`,
    });
    this.guardrailArn = this.guardrail.attrGuardrailArn;
    this.environment = {
      BEDROCK_REGION: props.region,
      BEDROCK_GUARDRAIL_ID: this.guardrail.attrGuardrailId,
      BEDROCK_GUARDRAIL_VERSION: this.guardrailVersion.attrVersion,
      ...quotasEnvironment(props.quotas),
    };
  }

  /**
   * Exactly what the provider calls: InvokeModel (Converse is authorised by it) and
   * InvokeModelWithResponseStream (ConverseStream, the streamed story) on the catalogue's
   * models and profiles served from this region, in every region a profile routes to; ApplyGuardrail on
   * the one guardrail; and the Marketplace subscription a third-party model (Stability) takes on first call.
   */
  grantInvoke(role: IRole): void {
    const { foundationModels, profiles } = grantsFor(this.region);
    const stack = Stack.of(this);
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream'],
        resources: [
          ...foundationModels.map(
            ([region, modelId]) => `arn:${Aws.PARTITION}:bedrock:${region}::foundation-model/${modelId}`,
          ),
          ...profiles.map((profile) =>
            stack.formatArn({
              service: 'bedrock',
              region: this.region,
              resource: 'inference-profile',
              resourceName: profile,
            }),
          ),
        ],
      }),
    );
    this.grantApplyGuardrail(role);
    // AWS lists all three as what a role needs to call a Marketplace model for the first time.
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['aws-marketplace:ViewSubscriptions', 'aws-marketplace:Subscribe', 'aws-marketplace:Unsubscribe'],
        resources: ['*'],
      }),
    );
  }

  /**
   * ApplyGuardrail on the one guardrail: the tasks role (every picture prompt) and the API's (family text
   * at the door, lambdas/adapters/meaning-check.ts).
   */
  grantApplyGuardrail(role: IRole): void {
    const stack = Stack.of(this);
    // The app's guardrail is on the Standard tier, which runs its checks through the geography's guardrail
    // profile, in any region of it: the profile and the guardrail in each region are granted. An operator's
    // own guardrail is applied as named, and only it.
    const created = this.guardrail;
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['bedrock:ApplyGuardrail'],
        resources: created
          ? [
              ...guardrailProfileRegions(this.region).map((region) =>
                stack.formatArn({
                  service: 'bedrock',
                  region,
                  resource: 'guardrail',
                  resourceName: created.attrGuardrailId,
                }),
              ),
              stack.formatArn({
                service: 'bedrock',
                region: this.region,
                resource: 'guardrail-profile',
                resourceName: guardrailProfileId(this.region),
              }),
            ]
          : [this.guardrailArn],
      }),
    );
  }
}
