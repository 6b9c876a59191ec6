import { Duration } from 'aws-cdk-lib';
import { Alias } from 'aws-cdk-lib/aws-kms';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { FilterPattern, MetricFilter, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { DEFAULT_MODELS, invocationFor } from '#common/models/catalogue.js';
import { LANES } from '../../lambdas/data/capacity/sizing.js';

export interface AlarmsProps {
  readonly stateMachine: StateMachine;
  /** The daily inactive-account sweep (lambdas/retention). */
  readonly retentionJob: IFunction;
  /** The HTTP API's access log group (JSON lines with `status`): its 429s are counted from it. */
  readonly apiAccessLogs: ILogGroup;
  /** The region Bedrock is called in, to name the models' metrics as Bedrock does (a profile id or a model id). */
  readonly bedrockRegion: string | undefined;
  /** Where the alarms are e-mailed (`-c alarmEmail`); without it they only show in CloudWatch. */
  readonly email: string | undefined;
}

/** Work waiting in line longer than this is an evening the account's quotas cannot carry. */
export const QUEUE_AGE_ALARM_SECONDS = 10 * 60;

/**
 * What tells an operator a busy evening is coming before families feel it: Bedrock throttling the app's
 * models (the capacity gate should keep this at 0), work waiting in line too long, executions failing,
 * API Gateway refusing requests (429), and the daily retention sweep failing or having warnings refused. Each
 * alarm goes to one SNS topic, e-mailed when `alarmEmail` is set.
 */
export class Alarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', {
      displayName: 'Story Magic alarms',
      enforceSSL: true,
      // Encrypted with the AWS-managed key: alarm messages name metrics and thresholds, never a family's data.
      masterKey: Alias.fromAliasName(this, 'SnsKey', 'alias/aws/sns'),
    });
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
    const action = new SnsAction(this.topic);
    const alarm = (name: string, metric: IMetric, threshold: number, description: string, periods = 1) => {
      const created = new Alarm(this, name, {
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods: periods,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(action);
      this.alarms.push(created);
    };

    // Bedrock's own throttling of the models the app calls, by the id Bedrock reports (the profile's or the model's).
    if (props.bedrockRegion) {
      const region = props.bedrockRegion;
      const ids = [DEFAULT_MODELS.text, DEFAULT_MODELS.expressImage, DEFAULT_MODELS.studioImage].flatMap((model) => {
        const check = invocationFor(model, region);
        return check.ok ? [check.invocation.modelId] : [];
      });
      const throttles = Object.fromEntries(
        ids.map((modelId, i) => [
          `m${i}`,
          new Metric({
            namespace: 'AWS/Bedrock',
            metricName: 'InvocationThrottles',
            dimensionsMap: { ModelId: modelId },
            statistic: 'Sum',
            period: Duration.minutes(5),
            region,
          }),
        ]),
      );
      alarm(
        'BedrockThrottles',
        new MathExpression({
          // FILL: a model without a datapoint in the period counts 0, not the whole sum missing (which, with
          // missing data treated as not breaching, would silence the alarm while another model is throttled).
          expression: Object.keys(throttles)
            .map((id) => `FILL(${id}, 0)`)
            .join(' + '),
          usingMetrics: throttles,
          label: 'Throttled calls',
        }),
        10,
        'Bedrock throttled the app’s models 10 times or more in 5 minutes: the quotas the capacity gate is sized ' +
          'from (-c bedrockQuotas) are above the account’s, or another workload shares them. Run npm run doctor.',
      );
    }

    // Work waiting in line: the longest wait before a start, per lane (the workflow's LineWaitSeconds-*).
    const waits = Object.fromEntries(
      LANES.map((lane, i) => [
        `w${i}`,
        new Metric({
          namespace: 'StoryMagic',
          metricName: `LineWaitSeconds-${lane}`,
          dimensionsMap: { service: 'story-magic' },
          statistic: 'Maximum',
          period: Duration.minutes(5),
        }),
      ]),
    );
    alarm(
      'QueueAge',
      new MathExpression({
        expression: `MAX([${Object.keys(waits).join(', ')}])`,
        usingMetrics: waits,
        label: 'Longest wait in line (s)',
      }),
      QUEUE_AGE_ALARM_SECONDS,
      'Stories or pictures waited more than 10 minutes in line for Bedrock capacity: ask for a quota increase ' +
        '(README "Opening night") and raise -c bedrockQuotas once granted.',
    );

    alarm(
      'FailedExecutions',
      props.stateMachine.metricFailed({ period: Duration.minutes(5), statistic: 'Sum' }),
      5,
      'Five or more generation executions failed in 5 minutes (stories or pictures): read the tasks function’s log.',
    );

    // API Gateway's 429s (its stage throttling and the app's rate limits), counted from the access log.
    const refused = new MetricFilter(this, 'Api429', {
      logGroup: props.apiAccessLogs,
      filterPattern: FilterPattern.stringValue('$.status', '=', '429'),
      metricNamespace: 'StoryMagic',
      metricName: 'ApiTooManyRequests',
      metricValue: '1',
    });
    alarm(
      'ApiTooManyRequests',
      refused.metric({ statistic: 'Sum', period: Duration.minutes(5) }),
      50,
      'The API answered "Too many requests" 50 times or more in 5 minutes: a busy evening near the stage limit, ' +
        'or one caller over its limits (the web ACL’s logs say which).',
    );

    // The retention sweep runs once a day: an hour's window holds its run (and Lambda's retries of it).
    alarm(
      'RetentionSweepFailed',
      props.retentionJob.metricErrors({ period: Duration.hours(1), statistic: 'Sum' }),
      1,
      'The daily inactive-account sweep failed (lambdas/retention): some accounts were neither warned nor ' +
        'deleted as the data policy says. Read the retention function’s log; the next run tries them again.',
    );
    alarm(
      'InactiveWarningsRefused',
      new Metric({
        namespace: 'StoryMagic',
        metricName: 'InactiveAccountWarningRefused',
        dimensionsMap: { service: 'story-magic' },
        statistic: 'Sum',
        period: Duration.hours(1),
      }),
      1,
      'SES refused inactive-account warnings (in its sandbox it refuses every unverified address): those ' +
        'families were not warned, so their accounts are not deleted. Request SES production access (npm run doctor).',
    );
  }
}
