import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import * as z from 'zod';
import { NARRATION_RETENTION_TAG, RETENTION } from '#common/retention.js';
import type { MediaCdn } from './media-cdn.js';

/**
 * The S3 package with a client of it. Most requests read no object (a library page, a story, a status
 * poll), so the package loads with the first that does (aws-clients.ts), not in every cold start.
 */
export type S3Connection = () => Promise<{ sdk: typeof S3Sdk; client: S3Client }>;

/** A connection over a client made elsewhere (a test's own). */
export const s3ConnectionOf =
  (client: S3Client): S3Connection =>
  async () => ({ sdk: await import('@aws-sdk/client-s3'), client });

/**
 * Pictures live in the media bucket under media/stories/{storyId}/, served at /media/... and cached for a
 * year (a key never changes). Each raster picture is kept as painted (for the download and print), with a
 * small JPEG beside it for cards and WebP variants at the widths the screens use; a vector picture (the
 * local illustrator's SVG) scales, so it is its own thumbnail and has no variants.
 */
export const THUMBNAIL_WIDTH = 320;

/**
 * The variants' widths: a phone's column (about 360 CSS px) at DPR 1 and at DPR 2-3, and a desktop page.
 * The SPA's `sizes` (web/src/components/StoryPicture.tsx) lets the browser choose between them.
 */
export const VARIANT_WIDTHS = [480, 960] as const;

/** A smaller copy of a picture, before it is stored. */
export type PictureVariantBody = Readonly<{ width: number; height: number; contentType: string; body: Uint8Array }>;

/** A stored variant as a story image item records it. */
export type StoredVariant = { url: string; key: string; width: number; height: number; content_type: string };

type StoredPicture = {
  image_url: string;
  object_key: string;
  thumbnail_url?: string;
  thumbnail_key?: string;
  /** The picture's own size (absent on pictures stored before sizes were recorded). */
  width?: number;
  height?: number;
  variants?: StoredVariant[];
};

/** A picture's thumbnail (the story image entity's rule, where a cover's is written). */
export { thumbnailUrlOf } from '../data/entities/story-image.js';

/** The picture a card shows for a story: its cover's thumbnail, or none when the story has no cover. */
export const coverThumbnailOf = (story: { cover_image_url?: string | null; cover_thumbnail_url?: string | null }) =>
  story.cover_image_url ? (story.cover_thumbnail_url ?? story.cover_image_url) : null;

/** Every object of the pictures: each original, its thumbnail and its variants. */
export const objectKeysOf = (pictures: readonly StoredPicture[]): string[] =>
  pictures.flatMap((picture) => [
    picture.object_key,
    ...(picture.thumbnail_key ? [picture.thumbnail_key] : []),
    ...(picture.variants ?? []).map((variant) => variant.key),
  ]);

/**
 * Deletes pictures' objects, their thumbnails and variants (S3 takes at most 1,000 keys a call), then drops their
 * addresses from the CDN's cache, so a deleted or repainted picture stops being served.
 */
export async function deletePictureObjects(
  s3: S3Connection,
  bucket: string,
  pictures: readonly StoredPicture[],
  cdn: MediaCdn,
) {
  await deleteKeys(s3, bucket, objectKeysOf(pictures), cdn);
}

/** Deletes objects by key (S3 takes at most 1,000 a call) and drops them from the CDN's cache. */
async function deleteKeys(s3: S3Connection, bucket: string, keys: readonly string[], cdn: MediaCdn) {
  const { sdk, client } = await s3();
  for (let start = 0; start < keys.length; start += 1000) {
    const batch = keys.slice(start, start + 1000).map((Key) => ({ Key }));
    await client.send(new sdk.DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch, Quiet: true } }));
  }
  await cdn.invalidate(keys);
}

