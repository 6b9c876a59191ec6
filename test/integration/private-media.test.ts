import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cookieJar } from '../../bin/smoke/cookie-jar.js';
import { freePort } from '../../bin/local/ports.js';
import { startWebServer, type WebServer } from '../../bin/local/web-server.js';
import { GROWN_UP_HEADER } from '#common/family.js';
import { MEDIA_GRANT_SECONDS } from '../../lambdas/adapters/media-signing.js';
import { signIn, signUp } from '../support/accounts.js';
import { grownUpClient, storyChoices } from '../support/api.js';

/**
 * Private pictures and sound (issue 36) on the local stack: the web server in front of the API and the
 * media bucket, as CloudFront is in AWS, serves `/media/*` only with the signed cookies the API hands to
 * whoever it has just shown a story to.
 */
const stack = inject('stack');
let web: WebServer;

beforeAll(async () => {
  web = await startWebServer({
    mode: 'dev',
    port: await freePort(),
    apiUrl: stack.apiUrl,
    mediaUrl: `${stack.s3Endpoint}/${stack.mediaBucket}`,
    appConfig: stack.appConfig,
    trustedMediaKeys: new Map([[stack.mediaSigning.keyPairId, stack.mediaSigning.publicKey]]),
  });
}, 60_000);
afterAll(() => web.stop());

type Story = {
  images: { imageType: string; imageUrl: string; thumbnailUrl: string }[];
  imageJobs?: { status: string }[];
};

/** A browser on the site: its own cookies, the API on the same origin, media asked for as an <img> would. */
function browser(token?: string, headers: Record<string, string> = {}) {
  const jar = cookieJar();
  return {
    jar,
    async call(path: string, init: RequestInit = {}) {
      const response = await fetch(`${web.url}/api${path}`, {
        ...init,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      });
      jar.keep(response);
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
    },
    media: (url: string, cookie = jar.headerFor(url)) => fetch(`${web.url}${url}`, { headers: { cookie } }),
  };
}

const send = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });

