import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiErrorOf } from '../../lambdas/api/errors.js';
import { releaseLibrarySlot, reserveLibrarySlot } from '../../lambdas/data/entities/library-entry.js';
import { foundingChild } from '../../lambdas/data/keys.js';
import { adminListPartition, storyIndexKeys } from '../../lambdas/data/entities/story.js';
import { batchGetAll, transact } from '../../lambdas/data/entities/table.js';
import {
  ImageLimitError,
  InvalidInputError,
  LibraryFullError,
  StoryNotFoundError,
} from '../../lambdas/use-cases/errors.js';
import { libraryRepository } from '../../lambdas/data/repositories/library.js';
import { storyRepository } from '../../lambdas/data/repositories/stories.js';

const documents = mockClient(DynamoDBDocumentClient);
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1' }));
beforeEach(() => documents.reset());

/** What DynamoDB answers when a transaction's conditions refuse: one reason per write, in order. */
const cancelled = (...codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

const storedStory = {
  PK: 'STORY#s1',
  SK: 'META',
  entity_pk: 'STORY',
  id: 's1',
  status: 'ready',
  progress: 'done',
  title: 'The Lost Star',
  content: 'Once upon a time.',
  excerpt: 'A star is lost.',
  hero_name: 'Maya',
  character_type: 'Explorer',
  story_type: 'Adventure',
  mission: 'Rescue',
  theme_id: 'rescue',
  narrative_structure: 'quest',
  writing_style: 'playful',
  art_style: 'pixar-3d',
  generation_mode: 'express',
  age_band: 'A',
  age_range: '5-7',
  content_type: 'text',
  created_by: 'u1',
  is_featured: false,
  is_public: false,
  source_version: 'json_v1',
  image_types: new Set(['cover']),
  seed: 7,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('entity items read from the table', () => {
  it('come back as the app type, without the table keys', async () => {
    documents.on(GetCommand).resolves({ Item: storedStory });
    const story = await storyRepository(db, 't').get('s1');
    expect(story).toMatchObject({ id: 's1', status: 'ready', image_types: new Set(['cover']) });
    expect(story).not.toHaveProperty('PK');
    expect(story).not.toHaveProperty('entity_pk');
  });

  it('fail where they are read when malformed, instead of flowing on as the wrong type', async () => {
    documents.on(GetCommand).resolves({ Item: { ...storedStory, status: 'finished' } });
    await expect(storyRepository(db, 't').get('s1')).rejects.toThrow(/status/);
    documents.on(GetCommand).resolves({ Item: { ...storedStory, seed: undefined } });
    await expect(storyRepository(db, 't').get('s1')).rejects.toThrow(/seed/);
  });

  it('read an optional text stored as null as absent (a cleared cover), and a progress older code wrote', async () => {
    documents
      .on(GetCommand)
      .resolves({ Item: { ...storedStory, cover_image_url: null, story_universe: null, progress: 'painting' } });
    const story = await storyRepository(db, 't').get('s1');
    expect(story?.cover_image_url).toBeUndefined();
    expect(story?.story_universe).toBeUndefined();
    expect(story?.progress).toBe('done');
  });
});

describe('a story index keys', () => {
  it('are derived from its fields: listed for admins once ready, under GENERATING while made, nowhere once failed', () => {
    const base = { created_by: 'u1', is_featured: false, is_public: false } as const;
    expect(storyIndexKeys({ ...base, status: 'generating' })).toEqual({
      creator_pk: 'CREATOR#u1',
      entity_pk: 'GENERATING',
    });
    expect(storyIndexKeys({ ...base, status: 'ready', is_featured: true, created_by: null })).toEqual({
      entity_pk: 'STORY',
      featured_pk: 'FEATURED',
    });
    expect(adminListPartition('failed')).toBeUndefined();
  });
});

describe('transactions composed from entity writes', () => {
  it('name the writes whose conditions refused, and nothing is written', async () => {
    documents.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    const failed = await transact(db, reserveLibrarySlot('t', foundingChild('u1'), 's1', '2026-01-01T00:00:00.000Z'));
    expect([...failed]).toEqual(['count']);
  });

  it('retry a conflict with another transaction, then succeed', async () => {
    documents.on(TransactWriteCommand).rejectsOnce(cancelled('TransactionConflict', 'None')).resolves({});
    expect((await transact(db, releaseLibrarySlot('t', foundingChild('u1'), 's1'))).size).toBe(0);
    expect(documents.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('reserve and release a library slot as the entry and the count together', async () => {
    documents.on(TransactWriteCommand).resolves({});
    const library = libraryRepository(db, 't');
    expect(await library.save(foundingChild('u1'), 's1')).toBe(true);
    expect(await library.remove(foundingChild('u1'), 's1')).toBe(true);
    const [save, remove] = documents.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems);
    expect(save?.map((write) => Object.keys(write)[0])).toEqual(['Put', 'Update']);
    expect(remove?.map((write) => Object.keys(write)[0])).toEqual(['Delete', 'Update']);
  });

  it('tell a full library (with its count) from a story saved already', async () => {
    const library = libraryRepository(db, 't');
    documents.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    expect(await library.save(foundingChild('u1'), 's1')).toBe(false);
    documents.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));
    documents.on(GetCommand).resolves({ Item: { library_count: 10 } });
    await expect(library.save(foundingChild('u1'), 's1')).rejects.toEqual(new LibraryFullError(10));
  });
});

describe('batch reads', () => {
  const stored = (id: string) => ({ ...storedStory, PK: `STORY#${id}`, id, preview: 'Once upon a time.' });

  it("ask again for the keys DynamoDB leaves unprocessed, so a family's saved story is not taken for deleted", async () => {
    documents.on(QueryCommand).resolves({
      Items: ['s1', 's2'].map((story_id) => ({ story_id, saved_at: '2026-01-01T00:00:00.000Z' })),
    });
    documents
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { t: [stored('s1')] },
        UnprocessedKeys: { t: { Keys: [{ PK: 'STORY#s2', SK: 'META' }] } },
      })
      .resolves({ Responses: { t: [stored('s2')] } });
    const cards = await libraryRepository(db, 't').list(foundingChild('u1'));
    expect(cards.map((card) => card.story?.id).sort()).toEqual(['s1', 's2']);
    expect(documents.commandCalls(BatchGetCommand)[1]?.args[0].input.RequestItems?.['t']?.Keys).toEqual([
      { PK: 'STORY#s2', SK: 'META' },
    ]);
  });

  it('ask for each key once, at most 100 at a time, and fail, naming what, when the table keeps refusing', async () => {
    const keysOf = (n: number) => Array.from({ length: n }, (_, i) => ({ PK: `P#${i}`, SK: 'META' }));
    documents.on(BatchGetCommand).resolves({ Responses: { t: [] } });
    await batchGetAll(db, 't', [...keysOf(150), ...keysOf(20)], { what: 'Profiles' });
    expect(
      documents.commandCalls(BatchGetCommand).map((call) => call.args[0].input.RequestItems?.['t']?.Keys?.length),
    ).toEqual([100, 50]);

    documents.reset();
    documents.on(BatchGetCommand).resolves({ Responses: { t: [] }, UnprocessedKeys: { t: { Keys: keysOf(1) } } });
    await expect(batchGetAll(db, 't', keysOf(1), { what: 'Profiles' })).rejects.toThrow('Profiles could not be read');
    expect(documents.commandCalls(BatchGetCommand)).toHaveLength(7);
  }, 10_000); // six back-offs, 2.6 s in all
});

describe('domain errors as the API answers them', () => {
  it('map to one status and code each, with the SPEC message and their details', () => {
    expect(apiErrorOf(new StoryNotFoundError('s1'))).toMatchObject({
      status: 404,
      code: 'STORY_NOT_FOUND',
      message: 'Story not found',
    });
    expect(apiErrorOf(new LibraryFullError(10))).toMatchObject({
      status: 409,
      code: 'LIBRARY_FULL',
      message: 'LIBRARY_FULL',
      details: { currentCount: 10 },
    });
    expect(apiErrorOf(new ImageLimitError())).toMatchObject({ status: 409, message: 'Maximum 3 images per story' });
    expect(apiErrorOf(new InvalidInputError('Too long', 'heroName'))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      details: { field: 'heroName' },
    });
  });

  it('leave anything else to the plain 500', () => {
    expect(apiErrorOf(new Error('table is on fire'))).toBeUndefined();
  });
});