/**
 * A story's narration: media/stories/{storyId}/narration/{version}/{part}.{mp3|wav} and {part}.json (when each
 * word is read). The version is the narrated text's hash, so an edit makes new keys and a replay reads the
 * stored ones. Each object carries NARRATION_RETENTION_TAG, which the bucket's lifecycle rule expires after
 * RETENTION.narrationDays; a part a day short of that is read as not made, so it is made (and written,
 * tagged) again rather than its timings outliving its sound.
 */
const NARRATION_TAGGING = new URLSearchParams({
  [NARRATION_RETENTION_TAG.key]: NARRATION_RETENTION_TAG.value,
}).toString();
const NARRATION_REMADE_AFTER_MS = (RETENTION.narrationDays - 1) * 24 * 60 * 60 * 1000;
const narrationPrefix = (storyId: string) => `media/stories/${storyId}/narration/`;
const SOUND_EXTENSIONS: Readonly<Record<string, string>> = { 'audio/mpeg': 'mp3', 'audio/wav': 'wav' };
export const narrationObjectKeys = (storyId: string, version: string, part: number, contentType: string) => ({
  sound: `${narrationPrefix(storyId)}${version}/${part}.${SOUND_EXTENSIONS[contentType] ?? 'bin'}`,
  timings: `${narrationPrefix(storyId)}${version}/${part}.json`,
});

const storedNarrationSchema = z.object({
  soundKey: z.string().min(1),
  firstWord: z.number().int().min(0),
  times: z.array(z.number().min(0)),
});
export type StoredNarration = z.infer<typeof storedNarrationSchema>;

/** Every narration object of a story, but those of `keepVersion` (its current text's). */
export async function deleteNarrationObjects(
  s3: S3Connection,
  bucket: string,
  storyId: string,
  cdn: MediaCdn,
  keepVersion?: string,
) {
  const { sdk, client } = await s3();
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: narrationPrefix(storyId), ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) {
      if (object.Key && !(keepVersion && object.Key.startsWith(`${narrationPrefix(storyId)}${keepVersion}/`))) {
        keys.push(object.Key);
      }
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  if (keys.length) await deleteKeys(s3, bucket, keys, cdn);
}

/** The file ending of each picture type a provider paints. */
const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/svg+xml': 'svg',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** Where a picture, its thumbnail and its variants are kept: the one description of the bucket's key layout. */
export const pictureObjectKeys = (storyId: string, imageId: string, contentType: string) => ({
  picture: `media/stories/${storyId}/${imageId}.${EXTENSIONS[contentType] ?? 'bin'}`,
  thumbnail: `media/stories/${storyId}/${imageId}.thumb.jpg`,
  variant: (width: number, variantType: string) =>
    `media/stories/${storyId}/${imageId}.w${width}.${EXTENSIONS[variantType] ?? 'bin'}`,
});

/** The address the SPA loads an object from (CloudFront and the local web server serve `/media/*`). */
export const mediaUrlOf = (objectKey: string) => `/${objectKey}`;

/** A picture read back as a data: URI (for a download that stands alone). */
export type PictureData = Readonly<{ contentType: string; dataUri: string }>;

/**
 * The media bucket as the use cases see it: pictures go in under the layout above, come out as data, and
 * leave with their thumbnails, variants and CDN cache entries.
 */
