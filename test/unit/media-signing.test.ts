import { getSignedCookies } from '@aws-sdk/cloudfront-signer';
import { describe, expect, it } from 'vitest';
import { newMediaSigningKey } from '../../bin/local/media-signing-key.js';
import { mediaGrants } from '../../lambdas/adapters/media-grants.js';
import { checkSignedCookies, parseCookieHeader, storyMediaPolicy } from '../../lambdas/adapters/media-signing.js';

const key = newMediaSigningKey('K2JCJMDEHXQW5F');
const trusted = new Map([[key.keyPairId, key.publicKey]]);
const STORY = '2f1c0a4e-7b7d-4c55-9a61-3a1f0d9e8b21';
const OTHER = '9b0e4c61-1d2a-4f3b-8e7c-5d6a7b8c9d0e';
const site = 'https://d111111abcdef8.cloudfront.net';
const now = Math.floor(Date.now() / 1000);

/** Cookies as AWS's own signer makes them for a policy. */
const signedBy = (signingKey: string, policy: string) =>
  Object.fromEntries(
    Object.entries(getSignedCookies({ policy, keyPairId: key.keyPairId, privateKey: signingKey })).map(
      ([name, value]) => [name, String(value)],
    ),
  );

describe("CloudFront's signed-cookie check, as the local web server and the rehearsal run it", () => {
  it("accepts AWS's signer's cookies for the story's folder, until the policy's expiry", () => {
    const cookies = signedBy(key.privateKey, storyMediaPolicy(STORY, now + 600));
    for (const path of ['cover.png', 'cover.w480.webp', 'narration/abc/0.mp3']) {
      expect(checkSignedCookies({ cookies, url: `${site}/media/stories/${STORY}/${path}`, trustedKeys: trusted })).toBe(
        undefined,
      );
    }
    expect(
      checkSignedCookies({
        cookies,
        url: `${site}/media/stories/${STORY}/cover.png`,
        trustedKeys: trusted,
        nowEpochSeconds: now + 601,
      }),
    ).toBe('AccessDenied');
  });

  it("refuses another story's folder, a missing cookie, an untrusted key pair id and another key's signature", () => {
    const cookies = signedBy(key.privateKey, storyMediaPolicy(STORY, now + 600));
    const url = `${site}/media/stories/${OTHER}/cover.png`;
    expect(checkSignedCookies({ cookies, url, trustedKeys: trusted })).toBe('AccessDenied');
    // A path that only ends in the granted folder is not under it (the host's `*` spans no `/`).
    for (const inside of [`/media/stories/${OTHER}/media/stories/${STORY}/cover.png`, `/x/media/stories/${STORY}/a`]) {
      expect(checkSignedCookies({ cookies, url: `${site}${inside}`, trustedKeys: trusted }), inside).toBe(
        'AccessDenied',
      );
    }
    const mine = `${site}/media/stories/${STORY}/cover.png`;
    const { 'CloudFront-Signature': _dropped, ...unsigned } = cookies;
    expect(checkSignedCookies({ cookies: unsigned, url: mine, trustedKeys: trusted })).toBe('MissingKey');
    expect(
      checkSignedCookies({
        cookies: { ...cookies, 'CloudFront-Key-Pair-Id': 'KOTHER' },
        url: mine,
        trustedKeys: trusted,
      }),
    ).toBe('AccessDenied');
    const forger = newMediaSigningKey(key.keyPairId);
    const forged = signedBy(forger.privateKey, storyMediaPolicy(STORY, now + 600));
    expect(checkSignedCookies({ cookies: forged, url: mine, trustedKeys: trusted })).toBe('AccessDenied');
  });
});

describe('media grants (the API side)', () => {
  it("sets each story's two signed cookies on its own folder and the key pair id on /media/, HttpOnly, SameSite=Strict, for the session", async () => {
    const grants = mediaGrants(key.keyPairId, () => Promise.resolve(key.privateKey));
    const lines = await grants.cookiesFor([STORY, OTHER], { secure: true });
    expect(lines).toHaveLength(5);
    for (const line of lines) {
      expect(line).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
      expect(line).not.toMatch(/Max-Age|Expires/);
    }
    expect(lines[0]).toMatch(/^CloudFront-Key-Pair-Id=K2JCJMDEHXQW5F; Path=\/media\/;/);
    // What a browser sends for a picture of STORY: that story's cookies and the key pair id, nothing of OTHER's.
    const forPath = (path: string) =>
      parseCookieHeader(
        lines
          .filter((line) => path.startsWith(/Path=([^;]+)/.exec(line)?.[1] ?? '\0'))
          .map((line) => line.split(';')[0])
          .join('; '),
      );
    const url = `${site}/media/stories/${STORY}/cover.png`;
    expect(
      checkSignedCookies({ cookies: forPath(`/media/stories/${STORY}/cover.png`), url, trustedKeys: trusted }),
    ).toBe(undefined);
    expect(
      checkSignedCookies({
        cookies: forPath(`/media/stories/${OTHER}/cover.png`),
        url,
        trustedKeys: trusted,
      }),
    ).toBe('AccessDenied');
    expect((await grants.cookiesFor([STORY], { secure: false }))[0]).not.toContain('Secure');
    expect(await grants.cookiesFor([], { secure: true })).toEqual([]);
  });
});
