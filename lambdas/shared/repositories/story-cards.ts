import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { storyPreview } from '../../../common/story-layout.js';
import { keys } from '../keys.js';
import type { StoryItem } from './stories.js';

/** What a story card (home's featured grid, My Library) shows and needs to decide who may open it. */
const CARD_FIELDS = [
  'id',
  'status',
  'title',
  'preview',
  'hero_name',
  'story_type',
  'theme_id',
  'cover_image_url',
  'cover_thumbnail_url',
  'created_by',
  'is_featured',
  'is_public',
] as const satisfies readonly (keyof StoryItem)[];

/** A card as read: `preview` is missing on stories written before it was kept. */
export type StoredCard = Pick<StoryItem, (typeof CARD_FIELDS)[number]>;
/** A card ready to show. */
export type StoryCardItem = StoredCard & { preview: string };

/**
 * The projection that reads a story as a card: its text, by far the largest part, stays unread (every
 * field goes through a name placeholder, as `status` is a reserved word).
 */
export const cardProjection = {
  ProjectionExpression: CARD_FIELDS.map((field) => `#card_${field}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(CARD_FIELDS.map((field) => [`#card_${field}`, field])),
};

/**
 * Cards of stories written before their preview was kept have none: those (a few, once) read their text
 * to make it. Every other card is returned as it is.
 */
export async function withPreviews(
  db: DynamoDBDocumentClient,
  tableName: string,
  cards: StoredCard[],
): Promise<StoryCardItem[]> {
  const missing = cards.filter((card) => card.preview === undefined);
  if (missing.length === 0) return cards as StoryCardItem[];
  const texts = new Map<string, string>();
  // At most 24 cards are ever read at once, within one BatchGet's 100 keys.
  const answer = await db.send(
    new BatchGetCommand({
      RequestItems: {
        [tableName]: { Keys: missing.map((card) => keys.story(card.id)), ProjectionExpression: 'id, content' },
      },
    }),
  );
  for (const item of (answer.Responses?.[tableName] ?? []) as Pick<StoryItem, 'id' | 'content'>[]) {
    texts.set(item.id, item.content);
  }
  return cards.map((card) => ({ ...card, preview: card.preview ?? storyPreview(texts.get(card.id) ?? '') }));
}
