import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { USER_POOL } from '#common/accounts/user-pool.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess, type ManagedProcess } from './child-process.js';
import { LOOPBACK, waitForHttp } from './ports.js';

export type CognitoLocal = Readonly<{ endpoint: string; process: ManagedProcess }>;

export type CodeDelivery = { operation: string; destination: string; code: string };

/**
 * cognito-local logs each message it would send (JSON lines, see the launcher), with the operation as
 * `target` and a box of fields in `msg`: "Destination: a@b.c" … "Code: 123456".
 */
export function parseCodeDeliveries(log: string): CodeDelivery[] {
  return log.split('\n').flatMap((line) => {
    let entry: { target?: string; msg?: string };
    try {
      entry = JSON.parse(line) as { target?: string; msg?: string };
    } catch {
      return [];
    }
    const match = /Destination:\s+(\S+)[\s\S]*?Code:\s+(\d+)/.exec(entry.msg ?? '');
    return match ? [{ operation: entry.target ?? '', destination: match[1] ?? '', code: match[2] ?? '' }] : [];
  });
}

/** The trigger Lambda's name, as cognito-local asks the Lambda endpoint for it. */
export const TRIGGERS_FUNCTION = 'story-magic-cognito-triggers';

export async function startCognitoLocal(opts: {
  port: number;
  dataDir: string;
  lambdaEndpoint: string;
  logFile: string;
  /** Called with each code cognito-local would have e-mailed (password resets), read from its output. */
  onCodeDelivered?: ((delivery: CodeDelivery) => void) | undefined;
  /** Each trigger's function, as the Lambda endpoint knows it. @default the local stack's triggers function */
  triggers?: Readonly<Record<string, string>>;
}): Promise<CognitoLocal> {
  const endpoint = `http://${LOOPBACK}:${opts.port}`;
  const onCode = opts.onCodeDelivered;
  const configDir = join(opts.dataDir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  writeFileSync(
    join(configDir, 'config.json'),
    JSON.stringify(
      {
        TokenConfig: { IssuerDomain: endpoint },
        LambdaClient: {
          endpoint: opts.lambdaEndpoint,
          region: 'local',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        },
        // The same triggers the CDK auth construct attaches to the Cognito user pool.
        TriggerFunctions: opts.triggers ?? {
          PreSignUp: TRIGGERS_FUNCTION,
          PostConfirmation: TRIGGERS_FUNCTION,
          PostAuthentication: TRIGGERS_FUNCTION,
          PreTokenGeneration: TRIGGERS_FUNCTION,
        },
      },
      null,
      2,
    ),
  );
  const process = startProcess(
    'cognito-local',
    globalThis.process.execPath,
    [fileURLToPath(new URL('./cognito-local-launcher.mjs', import.meta.url))],
    {
      cwd: opts.dataDir,
      env: { ...globalThis.process.env, PORT: String(opts.port), HOST: LOOPBACK },
      logFile: opts.logFile,
      onLine: onCode ? (line) => parseCodeDeliveries(line).forEach(onCode) : undefined,
    },
  );
  try {
    await Promise.race([
      waitForHttp(endpoint, 'cognito-local'),
      new Promise((_, reject) =>
        process.child.once('exit', (code) =>
          reject(new Error(`cognito-local exited (code ${code}) at start-up:\n${process.recentOutput()}`)),
        ),
      ),
    ]);
  } catch (error) {
    await process.stop();
    throw error;
  }
  return { endpoint, process };
}

const ignoreIf = (name: string) => (error: unknown) => {
  if ((error as { name?: string }).name !== name) throw error;
};

export type UserPoolIds = Readonly<{ userPoolId: string; clientId: string }>;

/** Finds or creates the pool (with the product's password rules), its web client and the groups. */
export async function ensureUserPool(client: CognitoIdentityProviderClient): Promise<UserPoolIds> {
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === USER_POOL.name)?.Id;
  if (!userPoolId) {
    const { passwordPolicy } = USER_POOL;
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: USER_POOL.name,
        UsernameAttributes: [USER_POOL.usernameAttribute],
        AutoVerifiedAttributes: [USER_POOL.usernameAttribute],
        Policies: {
          PasswordPolicy: {
            MinimumLength: passwordPolicy.minLength,
            RequireUppercase: passwordPolicy.requireUppercase,
            RequireNumbers: passwordPolicy.requireDigits,
            RequireLowercase: passwordPolicy.requireLowercase,
            RequireSymbols: passwordPolicy.requireSymbols,
            TemporaryPasswordValidityDays: passwordPolicy.temporaryPasswordValidityDays,
          },
        },
      }),
    );
    userPoolId = created.UserPool?.Id;
    if (!userPoolId) throw new Error('cognito-local created a user pool without an id');
  }
  const { webClient } = USER_POOL;
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let clientId = clients.UserPoolClients?.find((c) => c.ClientName === webClient.name)?.ClientId;
  if (!clientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: webClient.name,
        GenerateSecret: false,
        ExplicitAuthFlows: [
          ...(webClient.authFlows.userPassword ? (['ALLOW_USER_PASSWORD_AUTH'] as const) : []),
          ...(webClient.authFlows.userSrp ? (['ALLOW_USER_SRP_AUTH'] as const) : []),
          'ALLOW_REFRESH_TOKEN_AUTH',
        ],
        AccessTokenValidity: webClient.tokenValidity.accessHours,
        IdTokenValidity: webClient.tokenValidity.idHours,
        RefreshTokenValidity: webClient.tokenValidity.refreshDays,
        TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' },
      }),
    );
    clientId = created.UserPoolClient?.ClientId;
    if (!clientId) throw new Error('cognito-local created an app client without an id');
  }
  for (const group of USER_POOL.groups) {
    await client
      .send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group }))
      .catch(ignoreIf('GroupExistsException'));
  }
  return { userPoolId, clientId };
}

/** Creates (or resets the password of) an account that needs no e-mail round-trip, in the given groups. */
export async function ensureUser(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  user: { email: string; password: string; groups?: readonly string[]; attributes?: Record<string, string> },
): Promise<string> {
  const exists = await client
    .send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: user.email }))
    .then(() => true)
    .catch((error: unknown) => {
      ignoreIf('UserNotFoundException')(error);
      return false;
    });
  if (!exists) {
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: user.email,
        MessageAction: 'SUPPRESS',
        TemporaryPassword: user.password,
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
          ...Object.entries(user.attributes ?? {}).map(([Name, Value]) => ({ Name, Value })),
        ],
      }),
    );
  }
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: user.email,
      Password: user.password,
      Permanent: true,
    }),
  );
  for (const group of user.groups ?? []) {
    await client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: user.email, GroupName: group }),
    );
  }
  const created = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: user.email }));
  const sub = created.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error(`cognito-local returned ${user.email} without a sub`);
  return sub;
}
