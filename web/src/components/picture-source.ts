import type { StoryImageView } from '#common/api/views';
import type { IllustrationSizes } from '#common/story-layout';

/** What a picture is shown from: the painted original and its sizes (absent on older pictures). */
export type PictureSource = Pick<StoryImageView, 'imageUrl' | 'width' | 'height' | 'variants'>;

/** A layout's illustration (a URL with the sizes it carries, if any) as a picture to show. */
export const pictureOf = (imageUrl: string, sizes: IllustrationSizes | undefined): PictureSource => ({
  imageUrl,
  width: sizes?.width ?? null,
  height: sizes?.height ?? null,
  variants: sizes?.variants ?? [],
});
