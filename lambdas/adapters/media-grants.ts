import type { ServerConfig } from '../runtime/config.js';
import { once } from '../runtime/lazy.js';
import {
  COOKIE_KEY_PAIR_ID,
  COOKIE_POLICY,
  COOKIE_SIGNATURE,
  MEDIA_GRANT_SECONDS,
  storyMediaPath,
  storyMediaPolicy,
} from './media-signing.js';
import { tracedClient } from './sdk-tracing.js';

/**
 * The API's half of private media (lambdas/adapters/media-signing.ts): the Set-Cookie headers that let the
 * browser load the media of the stories an answer has just shown it. Two cookies per story, on the story's
 * folder, so a browser sends each picture request only that story's grant; the key pair id, the same for
 * every story, once on /media/.
 */
export type MediaGrants = Readonly<{
  /** Set-Cookie values granting these stories' media until MEDIA_GRANT_SECONDS from now. */
  cookiesFor(storyIds: readonly string[], opts: { secure: boolean }): Promise<string[]>;
}>;

export function mediaGrants(keyPairId: string, privateKey: () => Promise<string>): MediaGrants {
  // AWS's signer, loaded by the first answer that shows media (most answers show none).
  const signer = once(() => import('@aws-sdk/cloudfront-signer'));
  return {
    async cookiesFor(storyIds, { secure }) {
      if (storyIds.length === 0) return [];
      const [key, { getSignedCookies }] = await Promise.all([privateKey(), signer()]);
      const expires = Math.floor(Date.now() / 1000) + MEDIA_GRANT_SECONDS;
      // Session cookies (no Max-Age, as AWS advises): gone when the browser closes; the policy's expiry bounds
      // them while it is open.
      const attributes = (path: string) => `; Path=${path}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
      return [
        `${COOKIE_KEY_PAIR_ID}=${keyPairId}${attributes('/media/')}`,
        ...storyIds.flatMap((storyId) => {
          const signed = getSignedCookies({ policy: storyMediaPolicy(storyId, expires), keyPairId, privateKey: key });
          return ([COOKIE_POLICY, COOKIE_SIGNATURE] as const).map(
            (name) => `${name}=${signed[name] ?? ''}${attributes(storyMediaPath(storyId))}`,
          );
        }),
      ];
    },
  };
}

/**
 * The grants as configured: in AWS the private key is read once from its SSM SecureString parameter (never
 * in the template or the environment); locally the local stack passes the key it made. Undefined when media
 * are not signed (a test's stack without a web server).
 */
export function createMediaGrants(config: Pick<ServerConfig, 'region' | 'mediaSigning'>): MediaGrants | undefined {
  const signing = config.mediaSigning;
  if (!signing) return undefined;
  if (signing.privateKey) {
    const key = signing.privateKey;
    return mediaGrants(signing.keyPairId, () => Promise.resolve(key));
  }
  const parameter = signing.privateKeyParameter;
  if (!parameter) return undefined;
  const ssm = once(async () => {
    const { SSMClient } = await import('@aws-sdk/client-ssm');
    return tracedClient(new SSMClient({ region: config.region }));
  });
  const privateKey = once(async () => {
    const { GetParameterCommand } = await import('@aws-sdk/client-ssm');
    const { Parameter } = await (await ssm()).send(new GetParameterCommand({ Name: parameter, WithDecryption: true }));
    if (!Parameter?.Value?.includes('PRIVATE KEY')) {
      throw new Error(`SSM parameter ${parameter} holds no private key (see README, "Private pictures and sound")`);
    }
    return Parameter.Value;
  });
  return mediaGrants(signing.keyPairId, privateKey);
}
