import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { http, HttpResponse, type DefaultBodyType, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { LibraryCardView, ProfileView, StoryStatusView, StoryView } from '#common/api/views';
import { LIMITS } from '#common/limits';
import type { GenerateStoryRequest } from '#common/validation/story-request';

/**
 * The fake API the fast SPA tests run against: MSW answers the SPA's real HTTP calls from an in-memory
 * family (profile, stories, library), in the shapes of common/api/views.ts and with the server's error
 * bodies. The only thing faked is the network; each test arranges the family it needs through `family`.
 */

/** An age-band configuration, as the build publishes it at /config/ (web/build/band-configs.ts). */
const bandConfig = (file: string) => JSON.parse(readFileSync(join('common/config', file), 'utf8')) as JsonBodyType;

export const APP_CONFIG = {
  region: 'eu-west-2',
  userPoolId: 'eu-west-2_test',
  userPoolClientId: 'test-client',
  apiBasePath: '/api',
  mediaBasePath: '/media',
};

const STORY_TEXT = [
  'Maya packed her compass and set off at dawn.',
  'The map led her over the hills.',
  'She found the treasure and shared it with everyone.',
].join('\n\n');

export function aStory(overrides: Partial<StoryView> = {}): StoryView {
  return {
    id: crypto.randomUUID(),
    status: 'ready',
    progress: 'done',
    writing: null,
    queue: null,
    failureReason: null,
    title: 'Maya and the Hidden Map',
    content: STORY_TEXT,
    excerpt: 'A brave explorer follows a map.',
    heroName: 'Maya',
    characterType: 'Explorer',
    storyType: 'Adventure',
    mission: 'Treasure',
    theme: { id: 'treasure-hunt', name: 'Treasure Hunt', emoji: '💎' },
    storyUniverse: null,
    ageRange: '7-10',
    artStyle: 'watercolor',
    generationMode: 'express',
    coverImageUrl: null,
    contentType: 'story',
    sourceVersion: 'json_v1',
    isFeatured: false,
    isPublic: false,
    isCreator: true,
    inLibrary: true,
    authorName: 'Wren',
    templateVersion: 1,
    createdAt: '2026-11-01T10:00:00.000Z',
    images: [],
    imageJobs: [],
    ...overrides,
  };
}

export const card = (story: StoryView): LibraryCardView => ({
  id: story.id,
  status: story.status,
  title: story.title,
  preview: story.content.slice(0, 120),
  heroName: story.heroName,
  storyType: story.storyType,
  coverImageUrl: story.coverImageUrl,
  theme: story.theme,
  isCreator: story.isCreator,
  savedAt: story.createdAt,
});

type Family = {
  profile: ProfileView;
  stories: Map<string, StoryView>;
  /** Saved story ids, newest saved first. */
  library: string[];
  /** How many more reads a new story stays `generating` (and on which step of progress). */
  readsUntilReady: number;
  /** The request bodies of POST /api/stories, as the server received them. */
  storyRequests: GenerateStoryRequest[];
  /** Paths to answer with a server failure (500), for error screens. */
  failing: Set<string>;
  /** Paths API Gateway's stage throttling refuses (429 with its own body, not the app's). */
  busy: Set<string>;
};

export const family: Family = newFamily();

function newFamily(): Family {
  return {
    profile: {
      id: 'user-1',
      email: 'wren@example.test',
      displayName: 'Wren',
      authorName: 'Wren',
      ageBand: 'B',
      role: 'user',
      isAdmin: false,
      createdAt: '2026-10-01T10:00:00.000Z',
      lastLogin: null,
      suspended: false,
      libraryCount: 0,
    },
    stories: new Map(),
    library: [],
    readsUntilReady: 2,
    storyRequests: [],
    failing: new Set(),
    busy: new Set(),
  };
}

/** Puts stories in the family's library (newest saved first, in the order given). */
export function saveStories(...stories: StoryView[]) {
  for (const story of stories) {
    family.stories.set(story.id, story);
    family.library.push(story.id);
  }
}

const refuse = (status: number, code: string, message: string, details: Record<string, unknown> = {}) =>
  HttpResponse.json({ error: { code, message, ...details } }, { status });

const notFound = () => refuse(404, 'NOT_FOUND', 'Story not found');

/** A path the test made fail answers 500 before any handler looks at it. */
const failingGuard = http.all('/api/*', ({ request }) => {
  const { pathname } = new URL(request.url);
  if (family.failing.has(`${request.method} ${pathname}`)) return refuse(500, 'INTERNAL', 'Something went wrong');
  if (family.busy.has(`${request.method} ${pathname}`)) {
    return HttpResponse.json({ message: 'Too Many Requests' }, { status: 429, headers: { 'retry-after': '2' } });
  }
  return undefined;
});

function readStory(id: string): StoryView | undefined {
  const story = family.stories.get(id);
  if (!story || story.status !== 'generating') return story;
  // The workflow moves on with every read: writing, checking, painting, then ready.
  family.readsUntilReady -= 1;
  // A story waiting in line stays there, one place nearer each read, until it is first (then it is written).
  const next: StoryView =
    story.progress === 'queued' && story.queue && story.queue.position > 1
      ? {
          ...story,
          queue: { position: story.queue.position - 1, etaSeconds: Math.max(0, story.queue.etaSeconds - 10) },
        }
      : family.readsUntilReady > 0
        ? { ...story, queue: null, progress: story.progress === 'writing' ? 'checking' : 'writing' }
        : { ...story, queue: null, status: 'ready', progress: 'done' };
  family.stories.set(id, next);
  return story;
}

const handlers = [
  failingGuard,
  http.get('/app-config.json', () => HttpResponse.json(APP_CONFIG)),
  http.get('/config/:file', ({ params }) => HttpResponse.json(bandConfig(String(params.file)))),
  http.get('/api/me', () => HttpResponse.json({ ...family.profile, libraryCount: family.library.length })),
  http.get('/api/featured', () => HttpResponse.json({ stories: [] })),
  http.get('/api/library', () => {
    const stories = family.library.flatMap((id) => {
      const story = family.stories.get(id);
      return story ? [card(story)] : [];
    });
    return HttpResponse.json({ stories, count: stories.length });
  }),
  http.put('/api/library/:id', ({ params }) => {
    const id = String(params.id);
    if (!family.stories.has(id)) return notFound();
    if (family.library.includes(id)) return HttpResponse.json({ saved: true, created: false });
    if (family.library.length >= LIMITS.libraryCapacity) {
      return refuse(409, 'LIBRARY_FULL', 'Your library is full', { currentCount: family.library.length });
    }
    family.library.unshift(id);
    return HttpResponse.json({ saved: true, created: true });
  }),
  http.delete('/api/library/:id', ({ params }) => {
    const id = String(params.id);
    if (!family.library.includes(id)) return notFound();
    family.library = family.library.filter((saved) => saved !== id);
    const story = family.stories.get(id);
    const deleted = Boolean(story?.isCreator);
    if (deleted) family.stories.delete(id);
    return HttpResponse.json({ removed: id, deleted });
  }),
  http.post('/api/stories', async ({ request }) => {
    const body = (await request.json()) as GenerateStoryRequest;
    family.storyRequests.push(body);
    if (family.library.length >= LIMITS.libraryCapacity) {
      return refuse(409, 'LIBRARY_FULL', 'Your library is full', { currentCount: family.library.length });
    }
    const story = aStory({ status: 'generating', progress: 'writing', heroName: body.heroName, title: '' });
    saveStories(story);
    return HttpResponse.json({ storyId: story.id, status: 'generating' }, { status: 202 });
  }),
  http.get('/api/stories/:id/status', ({ params }) => {
    const story = readStory(String(params.id));
    if (!story) return notFound();
    const jobs = story.imageJobs.map((job) => job.status);
    const waiting = story.imageJobs.find((job) => job.status === 'pending' && job.queue);
    return HttpResponse.json({
      id: story.id,
      status: story.status,
      progress: story.progress,
      writing: story.writing,
      queue: story.queue,
      failureReason: story.failureReason,
      pictures: {
        painted: story.images.length,
        pending: jobs.filter((status) => status === 'pending').length,
        failed: jobs.filter((status) => status === 'failed').length,
        queue: waiting?.queue ? { ...waiting.queue, jobId: waiting.id } : null,
      },
      updatedAt: story.createdAt,
    } satisfies StoryStatusView);
  }),
  http.get('/api/stories/:id', ({ params }) => {
    const story = readStory(String(params.id));
    if (!story) return notFound();
    return HttpResponse.json({ ...story, inLibrary: family.library.includes(story.id) } satisfies DefaultBodyType);
  }),
];

export const server = setupServer(...handlers);

/** A fresh family for the next test. */
export function resetFamily() {
  Object.assign(family, newFamily());
}
