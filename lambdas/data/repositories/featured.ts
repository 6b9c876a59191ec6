import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { IndexName } from '../table-schema.js';
import { storyIndexPartitions } from '../keys.js';
import { storedCardSchema } from '../entities/story.js';
import { parseItems } from '../entities/table.js';
import { cardProjection, withPreviews, type StoryCardItem } from './story-cards.js';

/** How many featured stories the home page shows: one bounded page, newest first. */
export const FEATURED_PAGE_SIZE = 24;

const FEATURED_INDEX: IndexName = 'featured';

/**
 * Featured stories as the home page reads them (SPEC §2 home, §7 "stories where is_featured, newest first").
 * A featured story carries `featured_pk` beside `is_featured` (the admin toggle, `storyAdminRepository.setFlag`,
 * keeps the two together), so the sparse index `featured` holds exactly the featured stories: no scans.
 */
export function featuredRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /** Ready featured stories as cards, newest first: one Query on the `featured` index, one bounded page. */
    async list(limit = FEATURED_PAGE_SIZE): Promise<StoryCardItem[]> {
      const result = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: FEATURED_INDEX,
          KeyConditionExpression: 'featured_pk = :pk',
          // A story still being written (or one that failed) is never shown, even if an admin flagged it.
          FilterExpression: '#s = :ready AND is_featured = :true',
          ProjectionExpression: cardProjection.ProjectionExpression,
          ExpressionAttributeNames: { '#s': 'status', ...cardProjection.ExpressionAttributeNames },
          ExpressionAttributeValues: { ':pk': storyIndexPartitions.featured, ':ready': 'ready', ':true': true },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return withPreviews(db, tableName, parseItems(storedCardSchema, result.Items));
    },
  };
}

export type FeaturedRepository = ReturnType<typeof featuredRepository>;
