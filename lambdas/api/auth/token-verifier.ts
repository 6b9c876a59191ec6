import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { Fetcher } from 'aws-jwt-verify/https';
import { roleFromGroups, type Role } from '#common/roles.js';
import type { ServerConfig } from '../../runtime/config.js';
import type { ProfileItem } from '../../data/entities/profile.js';

/** Who is calling, taken only from a verified token: never from the body or the query. */
export type VerifiedToken = Readonly<{
  userId: string;
  username: string;
  groups: readonly string[];
  role: Role;
  /** Epoch seconds the token was issued at; tokens older than a suspension or role change are refused. */
  issuedAt: number;
  /**
   * The sign-in the token belongs to: Cognito's `origin_jti`, the same in every token refreshed from that
   * sign-in's refresh token (and revoked with it); the token's own `jti` should a pool not issue it.
   */
  session: string;
}>;

/** A signed-in caller as a route sees it, once the API's authorize step has checked the account. */
export type Caller = VerifiedToken &
  Readonly<{
    /** The caller's profile, read once per request by the account check (auth/account-status.ts). */
    profile: ProfileItem;
    /** The child the call acts for: the one its child header names, if in the family, else the first. */
    childId?: string | undefined;
    /** The call carries a live grown-up grant (lambdas/use-cases/accounts/grown-up-gate.ts). */
    grownUp?: boolean | undefined;
  }>;

/** Fetches the JWKS with the platform `fetch`, which (unlike the library's default) also speaks plain
 * http, so the identical verifier checks cognito-local's tokens on loopback and Cognito's in AWS. */
const jwksFetcher: Fetcher = {
  async fetch(uri) {
    const response = await fetch(uri, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) throw new Error(`JWKS request to ${uri} answered ${response.status}`);
    return response.arrayBuffer();
  },
};

/** The token of an `Authorization: Bearer …` header. */
export const bearerToken = (header: string | undefined): string | undefined => header?.match(/^Bearer\s+(\S+)$/i)?.[1];

export type TokenVerifier = Readonly<{ verify(token: string): Promise<VerifiedToken> }>;

/**
 * Verifies Cognito access tokens: RS256 signature against the pool's JWKS, issuer, expiry, token use
 * and the app client. API Gateway's JWT authorizer checks the same in AWS; checking again here keeps
 * the local stack honest and protects the Lambda if it is ever invoked another way.
 */
export function createTokenVerifier(auth: ServerConfig['auth']): TokenVerifier {
  const verifier = JwtRsaVerifier.create(
    {
      issuer: auth.issuer,
      jwksUri: auth.jwksUri,
      audience: null, // access tokens carry client_id instead of aud; checked below
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'access') throw new Error('Not an access token');
        if (payload.client_id !== auth.clientId) throw new Error('Token issued to another client');
      },
    },
    { jwksCache: new SimpleJwksCache({ fetcher: jwksFetcher }) },
  );
  return {
    async verify(token) {
      const payload = await verifier.verify(token);
      const groups = Array.isArray(payload['cognito:groups'])
        ? payload['cognito:groups'].filter((g): g is string => typeof g === 'string')
        : [];
      const sub = payload.sub;
      if (typeof sub !== 'string' || sub.length === 0) throw new Error('Token has no subject');
      const username = typeof payload.username === 'string' ? payload.username : sub;
      const session = [payload.origin_jti, payload.jti].find((id) => typeof id === 'string' && id.length > 0);
      if (typeof session !== 'string') throw new Error('Token has no id');
      return { userId: sub, username, groups, role: roleFromGroups(groups), issuedAt: payload.iat ?? 0, session };
    },
  };
}
