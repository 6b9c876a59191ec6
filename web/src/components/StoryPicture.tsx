import type { ImgHTMLAttributes } from 'react';
import type { PictureSource } from './picture-source';

type StoryPictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> & {
  picture: PictureSource;
  alt: string;
  /** How wide the picture shows at each screen width (the `sizes` attribute), so the browser picks a variant. */
  sizes: string;
};

/**
 * A story's picture at the size the screen needs: the browser picks one of its WebP variants by `sizes`
 * and the device's pixel ratio, so a phone loads tens of kilobytes instead of the painted PNG (which stays
 * for the download and print). Width and height give the box its shape before the picture arrives, so
 * nothing below it moves. A vector picture (or an older one without variants) is shown as it is.
 */
export function StoryPicture({ picture, sizes, alt, ...attributes }: StoryPictureProps) {
  const { variants } = picture;
  const largest = variants.at(-1);
  return (
    <img
      {...attributes}
      src={largest?.url ?? picture.imageUrl}
      {...(variants.length > 0
        ? { srcSet: variants.map((variant) => `${variant.url} ${variant.width}w`).join(', '), sizes }
        : {})}
      {...(picture.width && picture.height ? { width: picture.width, height: picture.height } : {})}
      alt={alt}
      decoding="async"
    />
  );
}
