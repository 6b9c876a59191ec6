/**
 * The one DynamoDB table, described once. The CDK data construct and the local stack both build the
 * table from this object, so the key names and indexes can never drift between AWS and `npm start`.
 * Each index serves the access patterns listed in the README's "Access patterns" table.
 */
export const tableSchema = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** Time-to-live attribute (epoch seconds): short-lived items such as rate-limit windows expire by themselves. */
  timeToLiveAttribute: 'expires_at',
  globalSecondaryIndexes: [
    /** Featured stories, newest first (sparse: only featured stories carry the key). */
    { indexName: 'featured', partitionKey: 'featured_pk', sortKey: 'created_at' },
    /** Public stories, newest first (sparse). */
    { indexName: 'public', partitionKey: 'public_pk', sortKey: 'created_at' },
    /** Stories by their creator, newest first. */
    { indexName: 'creator', partitionKey: 'creator_pk', sortKey: 'created_at' },
    /** Admin lists: every item of one entity type (STORY, PROFILE), newest first. */
    { indexName: 'entity', partitionKey: 'entity_pk', sortKey: 'created_at' },
    /** Who saved a story (library entries by story), so deleting a story frees every family's slot at once. */
    { indexName: 'saves', partitionKey: 'saved_story_pk', sortKey: 'saved_at' },
  ],
} as const;

export type IndexName = (typeof tableSchema.globalSecondaryIndexes)[number]['indexName'];
