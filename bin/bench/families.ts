import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import type { LocalStack } from '../local/stack.js';
import { mapConcurrent } from './stats.js';

/** A signed-in family: what a browser holds after sign-up (the access token is all the API needs). */
export type Family = { email: string; password: string; userId: string; token: string; signedInAt: number };

const PASSWORD = 'Benchmark123';

function cognitoClient(stack: LocalStack): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: stack.appConfig.region,
    endpoint: stack.urls.cognito,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** USER_PASSWORD_AUTH, the SPA's flow; returns the access token and its subject. */
async function signIn(stack: LocalStack, email: string, password: string) {
  const auth = await cognitoClient(stack).send(
    new InitiateAuthCommand({
      ClientId: stack.appConfig.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const token = auth.AuthenticationResult?.AccessToken;
  if (!token) throw new Error(`bench sign-in of ${email} returned no token`);
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string };
  return { token, userId: payload.sub, signedInAt: Date.now() };
}

/**
 * A new family through the real sign-up (the Cognito triggers confirm it and write its profile), of the
 * age band given, else of either band at random.
 */
export async function newFamily(stack: LocalStack, ageBand?: 'A' | 'B'): Promise<Family> {
  const email = `bench-${randomUUID()}@storymagic.test`;
  await cognitoClient(stack).send(
    new SignUpCommand({
      ClientId: stack.appConfig.userPoolClientId,
      Username: email,
      Password: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: email }],
      ClientMetadata: {
        displayName: 'Bench',
        authorName: '',
        ageBand: ageBand ?? (Math.random() < 0.5 ? 'A' : 'B'),
        guardianConfirmed: 'true',
      },
    }),
  );
  return { email, password: PASSWORD, ...(await signIn(stack, email, PASSWORD)) };
}

/** `count` new families, a few sign-ups at once (cognito-local writes one JSON file per pool). */
export const newFamilies = (stack: LocalStack, count: number) =>
  mapConcurrent(Array.from({ length: count }), 4, () => newFamily(stack));

/** Signs in again when the token is getting old (AWS's last an hour by default), for long soak runs. */
export async function keepSignedIn(stack: LocalStack, family: Family, maxAgeMs = 30 * 60_000): Promise<void> {
  if (Date.now() - family.signedInAt < maxAgeMs) return;
  Object.assign(family, await signIn(stack, family.email, family.password));
}

/** The seeded admin's access token. */
export const adminToken = async (stack: LocalStack) =>
  (await signIn(stack, stack.admin.email, stack.admin.password)).token;

/** One JSON call to the API as `token`; throws on an unexpected status, with the answer. */
export async function callApi<T>(
  stack: LocalStack,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  expected: readonly number[] = [200, 201, 202],
): Promise<T> {
  const response = await fetch(`${stack.urls.api}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!expected.includes(response.status)) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}
