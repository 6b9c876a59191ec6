import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { noteItemSchema, noteRecord, type NoteItem } from '../entities/admin-records.js';
import { isConditionFailure, queryAll } from '../entities/table.js';
import { keys, prefixes } from '../keys.js';

export function noteRepository(db: DynamoDBDocumentClient, tableName: string) {
  return {
    async add(note: Omit<NoteItem, 'id' | 'created_at'>, now = new Date()): Promise<NoteItem> {
      const item: NoteItem = { ...note, id: randomUUID(), created_at: now.toISOString() };
      await db.send(new PutCommand({ TableName: tableName, Item: noteRecord(item) }));
      return item;
    },

    /** A user's notes, newest first. */
    async list(userId: string): Promise<NoteItem[]> {
      return queryAll(
        db,
        {
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :note)',
          ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':note': prefixes.note },
          ScanIndexForward: false,
        },
        noteItemSchema,
      );
    },

    /** Deletes one note of this user; false when there is no such note. */
    async remove(userId: string, noteId: string): Promise<boolean> {
      const note = (await this.list(userId)).find((n) => n.id === noteId);
      if (!note) return false;
      try {
        await db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: keys.note(userId, note.created_at, note.id),
            ConditionExpression: 'attribute_exists(PK)',
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
  };
}

export type NoteRepository = ReturnType<typeof noteRepository>;
