import { DeleteObjectsCommand, type S3Client } from '@aws-sdk/client-s3';
import type { MediaCdn } from './media-cdn.js';

/**
 * Pictures live in the media bucket under media/stories/{storyId}/, served at /media/... and cached for a
 * year (a key never changes). Each raster picture has a small JPEG beside it for cards; a vector picture
 * (the local illustrator's SVG) scales, so it is its own thumbnail.
 */
export const THUMBNAIL_WIDTH = 320;

type StoredPicture = { image_url: string; object_key: string; thumbnail_url?: string; thumbnail_key?: string };

export const thumbnailUrlOf = (picture: Pick<StoredPicture, 'image_url' | 'thumbnail_url'>): string =>
  picture.thumbnail_url ?? picture.image_url;

/** The picture a card shows for a story: its cover's thumbnail, or none when the story has no cover. */
export const coverThumbnailOf = (story: { cover_image_url?: string | null; cover_thumbnail_url?: string | null }) =>
  story.cover_image_url ? (story.cover_thumbnail_url ?? story.cover_image_url) : null;

export const objectKeysOf = (pictures: readonly StoredPicture[]): string[] =>
  pictures.flatMap((picture) =>
    picture.thumbnail_key ? [picture.object_key, picture.thumbnail_key] : [picture.object_key],
  );

/**
 * Deletes pictures' objects and their thumbnails (S3 takes at most 1,000 keys a call), then drops their
 * addresses from the CDN's cache, so a deleted or repainted picture stops being served.
 */
export async function deletePictureObjects(
  s3: S3Client,
  bucket: string,
  pictures: readonly StoredPicture[],
  cdn: MediaCdn,
) {
  const keys = objectKeysOf(pictures);
  for (let start = 0; start < keys.length; start += 1000) {
    const batch = keys.slice(start, start + 1000).map((Key) => ({ Key }));
    await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch, Quiet: true } }));
  }
  await cdn.invalidate(keys);
}
