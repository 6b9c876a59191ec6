import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { http, HttpResponse, type DefaultBodyType, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { ChildView, LibraryCardView, ProfileView, StoryStatusView, StoryView } from '#common/api/views';
import { CHILD_HEADER, FAMILY_MESSAGES, FAMILY_TEXTS, GROWN_UP_HEADER } from '#common/family';
import { LIMITS } from '#common/limits';
import type { ProfileUpdate } from '#common/validation/accounts';
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
    linkOpen: false,
    approval: null,
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
  awaitingApproval: story.approval === 'waiting',
  savedAt: story.createdAt,
});

type Family = {
  profile: ProfileView;
  stories: Map<string, StoryView>;
  /** The first child's saved story ids, newest saved first. */
  library: string[];
  /** The other children's, by child id. */
  childLibraries: Map<string, string[]>;
  /** How many more reads a new story stays `generating` (and on which step of progress). */
  readsUntilReady: number;
  /** The request bodies of POST /api/stories, as the server received them. */
  storyRequests: GenerateStoryRequest[];
  /** Paths to answer with a server failure (500), for error screens. */
  failing: Set<string>;
  /** Paths API Gateway's stage throttling refuses (429 with its own body, not the app's). */
  busy: Set<string>;
  /** The grown-up's password and PIN (issue 36), and the grants the fake handed out. */
  password: string;
  pin: string | undefined;
  grants: Set<string>;
  /** Every API call's child header and grant, in order ("-" when none), to check what the SPA sends (all
   * accounts' calls are in the first account's list). */
  calls: { method: string; path: string; child: string; grant: string }[];
};

/** A child profile, as GET /api/me lists them. */
export const aChild = (overrides: Partial<ChildView> = {}): ChildView => ({
  id: crypto.randomUUID(),
  name: 'Tom',
  emoji: '🐢',
  colour: 'leaf',
  ageBand: 'A',
  approvalRequired: false,
  libraryCount: 0,
  createdAt: '2026-10-02T10:00:00.000Z',
  ...overrides,
});

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
      childId: 'user-1',
      children: [
        {
          id: 'user-1',
          name: 'Wren',
          emoji: '⭐',
          colour: 'sky',
          ageBand: 'B',
          approvalRequired: false,
          libraryCount: 0,
          createdAt: '2026-10-01T10:00:00.000Z',
        },
      ],
      hasPin: false,
    },
    stories: new Map(),
    library: [],
    childLibraries: new Map(),
    readsUntilReady: 2,
    storyRequests: [],
    failing: new Set(),
    busy: new Set(),
    password: 'Adventure123',
    pin: undefined,
    grants: new Set(),
    calls: [],
  };
}

/** The child a call acts for: the one its header names, else the first (as the server resolves it). */
const childOf = (family: Family, request: Request) => {
  const named = request.headers.get(CHILD_HEADER);
  return family.profile.children.find((child) => child.id === named) ?? family.profile.children[0];
};

/** The library of the child a call acts for (the first child's is `family.library`). */
function libraryOf(family: Family, request: Request): string[] {
  const child = childOf(family, request);
  if (!child || child.id === family.profile.children[0]?.id) return family.library;
  const library = family.childLibraries.get(child.id) ?? [];
  family.childLibraries.set(child.id, library);
  return library;
}

/** GET /api/me's answer (PATCH's too): the parent's profile, with the band and count of the child read for. */
function profileView(family: Family, request: Request): ProfileView {
  const child = childOf(family, request);
  return {
    ...family.profile,
    childId: child?.id ?? family.profile.id,
    ageBand: child?.ageBand ?? family.profile.ageBand,
    libraryCount: libraryOf(family, request).length,
    hasPin: family.pin !== undefined,
  };
}

/** Other accounts, by their access token (`family` is the account of support/fake-session.ts's first user). */
const otherAccounts = new Map<string, Family>();

/** Another account the fake server knows, signed in to with `token` (see support/fake-session.ts). */
export function addAccount(token: string, profile: Partial<ProfileView>): Family {
  const account = newFamily();
  Object.assign(account.profile, profile);
  otherAccounts.set(token, account);
  return account;
}

