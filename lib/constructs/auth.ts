import { Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  UserPool,
  type UserPoolClient,
  UserPoolEmail,
  UserPoolGroup,
  UserPoolOperation,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { USER_POOL } from '#common/accounts/user-pool.js';
import type { Data } from './data.js';
import { LAMBDA_ENTRIES } from './lambda-bundling.js';
import { NodeFunction } from './node-function.js';

export interface AuthProps {
  /** Concurrency kept for the Cognito triggers (part of `-c reservedConcurrency`); none: the shared pool. */
  readonly reservedConcurrency?: number;
  /** The table the Cognito triggers write profiles to. */
  readonly data: Data;
  readonly removalPolicy: RemovalPolicy;
  /** Refuse to delete the pool (and every account in it) through CloudFormation. */
  readonly deletionProtection: boolean;
}

/**
 * Sign-up, sign-in and roles: one Cognito user pool (e-mail is the username), the groups above, the
 * SPA's public client, and the triggers (lambdas/triggers/handler.ts, the same handler cognito-local
 * calls locally): pre sign-up checks the details and confirms the account at once, post confirmation
 * creates the profile, post authentication records the sign-in, pre token generation refuses tokens
 * to a suspended account.
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  /** JWT issuer of the pool's tokens: what the API Gateway authorizer and the api Lambda check. */
  readonly issuer: string;
  readonly jwksUri: string;
  /** Origin of the Cognito IdP endpoint the SPA calls directly (Amplify Auth); needed in the CSP. */
  readonly idpOrigin: string;
  readonly triggers: NodeFunction;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    this.userPool = new UserPool(this, 'UserPool', {
      // No userPoolName: it is a replacement property, and naming a deployed pool would replace it (and
      // lose every account). USER_POOL.name names the local pool only.
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      // The product's rules (SPEC), described once in common/accounts/user-pool.ts.
      passwordPolicy: {
        minLength: USER_POOL.passwordPolicy.minLength,
        requireUppercase: USER_POOL.passwordPolicy.requireUppercase,
        requireDigits: USER_POOL.passwordPolicy.requireDigits,
        requireLowercase: USER_POOL.passwordPolicy.requireLowercase,
        requireSymbols: USER_POOL.passwordPolicy.requireSymbols,
        tempPasswordValidity: Duration.days(USER_POOL.passwordPolicy.temporaryPasswordValidityDays),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      mfa: Mfa.OFF,
      featurePlan: FeaturePlan.ESSENTIALS,
      // Cognito's own mailer (limited daily quota) until an SES identity is set up for the product.
      email: UserPoolEmail.withCognito(),
      deletionProtection: props.deletionProtection,
      removalPolicy: props.removalPolicy,
    });

    // TABLE_NAME only: the handler needs nothing from the pool, so there is no dependency cycle.
    this.triggers = new NodeFunction(this, 'Triggers', {
      entry: LAMBDA_ENTRIES.triggers,
      description: 'Story Magic Cognito triggers (sign-up checks, profiles, sign-in records)',
      environment: { TABLE_NAME: props.data.table.tableName },
      // Cognito waits at most 5 s for a trigger.
      timeout: Duration.seconds(5),
      memorySize: 256,
      // Kept for sign-up and sign-in whatever else runs: a bedtime peak of stories cannot starve them.
      ...(props.reservedConcurrency ? { reservedConcurrency: props.reservedConcurrency } : {}),
    });
    props.data.grantItemAccess(this.triggers.role);
    // A reset password ends every session (PostConfirmation_ConfirmForgotPassword): the triggers sign the
    // user out globally. A policy of its own, attached after both exist, so the function does not depend
    // on the pool that depends on it.
    new Policy(this, 'TriggersSignOut', {
      roles: [this.triggers.role],
      statements: [
        new PolicyStatement({
          actions: ['cognito-idp:AdminUserGlobalSignOut'],
          resources: [this.userPool.userPoolArn],
        }),
      ],
    });
    for (const operation of [
      UserPoolOperation.PRE_SIGN_UP,
      UserPoolOperation.POST_CONFIRMATION,
      UserPoolOperation.POST_AUTHENTICATION,
      UserPoolOperation.PRE_TOKEN_GENERATION,
    ]) {
      this.userPool.addTrigger(operation, this.triggers.function);
    }

    for (const groupName of USER_POOL.groups) {
      new UserPoolGroup(this, `Group-${groupName}`, {
        userPool: this.userPool,
        groupName,
        description: `Story Magic ${groupName}s`,
      });
    }

    const { webClient } = USER_POOL;
    this.webClient = this.userPool.addClient('WebClient', {
      userPoolClientName: webClient.name,
      generateSecret: false,
      authFlows: webClient.authFlows,
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(webClient.tokenValidity.accessHours),
      idTokenValidity: Duration.hours(webClient.tokenValidity.idHours),
      refreshTokenValidity: Duration.days(webClient.tokenValidity.refreshDays),
    });

    const region = Stack.of(this).region;
    this.idpOrigin = `https://cognito-idp.${region}.amazonaws.com`;
    this.issuer = `${this.idpOrigin}/${this.userPool.userPoolId}`;
    this.jwksUri = `${this.issuer}/.well-known/jwks.json`;
  }
}
