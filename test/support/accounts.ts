import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { apiClient } from './api.js';
import type { StackContext } from './stack-context.js';

export function cognitoClient(stack: StackContext): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: stack.appConfig.region,
    endpoint: stack.cognitoEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** Signs in through cognito-local exactly as the SPA does (USER_PASSWORD_AUTH) and returns the tokens. */
export async function signIn(stack: StackContext, email: string, password: string) {
  const result = await cognitoClient(stack).send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.appConfig.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const tokens = result.AuthenticationResult;
  if (!tokens?.AccessToken || !tokens.IdToken || !tokens.RefreshToken) {
    throw new Error(`Sign-in of ${email} returned no tokens`);
  }
  return { accessToken: tokens.AccessToken, idToken: tokens.IdToken, refreshToken: tokens.RefreshToken };
}

/** Exchanges a refresh token for a new access token, as Amplify does when its access token expires. */
export async function refresh(stack: StackContext, refreshToken: string): Promise<string> {
  const result = await cognitoClient(stack).send(
    new InitiateAuthCommand({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: stack.appConfig.userPoolClientId,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  );
  const token = result.AuthenticationResult?.AccessToken;
  if (!token) throw new Error('Refresh returned no access token');
  return token;
}

/** A fresh, confirmed account with a unique e-mail, signed in. */
export async function createSignedInUser(stack: StackContext) {
  const email = `family-${randomUUID()}@storymagic.test`;
  const password = 'Adventure123';
  const cognito = cognitoClient(stack);
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: stack.appConfig.userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      TemporaryPassword: password,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: stack.appConfig.userPoolId,
      Username: email,
      Password: password,
      Permanent: true,
    }),
  );
  return { email, password, ...(await signIn(stack, email, password)) };
}

/** Signs up through cognito-local exactly as the SPA does: details travel as ClientMetadata to the triggers. */
export async function signUp(
  stack: StackContext,
  details: {
    displayName: string;
    authorName?: string;
    ageBand?: 'A' | 'B';
    email?: string;
    password?: string;
    /** The sign-up form's "I am a parent or guardian and at least 18" (ticked unless a test says otherwise). */
    guardianConfirmed?: boolean;
  },
) {
  const email = details.email ?? `family-${randomUUID()}@storymagic.test`;
  const password = details.password ?? 'Adventure123';
  await cognitoClient(stack).send(
    new SignUpCommand({
      ClientId: stack.appConfig.userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
      ClientMetadata: {
        displayName: details.displayName,
        authorName: details.authorName ?? '',
        ageBand: details.ageBand ?? 'B',
        ...(details.guardianConfirmed === false ? {} : { guardianConfirmed: 'true' }),
      },
    }),
  );
  return { email, password, ...(await signIn(stack, email, password)) };
}

/** The API as the seeded admin (bin/local seeds it; stack.admin holds its e-mail and password). */
export async function adminClient(stack: StackContext) {
  return apiClient(stack, (await signIn(stack, stack.admin.email, stack.admin.password)).accessToken);
}