/** The account a call's token belongs to. */
const accountOf = (request: Request): Family =>
  otherAccounts.get(request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '') ?? family;

/** A Grown-ups only call without a live grant is refused, as the server refuses it. */
const grownUp = (family: Family, request: Request) => family.grants.has(request.headers.get(GROWN_UP_HEADER) ?? '');
const grownUpRequired = () => refuse(403, 'GROWN_UP_REQUIRED', FAMILY_MESSAGES.grownUpRequired);

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
  family.calls.push({
    method: request.method,
    path: pathname,
    child: request.headers.get(CHILD_HEADER) ?? '-',
    grant: request.headers.get(GROWN_UP_HEADER) ?? '-',
  });
  if (family.failing.has(`${request.method} ${pathname}`)) return refuse(500, 'INTERNAL', 'Something went wrong');
  if (family.busy.has(`${request.method} ${pathname}`)) {
    return HttpResponse.json({ message: 'Too Many Requests' }, { status: 429, headers: { 'retry-after': '2' } });
  }
  return undefined;
});

/** A call naming a child who is not (or no longer) in the family is refused, as the server refuses it. */
const childGuard = http.all('/api/*', ({ request }) => {
  const named = request.headers.get(CHILD_HEADER);
  const known = accountOf(request).profile.children.some((child) => child.id === named);
  return named && !known ? refuse(404, 'CHILD_NOT_FOUND', FAMILY_MESSAGES.childNotFound) : undefined;
});