export function mediaStore(s3: S3Connection, bucket: string, cdn: MediaCdn) {
  return {
    /**
     * Long-cached: a picture's key never changes, a new picture gets a new key. Narration is tagged to expire
     * and cached a day at most, so the CDN does not serve it long after it is gone.
     */
    async put(key: string, body: Uint8Array, contentType: string, kind: 'picture' | 'narration' = 'picture') {
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ...(kind === 'narration'
            ? { CacheControl: 'public, max-age=86400', Tagging: NARRATION_TAGGING }
            : { CacheControl: 'public, max-age=31536000, immutable' }),
        }),
      );
    },

    /**
     * Stores a painted picture with its thumbnail and variants (a vector picture has neither) under the
     * layout above; answers the fields a story image item keeps of them. (For the workflow's painting task.)
     */
    async storePicture(
      storyId: string,
      imageId: string,
      painted: Readonly<{ body: Uint8Array; contentType: string; width: number; height: number }>,
      smaller: Readonly<{ thumbnail: Uint8Array | null; variants: readonly PictureVariantBody[] }> | null,
    ): Promise<StoredPicture> {
      const keys = pictureObjectKeys(storyId, imageId, painted.contentType);
      const thumbnail = smaller?.thumbnail;
      const variants = (smaller?.variants ?? []).map((variant) => ({
        ...variant,
        key: keys.variant(variant.width, variant.contentType),
      }));
      await Promise.all([
        this.put(keys.picture, painted.body, painted.contentType),
        thumbnail ? this.put(keys.thumbnail, thumbnail, 'image/jpeg') : undefined,
        ...variants.map((variant) => this.put(variant.key, variant.body, variant.contentType)),
      ]);
      return {
        image_url: mediaUrlOf(keys.picture),
        object_key: keys.picture,
        width: painted.width,
        height: painted.height,
        ...(thumbnail ? { thumbnail_url: mediaUrlOf(keys.thumbnail), thumbnail_key: keys.thumbnail } : {}),
        ...(variants.length > 0
          ? {
              variants: variants.map(({ key, width, height, contentType }) => ({
                url: mediaUrlOf(key),
                key,
                width,
                height,
                content_type: contentType,
              })),
            }
          : {}),
      };
    },

    /** A picture as a data: URI; undefined when it cannot be read (a missing picture leaves a gap). */
    async readAsDataUri(picture: Pick<StoredPicture, 'object_key'>): Promise<PictureData | undefined> {
      try {
        const { sdk, client } = await s3();
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: picture.object_key }));
        const bytes = await object.Body?.transformToByteArray();
        if (!bytes) return undefined;
        const contentType = object.ContentType ?? 'image/png';
        return { contentType, dataUri: `data:${contentType};base64,${Buffer.from(bytes).toString('base64')}` };
      } catch {
        return undefined;
      }
    },

    /** Deletes pictures' objects, thumbnails and variants, and drops them from the CDN's cache. */
    deletePictures: (pictures: readonly StoredPicture[]) => deletePictureObjects(s3, bucket, pictures, cdn),

    /** A part's stored narration, or undefined when it has not been made yet (or is about to expire). */
    async readNarration(
      storyId: string,
      version: string,
      part: number,
      now = Date.now(),
    ): Promise<StoredNarration | undefined> {
      try {
        const { sdk, client } = await s3();
        const object = await client.send(
          new sdk.GetObjectCommand({ Bucket: bucket, Key: narrationObjectKeys(storyId, version, part, '').timings }),
        );
        const body = (await object.Body?.transformToString('utf-8')) ?? '';
        if (object.LastModified && now - object.LastModified.getTime() > NARRATION_REMADE_AFTER_MS) return undefined;
        return storedNarrationSchema.parse(JSON.parse(body));
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },

    /** Stores a part's sound, then its timings (read as "this part is made", so they go last). */
    async storeNarration(
      storyId: string,
      version: string,
      part: number,
      sound: Readonly<{ audio: Uint8Array; contentType: string }>,
      words: Readonly<{ firstWord: number; times: number[] }>,
    ): Promise<StoredNarration> {
      const keys = narrationObjectKeys(storyId, version, part, sound.contentType);
      await this.put(keys.sound, sound.audio, sound.contentType, 'narration');
      const stored = { soundKey: keys.sound, ...words };
      await this.put(keys.timings, new TextEncoder().encode(JSON.stringify(stored)), 'application/json', 'narration');
      return stored;
    },

    /** A story's narration of other versions than `keepVersion` (an older text's), or all of it. */
    deleteNarration: (storyId: string, keepVersion?: string) =>
      deleteNarrationObjects(s3, bucket, storyId, cdn, keepVersion),
  };
}

export type MediaStore = ReturnType<typeof mediaStore>;
