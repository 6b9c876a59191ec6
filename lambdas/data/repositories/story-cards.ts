import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod';
import { storyPreview } from '#common/story-layout.js';
import { CARD_FIELDS, storyTextSchema, type storedCardSchema } from '../entities/story.js';
import { batchGetAll, parseItems, projectionOf } from '../entities/table.js';
import { keys } from '../keys.js';

/** A card as read: `preview` is missing on stories written before it was kept. */
export type StoredCard = z.infer<typeof storedCardSchema>;
/** A card ready to show. */
export type StoryCardItem = StoredCard & { preview: string };

/**
 * The projection that reads a story as a card: its text, by far the largest part, stays unread (every
 * field goes through a name placeholder, as `status` is a reserved word).
 */
export const cardProjection = projectionOf(CARD_FIELDS, 'card_');

/**
 * Cards of stories written before their preview was kept have none: those (a few, once) read their text
 * to make it. Every other card is returned as it is.
 */
export async function withPreviews(
  db: DynamoDBDocumentClient,
  tableName: string,
  cards: StoredCard[],
): Promise<StoryCardItem[]> {
  const missing = cards.filter((card) => card.preview === undefined).map((card) => card.id);
  const texts = missing.length === 0 ? new Map<string, string>() : await textsOf(db, tableName, missing);
  return cards.map((card) => ({ ...card, preview: card.preview ?? storyPreview(texts.get(card.id) ?? '') }));
}

/** The text of a few stories (at most 24 cards are ever read at once). */
async function textsOf(db: DynamoDBDocumentClient, tableName: string, storyIds: string[]) {
  const items = await batchGetAll(
    db,
    tableName,
    storyIds.map((id) => keys.story(id)),
    { what: 'Story texts', ProjectionExpression: 'id, content' },
  );
  return new Map(parseItems(storyTextSchema, items).map((item) => [item.id, item.content]));
}
