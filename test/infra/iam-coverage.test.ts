import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../lib/paths.js';
import type { NodeFunction } from '../../lib/constructs/node-function.js';
import { synthesize, type Synthesized } from './synth.js';

/**
 * For each Lambda, every AWS SDK command its code can send must be allowed by its role in the synthesized
 * template, on a resource of the stack (never `*`). The commands are read from the code the function's
 * bundle holds (esbuild's metafile of its entry), so a new call in a route or task fails this test until
 * its grant is added.
 */

/** The IAM service prefix of each SDK package the functions use. */
const SERVICE: Readonly<Record<string, string>> = {
  '@aws-sdk/lib-dynamodb': 'dynamodb',
  '@aws-sdk/client-dynamodb': 'dynamodb',
  '@aws-sdk/client-s3': 's3',
  '@aws-sdk/client-cognito-identity-provider': 'cognito-idp',
  '@aws-sdk/client-sfn': 'states',
  '@aws-sdk/client-bedrock-runtime': 'bedrock',
  '@aws-sdk/client-cloudfront': 'cloudfront',
  '@aws-sdk/client-ssm': 'ssm',
  '@aws-sdk/client-polly': 'polly',
  '@aws-sdk/client-sesv2': 'ses',
};

/** Commands whose IAM actions are not their own name (document-client names, transactions, Converse…). */
const ACTIONS: Readonly<Record<string, readonly string[]>> = {
  'dynamodb:GetCommand': ['dynamodb:GetItem'],
  'dynamodb:PutCommand': ['dynamodb:PutItem'],
  'dynamodb:UpdateCommand': ['dynamodb:UpdateItem'],
  'dynamodb:DeleteCommand': ['dynamodb:DeleteItem'],
  'dynamodb:BatchGetCommand': ['dynamodb:BatchGetItem'],
  'dynamodb:BatchWriteCommand': ['dynamodb:BatchWriteItem'],
  'dynamodb:TransactGetCommand': ['dynamodb:GetItem'],
  // A transaction is authorised item by item; ours put, update, delete and condition-check.
  'dynamodb:TransactWriteCommand': [
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:ConditionCheckItem',
  ],
  's3:DeleteObjectsCommand': ['s3:DeleteObject'],
  's3:HeadObjectCommand': ['s3:GetObject'],
  's3:HeadBucketCommand': ['s3:ListBucket'],
  's3:ListObjectsV2Command': ['s3:ListBucket'],
  'bedrock:ConverseCommand': ['bedrock:InvokeModel'],
  'bedrock:ConverseStreamCommand': ['bedrock:InvokeModelWithResponseStream'],
};

/**
 * Cognito operations authorised by the client id or the user's own token, not by IAM (Cognito signs
 * none of them): they need no grant.
 */
const NO_IAM = new Set([
  'cognito-idp:ForgotPassword',
  'cognito-idp:ConfirmForgotPassword',
  'cognito-idp:SignUp',
  'cognito-idp:InitiateAuth',
  'cognito-idp:RespondToAuthChallenge',
  'cognito-idp:ChangePassword',
  'cognito-idp:GlobalSignOut',
  'cognito-idp:RevokeToken',
]);

type Statement = { Effect: string; Action: string | string[]; Resource: unknown };

/** The one SDK package (of those SERVICE knows) that exports a command of this name. */
async function packageExporting(command: string, file: string): Promise<string> {
  const exporting: string[] = [];
  for (const name of Object.keys(SERVICE)) {
    if (command in ((await import(name)) as object)) exporting.push(name);
  }
  if (exporting.length !== 1) throw new Error(`${file}: ${command} is exported by ${exporting.length} SDK packages`);
  return exporting[0] ?? '';
}

/** `service:Action` of every SDK command constructed in the source files of a function's bundle. */
async function commandsOf(entry: string): Promise<Map<string, string[]>> {
  const result = await build({
    entryPoints: [fromRoot(entry)],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  const needed = new Map<string, string[]>();
  for (const file of Object.keys(result.metafile.inputs)) {
    if (!/\.tsx?$/.test(file)) continue;
    const source = readFileSync(fromRoot(file), 'utf8');
    // Which package each command comes from: a static import, a dynamic import's destructuring, or else
    // the one SDK package that exports a command of that name (a command reached through a namespace).
    const origin = new Map<string, string>();
    const imports =
      /(?:import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*|const\s*\{([^}]*)\}\s*=\s*await\s+import\()'(@aws-sdk\/[^']+)'/g;
    for (const match of source.matchAll(imports)) {
      for (const name of (match[1] ?? match[2] ?? '')
        .split(',')
        .map((part) => part.replace(/^\s*type\s+/, '').trim())) {
        if (name.endsWith('Command')) origin.set(name, match[3] ?? '');
      }
    }
    for (const match of source.matchAll(/new\s+(?:\w+\.)?(\w+Command)\s*\(/g)) {
      const command = match[1] ?? '';
      const service = SERVICE[origin.get(command) ?? (await packageExporting(command, file))];
      if (!service) throw new Error(`${file}: ${command} comes from a package this test does not know`);
      const actions = ACTIONS[`${service}:${command}`] ?? [`${service}:${command.replace(/Command$/, '')}`];
      for (const action of actions.filter((each) => !NO_IAM.has(each))) {
        needed.set(action, [...(needed.get(action) ?? []), file]);
      }
    }
  }
  return needed;
}

const globToRegExp = (pattern: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i');

describe('IAM coverage: every SDK command a function sends is allowed by its role', () => {
  let synth: Synthesized;
  beforeAll(() => {
    // With a sender for the inactive-account warning, so the retention job's SES call is granted.
    synth = synthesize({ bundle: false, context: { mailFrom: 'stories@example.com' } });
  });
  afterAll(() => synth.cleanup());

  function statementsOf(fn: NodeFunction): Statement[] {
    const role = synth.stack.getLogicalId(fn.role.node.defaultChild as never);
    return (
      Object.values(synth.template.findResources('AWS::IAM::Policy')) as {
        Properties: { Roles: unknown; PolicyDocument: { Statement: Statement[] } };
      }[]
    )
      .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(`"${role}"`))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement)
      .filter((statement) => statement.Effect === 'Allow');
  }

  const functions = (): [string, string, NodeFunction][] => [
    ['api', 'lambdas/api/handler.ts', synth.stack.api.handler],
    ['tasks', 'lambdas/workflow/handler.ts', synth.stack.workflow.tasks],
    ['triggers', 'lambdas/triggers/handler.ts', synth.stack.auth.triggers],
    ['retention', 'lambdas/retention/handler.ts', synth.stack.retention.job],
  ];

  it.each(['api', 'tasks', 'triggers', 'retention'])('the %s function', async (name) => {
    const [, entry, fn] = functions().find(([each]) => each === name) ?? [];
    if (!entry || !fn) throw new Error(`no function ${name}`);
    const needed = await commandsOf(entry);
    expect(needed.size, 'the scan found no SDK call at all').toBeGreaterThan(0);
    const statements = statementsOf(fn);
    const missing: string[] = [];
    for (const [action, files] of needed) {
      const allowing = statements.filter((statement) =>
        (Array.isArray(statement.Action) ? statement.Action : [statement.Action]).some((allowed) =>
          globToRegExp(allowed).test(action),
        ),
      );
      if (allowing.length === 0) missing.push(`${action} (sent from ${[...new Set(files)].join(', ')})`);
      // On the stack's own resources: an SDK call granted on every resource in the account is not least privilege.
      for (const statement of allowing) expect(statement.Resource, action).not.toBe('*');
    }
    expect(missing).toEqual([]);
  });
});