/** The status of a GET sent with its path exactly as written. */
const rawStatus = (path: string, cookie: string) =>
  new Promise<number>((resolve, reject) => {
    const request = get(new URL(web.url), { path, headers: { cookie } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });

/** A browser of this account past "Grown-ups only", as the parent's unlocked device. */
async function grownUpBrowser(account: { accessToken: string; password: string }) {
  const unlock = await browser(account.accessToken).call(
    '/grown-up/unlock',
    send('POST', { password: account.password }),
  );
  expect(unlock.status).toBe(200);
  return browser(account.accessToken, { [GROWN_UP_HEADER]: String(unlock.body.token) });
}

/** The story folders a browser holds a grant for. */
const grantedFolders = (jar: ReturnType<typeof cookieJar>) =>
  jar
    .all()
    .filter((cookie) => cookie.name === 'CloudFront-Policy')
    .map((cookie) => cookie.path);

/** A family with a ready, painted story, read through the site by the family's own browser. */
async function familyWithStory(displayName: string) {
  const account = await signUp(stack, { displayName });
  const family = browser(account.accessToken);
  const storyId = String((await family.call('/stories', send('POST', storyChoices))).body.storyId);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { body } = await family.call(`/stories/${storyId}`);
    const story = body as Story & { status: string };
    if (story.status !== 'generating' && !story.imageJobs?.some((job) => job.status === 'pending')) {
      const cover = story.images.find((image) => image.imageType === 'cover');
      if (!cover) throw new Error('the story has no cover');
      return { account, family, storyId, cover };
    }
    if (Date.now() > deadline) throw new Error(`story ${storyId} not ready`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('private pictures and sound (issue 36)', () => {
  it("serves a story's pictures to the browser that read it, and to no other", async () => {
    const { family, cover, storyId } = await familyWithStory('Pictures');
    expect((await family.media(cover.imageUrl)).status).toBe(200);
    expect((await family.media(cover.thumbnailUrl)).status).toBe(200);
    // Two cookies on the story's own folder, the key pair id on /media/, each living MEDIA_GRANT_SECONDS.
    const granted = family.jar.all();
    expect(
      granted
        .filter((cookie) => cookie.path === `/media/stories/${storyId}/`)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['CloudFront-Policy', 'CloudFront-Signature']);
    expect(granted.find((cookie) => cookie.name === 'CloudFront-Key-Pair-Id')?.path).toBe('/media/');

    // The same address copied to another browser (no cookies): CloudFront's 403, nothing of the picture.
    const copied = await browser().media(cover.imageUrl);
    expect(copied.status).toBe(403);
    expect(await copied.text()).toContain('MissingKey');

    // Another family's grant for its own story does not open this one, even sent by hand for this address.
    const other = await familyWithStory('Neighbours');
    const otherGrant = other.family.jar.headerFor(other.cover.imageUrl);
    expect((await other.family.media(other.cover.imageUrl)).status).toBe(200);
    const borrowed = await browser().media(cover.imageUrl, otherGrant);
    expect(borrowed.status).toBe(403);
    expect(await borrowed.text()).toContain('AccessDenied');
    // Nor by walking out of its folder (a raw path: fetch would resolve the `..` before sending it).
    const sideways = cover.imageUrl.replace(
      `/media/stories/${storyId}/`,
      `/media/stories/${other.storyId}/../${storyId}/`,
    );
    expect(await rawStatus(sideways, otherGrant)).toBe(403);
    // Nor by a path that merely ends in its own folder: refused at the gate, never asked of storage.
    const tail = `/media/stories/${storyId}/media/stories/${other.storyId}/${other.cover.imageUrl.split('/').pop()}`;
    expect(await rawStatus(tail, otherGrant)).toBe(403);
  });

  it('refuses a grant whose policy was changed (a later expiry) or signed by another key', async () => {
    const { family, cover, storyId } = await familyWithStory('Tamper');
    const cookies = family.jar.all();
    const policyCookie = cookies.find((cookie) => cookie.name === 'CloudFront-Policy' && cookie.path.includes(storyId));
    const policy = JSON.parse(
      Buffer.from(
        String(policyCookie?.value).replaceAll('-', '+').replaceAll('_', '=').replaceAll('~', '/'),
        'base64',
      ).toString(),
    ) as { Statement: { Condition: { DateLessThan: { 'AWS:EpochTime': number } } }[] };
    const expires = policy.Statement[0]?.Condition.DateLessThan['AWS:EpochTime'] ?? 0;
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(MEDIA_GRANT_SECONDS);
    expect(expires - Date.now() / 1000).toBeGreaterThan(MEDIA_GRANT_SECONDS - 60);
    const longer = JSON.stringify({
      Statement: [{ ...policy.Statement[0], Condition: { DateLessThan: { 'AWS:EpochTime': expires + 86_400 } } }],
    });
    const forged = family.jar
      .headerFor(cover.imageUrl)
      .replace(
        /CloudFront-Policy=[^;]+/,
        `CloudFront-Policy=${Buffer.from(longer).toString('base64').replaceAll('+', '-').replaceAll('=', '_').replaceAll('/', '~')}`,
      );
    expect((await browser().media(cover.imageUrl, forged)).status).toBe(403);
    const unknownKey = family.jar
      .headerFor(cover.imageUrl)
      .replace(/CloudFront-Key-Pair-Id=[^;]+/, 'CloudFront-Key-Pair-Id=KOTHER');
    expect((await browser().media(cover.imageUrl, unknownKey)).status).toBe(403);
  });

  it("an open link grants a visitor the pictures and the story's sound; closed, no new grant; deleted, nothing is served", async () => {
    const { account, storyId, cover } = await familyWithStory('Sharing');
    const parent = await grownUpClient(stack, account);
    const visitor = browser();
    expect((await visitor.call(`/stories/${storyId}`)).status).toBe(404);
    expect(visitor.jar.all()).toEqual([]);
    expect((await visitor.media(cover.imageUrl)).status).toBe(403);

    expect((await parent(`/stories/${storyId}/sharing`, send('PUT', { open: true }))).status).toBe(200);
    expect((await visitor.call(`/stories/${storyId}`)).status).toBe(200);
    expect((await visitor.media(cover.imageUrl)).status).toBe(200);
    const part = await visitor.call(`/stories/${storyId}/narration/0`);
    expect(part.status).toBe(200);
    const sound = await visitor.media(String(part.body.audioUrl));
    expect(sound.status).toBe(200);
    expect(sound.headers.get('content-type')).toMatch(/^audio\//);

    // Closed: the link is dead and grants nothing more (a grant already held lapses within MEDIA_GRANT_SECONDS).
    expect((await parent(`/stories/${storyId}/sharing`, send('PUT', { open: false }))).status).toBe(200);
    const late = browser();
    expect((await late.call(`/stories/${storyId}`)).status).toBe(404);
    expect(late.jar.all()).toEqual([]);
    expect((await late.media(cover.imageUrl)).status).toBe(403);

    // Deleted: the objects go, so even the family's own grant loads nothing.
    expect((await parent(`/library/${storyId}`, { method: 'DELETE' })).status).toBe(200);
    expect((await visitor.media(cover.imageUrl)).status).not.toBe(200);
  });

  it("a featured story's cards grant its cover to every signed-in family", async () => {
    const { storyId, cover } = await familyWithStory('Featured');
    const admin = await signIn(stack, stack.admin.email, stack.admin.password);
    const adminBrowser = browser(admin.accessToken);
    expect((await adminBrowser.call(`/admin/stories/${storyId}`, send('PATCH', { isFeatured: true }))).status).toBe(
      200,
    );
    const reader = browser((await signUp(stack, { displayName: 'Readers' })).accessToken);
    expect((await reader.media(cover.thumbnailUrl)).status).toBe(403);
    const featured = await reader.call('/featured');
    expect(JSON.stringify(featured.body)).toContain(storyId);
    expect((await reader.media(cover.thumbnailUrl)).status).toBe(200);
    await adminBrowser.call(`/admin/stories/${storyId}`, send('PATCH', { isFeatured: false }));
  });
});

describe('a grant names the stories an answer shows, never an address in its text', () => {
  it("another story's folder in a family's title or text grants nothing of that story, to the family or its link's visitors", async () => {
    const privateFamily = await familyWithStory('Private');
    const prober = await familyWithStory('Prober');
    const folder = `/media/stories/${privateFamily.storyId}/`;
    const edited = await prober.family.call(
      `/stories/${prober.storyId}`,
      send('PATCH', {
        title: `Look ${folder}cover.png`,
        content: `Maya found a map to ${privateFamily.cover.imageUrl} and ${privateFamily.cover.thumbnailUrl}.`,
      }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(JSON.stringify(edited.body)).toContain(folder);
    const own = `/media/stories/${prober.storyId}/`;
    expect(grantedFolders(prober.family.jar)).not.toContain(folder);

    // The family's own reads, each with the planted folder in it, grant its own story alone.
    const reader = browser(prober.account.accessToken);
    for (const path of [`/stories/${prober.storyId}`, '/library', `/stories/${prober.storyId}/narration/0`]) {
      const read = await reader.call(path);
      expect(read.status, path).toBe(200);
    }
    expect(grantedFolders(reader.jar)).toEqual([own]);
    expect((await reader.media(prober.cover.imageUrl)).status).toBe(200);
    expect((await reader.media(privateFamily.cover.imageUrl)).status).toBe(403);
    expect((await reader.media(privateFamily.cover.thumbnailUrl)).status).toBe(403);

    // Its link open, a visitor gets the same: the shared story's grant, nothing of the private one.
    const parent = await grownUpBrowser(prober.account);
    expect((await parent.call(`/stories/${prober.storyId}/sharing`, send('PUT', { open: true }))).status).toBe(200);
    const visitor = browser();
    const shared = await visitor.call(`/stories/${prober.storyId}`);
    expect(shared.status).toBe(200);
    expect(String(shared.body.title)).toContain(folder);
    expect(grantedFolders(visitor.jar)).toEqual([own]);
    expect((await visitor.media(privateFamily.cover.imageUrl)).status).toBe(403);
  });

  it("the family's data download grants no picture, though it lists them all", async () => {
    const { account, cover } = await familyWithStory('Downloader');
    const parent = await grownUpBrowser(account);
    const whole = await parent.call('/me/export');
    expect(whole.status).toBe(200);
    expect(JSON.stringify(whole.body)).toContain(cover.imageUrl);
    const childId = String((await parent.call('/me')).body.childId);
    const childPart = await parent.call(`/children/${childId}/export`);
    expect(childPart.status).toBe(200);
    expect(JSON.stringify(childPart.body)).toContain(cover.imageUrl);
    expect(parent.jar.all()).toEqual([]);
    expect((await parent.media(cover.imageUrl)).status).toBe(403);
  });

  it("each read that shows a story's media grants it: the library, a narration part, an edit's answer, the admin's editor", async () => {
    const { account, storyId, cover } = await familyWithStory('Everyday');
    const own = [`/media/stories/${storyId}/`];

    const library = browser(account.accessToken);
    expect((await library.call('/library')).status).toBe(200);
    expect(grantedFolders(library.jar)).toEqual(own);
    expect((await library.media(cover.thumbnailUrl)).status).toBe(200);

    const listener = browser(account.accessToken);
    const part = await listener.call(`/stories/${storyId}/narration/0`);
    expect(part.status).toBe(200);
    expect(grantedFolders(listener.jar)).toEqual(own);
    expect((await listener.media(String(part.body.audioUrl))).status).toBe(200);

    const editor = browser(account.accessToken);
    expect((await editor.call(`/stories/${storyId}`, send('PATCH', { title: 'A brand new title' }))).status).toBe(200);
    expect(grantedFolders(editor.jar)).toEqual(own);
    expect((await editor.media(cover.imageUrl)).status).toBe(200);

    const admin = browser((await signIn(stack, stack.admin.email, stack.admin.password)).accessToken);
    expect((await admin.call(`/admin/stories/${storyId}`)).status).toBe(200);
    expect(grantedFolders(admin.jar)).toEqual(own);
    expect((await admin.media(cover.imageUrl)).status).toBe(200);
  });
});
