import { Duration, Stack } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { Auth } from './auth.js';
import type { Data } from './data.js';
import type { Media } from './media.js';
import { LAMBDA_ENTRIES } from './lambda-bundling.js';
import { NodeFunction } from './node-function.js';

export interface RetentionProps {
  readonly auth: Auth;
  readonly data: Data;
  readonly media: Media;
  /** Server configuration shared by every Lambda (lambdas/runtime/config.ts). */
  readonly environment: Readonly<Record<string, string>>;
  /** The SES-verified sender of the inactive-account warning (`-c mailFrom`); none: no warning, no deletion. */
  readonly mailFrom: string | undefined;
}

/**
 * "How we keep your family's data", enforced once a day (lambdas/retention): an account nobody signed in to
 * for two years is e-mailed a warning, and deleted with everything in it 30 days later if still nobody
 * signed in. (Narration expires by the media bucket's lifecycle rule, drafts by the table's time to live.)
 */
export class Retention extends Construct {
  readonly job: NodeFunction;

  constructor(scope: Construct, id: string, props: RetentionProps) {
    super(scope, id);
    this.job = new NodeFunction(this, 'Job', {
      entry: LAMBDA_ENTRIES.retention,
      description: 'Story Magic retention: warns, then deletes, accounts nobody uses',
      environment: { ...props.environment, ...(props.mailFrom ? { MAIL_FROM: props.mailFrom } : {}) },
      memorySize: 512,
      // Deleting an account deletes its stories one by one; a day's few run well within this.
      timeout: Duration.minutes(10),
    });
    const { role } = this.job;
    props.data.grantItemAccess(role);
    props.media.grantObjectAccess(role);
    // Deleting an account as the parent's own deletion does: disable, then delete the Cognito user.
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['cognito-idp:AdminDisableUser', 'cognito-idp:AdminDeleteUser'],
        resources: [props.auth.userPool.userPoolArn],
      }),
    );
    if (props.mailFrom) {
      const domain = props.mailFrom.split('@')[1] ?? '';
      role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail'],
          // The verified sender: the address itself, or its domain.
          resources: [
            Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: props.mailFrom }),
            Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: domain }),
          ],
        }),
      );
    }
    new Rule(this, 'Daily', {
      description: 'Warns accounts nobody signed in to for two years, and deletes them 30 days after the warning',
      schedule: Schedule.rate(Duration.days(1)),
      targets: [new LambdaFunction(this.job.function)],
    });
  }
}