function readStory(family: Family, id: string): StoryView | undefined {
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
  childGuard,
  http.get('/app-config.json', () => HttpResponse.json(APP_CONFIG)),
  http.get('/config/:file', ({ params }) => HttpResponse.json(bandConfig(String(params.file)))),
  http.get('/api/me', ({ request }) => HttpResponse.json(profileView(accountOf(request), request))),
  http.patch('/api/me', async ({ request }) => {
    const family = accountOf(request);
    const update = (await request.json()) as ProfileUpdate;
    const child = childOf(family, request);
    if (update.ageBand && child) child.ageBand = update.ageBand;
    Object.assign(family.profile, {
      ...(update.displayName !== undefined ? { displayName: update.displayName } : {}),
      ...(update.authorName !== undefined ? { authorName: update.authorName } : {}),
    });
    return HttpResponse.json(profileView(family, request));
  }),
  http.post('/api/grown-up/unlock', async ({ request }) => {
    const family = accountOf(request);
    const body = (await request.json()) as { pin?: string; password?: string };
    const right = body.password !== undefined ? body.password === family.password : body.pin === family.pin;
    if (!right) {
      return refuse(403, 'UNLOCK_REFUSED', body.password ? FAMILY_MESSAGES.wrongPassword : FAMILY_MESSAGES.wrongPin, {
        locked: false,
      });
    }
    const token = crypto.randomUUID();
    family.grants.add(token);
    return HttpResponse.json({ token, expiresAt: new Date(Date.now() + 600_000).toISOString() });
  }),
  http.delete('/api/grown-up', ({ request }) => {
    const family = accountOf(request);
    family.grants.delete(request.headers.get(GROWN_UP_HEADER) ?? '');
    return HttpResponse.json({ locked: true });
  }),
  http.put('/api/grown-up/pin', async ({ request }) => {
    const family = accountOf(request);
    if (!grownUp(family, request)) return grownUpRequired();
    family.pin = ((await request.json()) as { pin: string }).pin;
    return HttpResponse.json({ hasPin: true });
  }),
  http.post('/api/children', async ({ request }) => {
    const family = accountOf(request);
    if (!grownUp(family, request)) return grownUpRequired();
    const body = (await request.json()) as Omit<ChildView, 'id' | 'libraryCount' | 'createdAt'>;
    const child = aChild({ ...body, createdAt: new Date().toISOString() });
    family.profile.children.push(child);
    return HttpResponse.json(child, { status: 201 });
  }),
  http.delete('/api/children/:id', ({ params, request }) => {
    const family = accountOf(request);
    if (!grownUp(family, request)) return grownUpRequired();
    const children = family.profile.children;
    const index = children.findIndex((child) => child.id === params.id);
    if (index < 0) return refuse(404, 'CHILD_NOT_FOUND', FAMILY_MESSAGES.childNotFound);
    if (children.length === 1) return refuse(409, 'LAST_CHILD', FAMILY_MESSAGES.lastChild);
    children.splice(index, 1);
    return HttpResponse.json({ removed: String(params.id) });
  }),
  http.get('/api/featured', () => HttpResponse.json({ stories: [] })),
  // "Waiting for you" on the profile: no test here arranges a story waiting for a grown-up's yes.
  http.get('/api/approvals', () => HttpResponse.json({ stories: [] })),
  http.get('/api/library', ({ request }) => {
    const family = accountOf(request);
    const library = libraryOf(family, request);
    const stories = library.flatMap((id) => {
      const story = family.stories.get(id);
      return story ? [card(story)] : [];
    });
    return HttpResponse.json({ stories, count: stories.length });
  }),
  http.put('/api/library/:id', ({ params, request }) => {
    const family = accountOf(request);
    const library = libraryOf(family, request);
    const id = String(params.id);
    if (!family.stories.has(id)) return notFound();
    if (library.includes(id)) return HttpResponse.json({ saved: true, created: false });
    if (library.length >= LIMITS.libraryCapacity) {
      return refuse(409, 'LIBRARY_FULL', 'Your library is full', { currentCount: library.length });
    }
    library.unshift(id);
    return HttpResponse.json({ saved: true, created: true });
  }),
  http.delete('/api/library/:id', ({ params, request }) => {
    const family = accountOf(request);
    const library = libraryOf(family, request);
    const id = String(params.id);
    if (!library.includes(id)) return notFound();
    library.splice(library.indexOf(id), 1);
    const story = family.stories.get(id);
    const deleted = Boolean(story?.isCreator);
    if (deleted) family.stories.delete(id);
    return HttpResponse.json({ removed: id, deleted });
  }),
  http.post('/api/stories', async ({ request }) => {
    const family = accountOf(request);
    const library = libraryOf(family, request);
    const body = (await request.json()) as GenerateStoryRequest;
    family.storyRequests.push(body);
    if (library.length >= LIMITS.libraryCapacity) {
      return refuse(409, 'LIBRARY_FULL', 'Your library is full', { currentCount: library.length });
    }
    const story = aStory({
      status: 'generating',
      progress: 'writing',
      heroName: body.heroName,
      title: '',
      // Made for a child whose stories a grown-up reads first: hidden from the child until they say yes.
      approval: childOf(family, request)?.approvalRequired ? 'waiting' : null,
    });
    family.stories.set(story.id, story);
    library.push(story.id);
    return HttpResponse.json({ storyId: story.id, status: 'generating' }, { status: 202 });
  }),
  http.get('/api/stories/:id/status', ({ params, request }) => {
    const family = accountOf(request);
    const story = readStory(family, String(params.id));
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
      approval: story.approval,
      pictures: {
        painted: story.images.length,
        pending: jobs.filter((status) => status === 'pending').length,
        failed: jobs.filter((status) => status === 'failed').length,
        queue: waiting?.queue ? { ...waiting.queue, jobId: waiting.id } : null,
      },
      updatedAt: story.createdAt,
    } satisfies StoryStatusView);
  }),
  http.get('/api/stories/:id', ({ params, request }) => {
    const family = accountOf(request);
    const story = readStory(family, String(params.id));
    if (!story) return notFound();
    if (story.approval === 'waiting' && !grownUp(family, request)) {
      return refuse(403, 'AWAITING_APPROVAL', FAMILY_TEXTS.waitingForGrownUp);
    }
    const inLibrary = libraryOf(family, request).includes(story.id);
    return HttpResponse.json({ ...story, inLibrary } satisfies DefaultBodyType);
  }),
];

export const server = setupServer(...handlers);

/** A fresh family for the next test. */
export function resetFamily() {
  Object.assign(family, newFamily());
  otherAccounts.clear();
}
