import type { RemovalPolicy } from 'aws-cdk-lib';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { tableSchema } from '../../lambdas/data/table-schema.js';

export interface DataProps {
  readonly removalPolicy: RemovalPolicy;
  readonly deletionProtection: boolean;
}

/** Item-level actions the server code uses. No Scan: every request path reads by key (see the README's access patterns). */
const READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

/**
 * The single table, built from lambdas/data/table-schema.ts (the same object the local stack uses),
 * so key names and indexes cannot drift. Every key attribute is a string, as in DynamoDB Local.
 */
export class Data extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);

    const string = (name: string) => ({ name, type: AttributeType.STRING });
    this.table = new Table(this, 'Table', {
      partitionKey: string(tableSchema.partitionKey),
      sortKey: string(tableSchema.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableSchema.timeToLiveAttribute,
      encryption: TableEncryption.AWS_MANAGED,
      deletionProtection: props.deletionProtection,
      removalPolicy: props.removalPolicy,
    });
    for (const index of tableSchema.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: string(index.partitionKey),
        sortKey: string(index.sortKey),
        projectionType: ProjectionType.ALL,
      });
    }
  }

  /**
   * Read/write on the table and its named indexes, without Scan and without the `index/*` wildcard
   * that `table.grantReadWriteData` would add.
   */
  grantItemAccess(grantee: IGrantable): void {
    const { tableArn } = this.table;
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({ actions: [...READ_ACTIONS, ...WRITE_ACTIONS], resources: [tableArn] }),
    );
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: tableSchema.globalSecondaryIndexes.map((index) => `${tableArn}/index/${index.indexName}`),
      }),
    );
  }
}
