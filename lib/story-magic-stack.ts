import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import type { DeployConfig } from './config.js';
import { Alarms } from './constructs/alarms.js';
import { Api } from './constructs/api.js';
import { Auth } from './constructs/auth.js';
import { Bedrock } from './constructs/bedrock.js';
import { Budget } from './constructs/budget.js';
import { AccessLogs } from './constructs/buckets.js';
import { Data } from './constructs/data.js';
import { Media } from './constructs/media.js';
import { MediaSigning } from './constructs/media-signing.js';
import { Retention } from './constructs/retention.js';
import { Web } from './constructs/web.js';
import { Workflow } from './constructs/workflow.js';
import { MEDIA_SIGNING_KEY_OUTPUT } from './media-signing-parameters.js';
import { fromRoot } from './paths.js';

export interface StoryMagicStackProps extends StackProps {
  readonly deploy: DeployConfig;
  /** Vite's output directory. @default web/dist */
  readonly spaDistDir?: string;
}

/** Story Magic in AWS: every concern as one construct, wired together here. */
export class StoryMagicStack extends Stack {
  readonly deploy: DeployConfig;
  readonly accessLogs: AccessLogs;
  readonly auth: Auth;
  readonly data: Data;
  readonly media: Media;
  readonly mediaSigning: MediaSigning;
  readonly bedrock: Bedrock | undefined;
  readonly workflow: Workflow;
  readonly api: Api;
  readonly web: Web;
  readonly retention: Retention;
  readonly originSecret: Secret;
  readonly alarms: Alarms;
  /** The SSM parameter holding the distribution id, which the functions that delete pictures read. */
  get mediaDistributionParameterName(): string {
    return `/${this.stackName}/media-distribution-id`;
  }

