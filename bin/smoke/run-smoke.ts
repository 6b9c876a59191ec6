/**
 * The smoke test of `npm run smoke -- --url https://…` (bin/smoke.ts): after a deploy, proves the site works for a family. It signs a
 * throwaway family up through the site's own Cognito settings (read from /app-config.json), makes a
 * story, reads it, has it read aloud ("Read to me"), paints a picture, exports it, and deletes the account. One line per step; exits 1 on
 * the first failure (after trying to delete the account it made).
 */
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { appConfigSchema } from '#common/validation/app-config.js';
import { APP_CONFIG_PATH } from '#common/app-config-path.js';
import { GROWN_UP_HEADER } from '#common/family.js';
import { cookieJar } from './cookie-jar.js';

type Step = (detail: string) => void;
type Answer = { status: number; body: Record<string, unknown> };

/** The story the smoke test makes; the rehearsal looks for its hero's name where it must not be kept. */
export const SMOKE_STORY = {
  heroName: 'Smokey',
  characterType: 'Robot',
  storyType: 'Space',
  mission: 'Rescue',
  artStyle: 'watercolor',
  generationMode: 'express',
} as const;

export type SmokeOptions = Readonly<{
  url: string;
  /** How long a story or a picture may take. @default 300 s */
  timeoutMs?: number;
  log?: (line: string) => void;
  /** The throwaway family's e-mail. @default smoke-<uuid>@example.com */
  email?: string;
}>;

