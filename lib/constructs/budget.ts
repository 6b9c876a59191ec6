import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import { Construct } from 'constructs';

export interface BudgetProps {
  /** The monthly amount in US dollars (`-c budgetUsd=`). */
  readonly usd: number;
  /** Who is told (`-c budgetEmail=`). */
  readonly email: string;
}

/**
 * An optional monthly cost budget with e-mail alarms: at 80 % and 100 % of the amount actually spent, and
 * when AWS forecasts the month will pass it. It covers the whole account (a tag filter would need the
 * `app` cost-allocation tag activated first), which is what an operator pays anyway. Pictures are the
 * costly part: one family may spend about $1-4 per 10 minutes within the rate limits.
 */
export class Budget extends Construct {
  constructor(scope: Construct, id: string, props: BudgetProps) {
    super(scope, id);
    const alarm = (notificationType: 'ACTUAL' | 'FORECASTED', threshold: number) => ({
      notification: { notificationType, comparisonOperator: 'GREATER_THAN', threshold, thresholdType: 'PERCENTAGE' },
      subscribers: [{ subscriptionType: 'EMAIL', address: props.email }],
    });
    new CfnBudget(this, 'Monthly', {
      budget: {
        budgetName: 'story-magic-monthly',
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.usd, unit: 'USD' },
      },
      notificationsWithSubscribers: [alarm('ACTUAL', 80), alarm('ACTUAL', 100), alarm('FORECASTED', 100)],
    });
  }
}
