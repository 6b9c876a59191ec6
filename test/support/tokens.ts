import { createPrivateKey, createSign, type JsonWebKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** cognito-local's own signing key: lets a test mint tokens the verifier would accept, except for the one
 * property under test (expiry, client, issuer), so a refusal proves that exact check runs. */
const signingKey = (
  JSON.parse(readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8')) as {
    jwk: JsonWebKey & { kid?: string };
  }
).jwk;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export function decodePayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) throw new Error('Not a JWT');
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export function signToken(payload: Record<string, unknown>): string {
  const header = { alg: 'RS256', typ: 'JWT', kid: signingKey.kid ?? 'CognitoLocal' };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  const signature = createSign('RSA-SHA256')
    .update(unsigned)
    .sign(createPrivateKey({ key: signingKey, format: 'jwk' }));
  return `${unsigned}.${base64url(signature)}`;
}

/** The same token with its payload changed but its signature kept: what a tamperer would send. */
export function tamper(token: string, changes: Record<string, unknown>): string {
  const [header, , signature] = token.split('.');
  return `${header}.${base64url(JSON.stringify({ ...decodePayload(token), ...changes }))}.${signature}`;
}