/** Runs every step; resolves true when all passed. */
export async function runSmoke(options: SmokeOptions): Promise<boolean> {
  const log = options.log ?? ((line: string) => console.log(line));
  const site = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 300_000;
  let token: string | undefined;
  let deleted = false;
  let deleteAccount: () => Promise<Answer> = () => Promise.reject(new Error('no account yet'));

  const ok: Step = (detail) => log(`✓ ${detail}`);
  /** The "Grown-ups only" grant (issue 36): deleting the account is the parent's, as in the app. */
  let grant: string | undefined;
  /** The signed media cookies the API grants (issue 36), kept and sent as a browser does. */
  const jar = cookieJar();
  const media = (address: string) => fetch(`${site}${address}`, { headers: { cookie: jar.headerFor(address) } });
  const call = async (path: string, init: RequestInit = {}): Promise<Answer> => {
    const response = await fetch(`${site}/api${path}`, {
      ...init,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(grant ? { [GROWN_UP_HEADER]: grant } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
    jar.keep(response);
    const text = await response.text();
    try {
      return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    } catch {
      return { status: response.status, body: { text: text.slice(0, 200) } };
    }
  };
  const expectStatus = (answer: Answer, status: number, what: string) => {
    if (answer.status !== status) {
      throw new Error(`${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    }
  };
  const poll = async <T>(what: string, read: () => Promise<T | undefined>): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`${what}: not done after ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };

  try {
    const configResponse = await fetch(`${site}${APP_CONFIG_PATH}`);
    if (!configResponse.ok) throw new Error(`${APP_CONFIG_PATH}: ${configResponse.status}`);
    const config = appConfigSchema.parse(await configResponse.json());
    ok(`site answers ${APP_CONFIG_PATH} (user pool ${config.userPoolId})`);

    expectStatus(await call('/health'), 200, 'GET /api/health');
    ok('API health: every dependency up');

    const cognito = new CognitoIdentityProviderClient({
      region: config.region,
      // Sign-up and sign-in are not signed with AWS credentials; cognito-local needs some to build a request.
      ...(config.userPoolEndpoint
        ? { endpoint: config.userPoolEndpoint, credentials: { accessKeyId: 'smoke', secretAccessKey: 'smoke' } }
        : {}),
    });
    const email = options.email ?? `smoke-${randomUUID()}@example.com`;
    const password = `Smoke${randomUUID().slice(0, 8)}A1`;
    // The parent passes "Grown-ups only" with the account password, then deletes the account.
    deleteAccount = async () => {
      const unlocked = await call('/grown-up/unlock', { method: 'POST', body: JSON.stringify({ password }) });
      expectStatus(unlocked, 200, 'POST /api/grown-up/unlock');
      grant = String(unlocked.body.token);
      return call('/me', { method: 'DELETE', body: JSON.stringify({ confirm: 'DELETE' }) });
    };
    await cognito.send(
      new SignUpCommand({
        ClientId: config.userPoolClientId,
        Username: email,
        Password: password,
        UserAttributes: [{ Name: 'email', Value: email }],
        ClientMetadata: { displayName: 'Smoke Test', authorName: '', ageBand: 'B', guardianConfirmed: 'true' },
      }),
    );
    const auth = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: config.userPoolClientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    token = auth.AuthenticationResult?.AccessToken;
    if (!token) throw new Error('sign-in returned no access token');
    expectStatus(await call('/me'), 200, 'GET /api/me');
    ok(`signed a throwaway family up and in (${email})`);

    const created = await call('/stories', { method: 'POST', body: JSON.stringify(SMOKE_STORY) });
    expectStatus(created, 202, 'POST /api/stories');
    const storyId = String(created.body.storyId);
    const story = await poll('the story', async () => {
      const answer = await call(`/stories/${storyId}`);
      expectStatus(answer, 200, 'GET /api/stories/{id}');
      return answer.body.status === 'generating' ? undefined : answer.body;
    });
    if (story.status !== 'ready')
      throw new Error(`the story ended ${String(story.status)}: ${String(story.failureReason)}`);
    const words = String(story.content ?? '').split(/\s+/).length;
    ok(`made and read a story (${words} words, ${(story.images as unknown[]).length} picture)`);

    // "Read to me": the first part's sound and word times, as the player asks for them.
    const narration = await call(`/stories/${storyId}/narration/0`);
    expectStatus(narration, 200, 'GET /api/stories/{id}/narration/0');
    const audioUrl = String(narration.body.audioUrl);
    const sound = await media(audioUrl);
    const soundBytes = (await sound.arrayBuffer()).byteLength;
    if (!sound.ok || !/^audio\//.test(sound.headers.get('content-type') ?? '') || soundBytes === 0) {
      throw new Error(
        `the narration's sound is not served (${sound.status} ${sound.headers.get('content-type') ?? ''})`,
      );
    }
    const times = narration.body.times as number[];
    ok(
      `read the story aloud: part 1 of ${String(narration.body.partCount)}, ${times.length} words timed, ${Math.round(soundBytes / 1024)} kB of ${sound.headers.get('content-type') ?? ''}`,
    );

    const painted = await call(`/stories/${storyId}/images`, { method: 'POST', body: JSON.stringify({}) });
    expectStatus(painted, 202, 'POST /api/stories/{id}/images');
    const jobs = await poll('the picture', async () => {
      const answer = await call(`/stories/${storyId}`);
      const pending = (answer.body.imageJobs as { status: string; error: string | null }[]) ?? [];
      return pending.some((job) => job.status === 'pending') ? undefined : pending;
    });
    const failed = jobs.find((job) => job.status === 'failed');
    if (failed) throw new Error(`the picture failed: ${failed.error ?? ''}`);
    const images = (await call(`/stories/${storyId}`)).body.images as { imageUrl: string }[];
    const last = images.at(-1);
    const picture = last ? await media(last.imageUrl) : undefined;
    if (!picture?.ok) throw new Error(`the picture is not served (${String(picture?.status)})`);
    ok(`painted a picture (${images.length} in all), served at ${last?.imageUrl ?? ''}`);
    // Private pictures and sound: the same address from a browser that never read the story is refused.
    const copied = last ? await fetch(`${site}${last.imageUrl}`) : undefined;
    if (copied?.status !== 403)
      throw new Error(`the picture loads without the story's grant (${String(copied?.status)})`);
    ok('the picture is private: without the signed cookies the story grants, 403');

    const exported = await call(`/stories/${storyId}/export`);
    expectStatus(exported, 200, 'GET /api/stories/{id}/export');
    ok(`exported the printable file (${String(exported.body.fileName)})`);

    expectStatus(await deleteAccount(), 200, 'DELETE /api/me');
    deleted = true;
    ok('deleted the account and everything of it');
    return true;
  } catch (error) {
    log(`✗ ${error instanceof Error ? error.message : String(error)}`);
    return false;
  } finally {
    if (token && !deleted) {
      await deleteAccount().catch(() => undefined);
    }
  }
}
