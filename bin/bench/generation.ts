import {
  SignUpCommand,
  InitiateAuthCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { LIMITS } from '../../common/limits.js';
import type { LocalStack } from '../local/stack.js';
import { percentile, round } from './stats.js';

type Family = { token: string };

async function newFamily(stack: LocalStack): Promise<Family> {
  const cognito = new CognitoIdentityProviderClient({
    region: stack.appConfig.region,
    endpoint: stack.urls.cognito,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const email = `bench-${randomUUID()}@storymagic.test`;
  const password = 'Benchmark123';
  const ClientId = stack.appConfig.userPoolClientId;
  await cognito.send(
    new SignUpCommand({
      ClientId,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
      ClientMetadata: { displayName: 'Bench', authorName: '', ageBand: Math.random() < 0.5 ? 'A' : 'B' },
    }),
  );
  const auth = await cognito.send(
    new InitiateAuthCommand({
      ClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const token = auth.AuthenticationResult?.AccessToken;
  if (!token) throw new Error('bench sign-in returned no token');
  return { token };
}

const CHOICES = {
  characterType: ['Explorer', 'Super Hero', 'Creature', 'Robot', 'Warrior', 'Surprise'],
  storyKind: ['Adventure', 'Mystery', 'Magical', 'Epic', 'Space', 'Surprise'],
  mission: ['Rescue', 'Treasure', 'Protect', 'Ranch', 'Escape', 'Surprise'],
  artStyle: ['pixar-3d', 'anime', 'illustration', 'comic-book', 'watercolor', 'sketch'],
} as const;
const pick = <T>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)] as T;

/** One story from POST to `ready`, as a family's browser would see it (polling every 20 ms). */
async function oneStory(stack: LocalStack, family: Family): Promise<number> {
  const headers = { authorization: `Bearer ${family.token}`, 'content-type': 'application/json' };
  const started = performance.now();
  const response = await fetch(`${stack.urls.api}/api/stories`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      heroName: pick(['Maya', 'Leo', 'Ana-Lucia', "Rafi O'Neil", 'Zed']),
      characterType: pick(CHOICES.characterType),
      storyKind: pick(CHOICES.storyKind),
      mission: pick(CHOICES.mission),
      artStyle: pick(CHOICES.artStyle),
      generationMode: 'express',
    }),
  });
  if (response.status !== 202) throw new Error(`generate answered ${response.status}: ${await response.text()}`);
  const { storyId } = (await response.json()) as { storyId: string };
  for (;;) {
    const story = (await (await fetch(`${stack.urls.api}/api/stories/${storyId}`, { headers })).json()) as {
      status: string;
    };
    if (story.status === 'ready') return performance.now() - started;
    if (story.status === 'failed') throw new Error(`story ${storyId} failed`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Local provider, request to ready: median and p95 over `count` stories, one at a time. */
export async function benchGeneration(stack: LocalStack, count: number) {
  await oneStory(stack, await newFamily(stack)); // warm-up, not counted: template seeding, JIT
  const families: Family[] = [];
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    // A library holds 10 stories: a new family every 10.
    const index = Math.floor(i / LIMITS.libraryCapacity);
    families[index] ??= await newFamily(stack);
    samples.push(await oneStory(stack, families[index]));
  }
  return {
    stories: count,
    medianMs: round(percentile(samples, 50)),
    p95Ms: round(percentile(samples, 95)),
    maxMs: round(Math.max(...samples)),
  };
}