  constructor(scope: Construct, id: string, props: StoryMagicStackProps) {
    super(scope, id, props);
    this.deploy = props.deploy;
    const { allowDestroy, removalPolicy, storyProvider } = props.deploy;
    // Buckets can only be deleted empty: in a throwaway environment, empty them on stack deletion.
    const autoDeleteObjects = allowDestroy;

    this.accessLogs = new AccessLogs(this, 'AccessLogs', { removalPolicy, autoDeleteObjects });
    const logBucket = this.accessLogs.bucket;

    this.data = new Data(this, 'Data', { removalPolicy, deletionProtection: !allowDestroy });
    this.auth = new Auth(this, 'Auth', {
      data: this.data,
      removalPolicy,
      deletionProtection: !allowDestroy,
      reservedConcurrency: props.deploy.reservedConcurrency?.triggers,
    });
    this.media = new Media(this, 'Media', {
      removalPolicy,
      autoDeleteObjects,
      accessLogs: { bucket: logBucket, prefix: 's3/media/' },
    });

    this.mediaSigning = new MediaSigning(this, 'MediaSigning', { removalPolicy });

    // The bedrock provider's region, guardrail and grants (the catalogue's synth-time check runs here).
    this.bedrock =
      storyProvider === 'bedrock'
        ? new Bedrock(this, 'Bedrock', {
            region: props.deploy.bedrockRegion,
            guardrail: props.deploy.guardrail,
            quotas: props.deploy.bedrockQuotas,
          })
        : undefined;

    // The server configuration every Lambda reads (lambdas/runtime/config.ts); AWS_REGION comes from Lambda.
    const environment = {
      TABLE_NAME: this.data.table.tableName,
      MEDIA_BUCKET: this.media.bucket.bucketName,
      USER_POOL_ID: this.auth.userPool.userPoolId,
      AUTH_ISSUER: this.auth.issuer,
      AUTH_JWKS_URI: this.auth.jwksUri,
      AUTH_CLIENT_ID: this.auth.webClient.userPoolClientId,
      STORY_PROVIDER: storyProvider,
      // A name, not a reference: the distribution's origin is the API, so its id cannot be in the API's environment.
      MEDIA_DISTRIBUTION_PARAMETER: this.mediaDistributionParameterName,
      ...this.bedrock?.environment,
    };

    this.workflow = new Workflow(this, 'Workflow', {
      data: this.data,
      media: this.media,
      bedrock: this.bedrock,
      environment,
      reservedConcurrency: props.deploy.reservedConcurrency?.workflow,
    });
    // Generated at deploy, never in the template: CloudFront sends it to the API, which refuses requests
    // without it, so the execute-api URL (outside the web ACL) serves nothing.
    this.originSecret = new Secret(this, 'OriginSecret', {
      description: 'Story Magic: the header CloudFront adds to API requests; the API refuses requests without it',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    const originSecret = this.originSecret.secretValue.unsafeUnwrap();
    this.api = new Api(this, 'Api', {
      auth: this.auth,
      data: this.data,
      media: this.media,
      workflow: this.workflow.stateMachine,
      environment: { ...environment, ORIGIN_SECRET: originSecret, ...this.mediaSigning.environment },
    });
    // The API hands out the signed cookies that open a story's media to whoever may read it.
    this.mediaSigning.grantSign(this.api.handler.role);
    // Family text passes the guardrail at the door too (issue 34): the API may apply it.
    this.bedrock?.grantApplyGuardrail(this.api.handler.role);
    this.web = new Web(this, 'Web', {
      auth: this.auth,
      apiDomainName: this.api.domainName,
      originSecret,
      mediaBucket: this.media.bucket,
      mediaKeyGroup: this.mediaSigning.keyGroup,
      logBucket,
      feedbackFormUrl: props.deploy.feedbackFormUrl,
      webAclArn: props.deploy.webAclArn,
      spaDistDir: props.spaDistDir ?? fromRoot('web', 'dist'),
      removalPolicy,
      autoDeleteObjects,
    });

    this.retention = new Retention(this, 'Retention', {
      auth: this.auth,
      data: this.data,
      media: this.media,
      environment,
      mailFrom: props.deploy.mailFrom,
    });

    this.grantMediaInvalidation();

    this.alarms = new Alarms(this, 'Alarms', {
      stateMachine: this.workflow.stateMachine,
      retentionJob: this.retention.job.function,
      apiAccessLogs: this.api.accessLogs,
      bedrockRegion: this.bedrock ? props.deploy.bedrockRegion : undefined,
      email: props.deploy.alarmEmail,
    });

    if (props.deploy.budget) new Budget(this, 'Budget', props.deploy.budget);

    new CfnOutput(this, 'SiteUrl', { value: this.web.siteUrl, description: 'The web app (and /api, /media)' });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.webClient.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'MediaBucketName', { value: this.media.bucket.bucketName });
    new CfnOutput(this, MEDIA_SIGNING_KEY_OUTPUT, {
      value: this.mediaSigning.key.keyId,
      description: `The KMS key the media signing private key is put under (${this.mediaSigning.parameterNames.keyAlias})`,
    });
  }

  /**
   * Deleted and repainted pictures leave CloudFront's cache: the functions that delete pictures (the API's
   * and the workflow tasks') read the distribution id from SSM and may invalidate exactly this distribution.
   * The grant is a policy of its own: a function waits for its role's default policy, and this one names the
   * distribution, whose origin is the API's function (a cycle).
   */
  private grantMediaInvalidation(): void {
    new StringParameter(this, 'MediaDistributionId', {
      parameterName: this.mediaDistributionParameterName,
      stringValue: this.web.distribution.distributionId,
      description: 'Story Magic: the CloudFront distribution whose /media/* cache is invalidated on picture deletion',
    });
    const roles = [this.api.handler.role, this.workflow.tasks.role, this.retention.job.role];
    new Policy(this, 'MediaInvalidation', {
      roles,
      statements: [
        new PolicyStatement({
          actions: ['cloudfront:CreateInvalidation'],
          resources: [
            this.formatArn({
              service: 'cloudfront',
              region: '',
              resource: 'distribution',
              resourceName: this.web.distribution.distributionId,
            }),
          ],
        }),
      ],
    });
    for (const role of roles) {
      role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['ssm:GetParameter'],
          resources: [
            this.formatArn({
              service: 'ssm',
              resource: 'parameter',
              resourceName: this.mediaDistributionParameterName.slice(1),
            }),
          ],
        }),
      );
    }
  }
}
