import {
  CreateTableCommand,
  UpdateTableCommand,
  DescribeTableCommand,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { tableSchema } from '../../lambdas/data/table-schema.js';
import { startProcess, type ManagedProcess } from './child-process.js';
import { LOOPBACK, PortInUseError, waitForHttp } from './ports.js';

const require = createRequire(import.meta.url);

/** The official DynamoDB Local jar, as shipped inside the npm package amplify-dynamodb-simulator. */
export const dynamoDbLocalDir = join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');

export function javaVersion(): string | undefined {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return undefined;
  return (result.stderr || result.stdout).split('\n')[0]?.trim();
}

export type DynamoDbLocal = Readonly<{ endpoint: string; process: ManagedProcess }>;

/**
 * Starts DynamoDB Local with `java`. With `dataDir` the tables live on disk and survive a restart;
 * without it they live in memory (tests). DynamoDB Local has no bind-address option: it listens on
 * every interface of the machine, so the port should not be exposed beyond a development machine.
 */
export async function startDynamoDbLocal(opts: {
  port: number;
  dataDir?: string | undefined;
  logFile: string;
}): Promise<DynamoDbLocal> {
  if (!javaVersion()) {
    throw new Error(
      'Java is not installed, and DynamoDB Local needs it. Install a Java runtime: apt-get install -y default-jre-headless',
    );
  }
  const storage = opts.dataDir ? ['-dbPath', opts.dataDir] : ['-inMemory'];
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const process = startProcess(
    'DynamoDB Local',
    'java',
    [
      `-Djava.library.path=${join(dynamoDbLocalDir, 'DynamoDBLocal_lib')}`,
      '-Xmx512m',
      '-jar',
      join(dynamoDbLocalDir, 'DynamoDBLocal.jar'),
      '-port',
      String(opts.port),
      '-sharedDb',
      '-disableTelemetry',
      ...storage,
    ],
    { cwd: dynamoDbLocalDir, logFile: opts.logFile },
  );
  const endpoint = `http://${LOOPBACK}:${opts.port}`;
  // A JVM that cannot bind its port logs it and stays up without listening, so the log is watched for that.
  let watching: NodeJS.Timeout | undefined;
  const bindFailed = new Promise<never>((_, reject) => {
    watching = setInterval(() => {
      if (/Failed to bind/.test(process.recentOutput()))
        reject(new PortInUseError(opts.port, 'DynamoDB Local', 'DYNAMODB_PORT'));
    }, 250);
  });
  try {
    await Promise.race([
      waitForHttp(endpoint, 'DynamoDB Local', answersAsDynamoDb),
      bindFailed,
      new Promise((_, reject) =>
        process.child.once('exit', (code) =>
          reject(new Error(`DynamoDB Local exited (code ${code}) at start-up:\n${process.recentOutput()}`)),
        ),
      ),
    ]);
  } catch (error) {
    await process.stop();
    throw error;
  } finally {
    clearInterval(watching);
  }
  return { endpoint, process };
}

/** DynamoDB's answer to a request without credentials, not another server's. */
async function answersAsDynamoDb(response: Response): Promise<boolean> {
  return (await response.text()).includes('com.amazonaws.dynamodb.');
}

/** Creates the table and its indexes from the shared schema if it does not exist yet. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    await addMissingIndexes(client, tableName, new Set(Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName)));
    return;
  } catch (error) {
    if ((error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
  }
  const { partitionKey, sortKey, globalSecondaryIndexes } = tableSchema;
  const attributeNames = new Set<string>([partitionKey, sortKey]);
  for (const index of globalSecondaryIndexes) {
    attributeNames.add(index.partitionKey);
    attributeNames.add(index.sortKey);
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attributeNames].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: globalSecondaryIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableSchema.timeToLiveAttribute, Enabled: true },
    }),
  );
}

/** A table kept in .local/ from an older checkout gains the indexes added since, as AWS would on deploy. */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, existing: Set<string | undefined>) {
  for (const index of tableSchema.globalSecondaryIndexes) {
    if (existing.has(index.indexName)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [
          { AttributeName: index.partitionKey, AttributeType: 'S' },
          { AttributeName: index.sortKey, AttributeType: 'S' },
        ],
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: index.indexName,
              KeySchema: [
                { AttributeName: index.partitionKey, KeyType: 'HASH' },
                { AttributeName: index.sortKey, KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          },
        ],
      }),
    );
  }
}
