import type { ImageType } from '../../../../common/story-choices.js';
import type { Illustration, IllustrationRequest } from '../types.js';
import { Painter } from './art-styles.js';
import { drawHero, heroColours, star } from './figures.js';
import { hashSeed, mulberry32, type Random } from './random.js';
import { drawProps, drawSetting, settingOf, timeOf } from './scenery.js';
import { el, text } from './svg.js';

/**
 * The local provider's illustrator: an SVG picture of the scene's setting (from the words in the scene),
 * at a time of day that fits the mood, with the hero in the middle, painted in the chosen art style.
 * Self-contained (no scripts, no external references) and escaped, so it can be served as an image as is.
 */

const CAPTIONS: Record<ImageType, (hero: string) => string> = {
  cover: (hero) => `${hero}'s big adventure!`,
  'early-scene': () => 'It all began one morning...',
  'mid-scene': () => 'Meanwhile, on the way...',
  climax: (hero) => `Then ${hero} had a kind idea!`,
  ending: (hero) => `Hooray for ${hero}!`,
};

/** The comic book's yellow caption box and a friendly sound-effect burst. */
function comicCaption(request: IllustrationRequest, random: Random): string {
  const caption = CAPTIONS[request.imageType](request.heroName.trim() || 'our hero').toUpperCase();
  const fontSize = Math.min(38, Math.floor(1000 / Math.max(12, [...caption].length)));
  const word = request.imageType === 'mid-scene' ? 'ZOOM!' : random() < 0.5 ? 'WOW!' : 'YAY!';
  return (
    el('rect', { x: 36, y: 36, width: 620, height: 86, fill: '#fff59d', stroke: '#111111', 'stroke-width': 6 }) +
    el(
      'text',
      {
        x: 56,
        y: 92,
        'font-family': "'Bangers', 'Comic Sans MS', 'Comic Neue', sans-serif",
        'font-size': fontSize,
        'font-weight': 'bold',
        fill: '#111111',
      },
      text(caption),
    ) +
    el('polygon', { points: star(842, 170, 110, 62, 12), fill: '#ffeb3b', stroke: '#111111', 'stroke-width': 6 }) +
    el(
      'text',
      {
        x: 842,
        y: 186,
        'text-anchor': 'middle',
        'font-family': "'Bangers', 'Comic Sans MS', sans-serif",
        'font-size': 46,
        'font-weight': 'bold',
        fill: '#e53935',
      },
      word,
    )
  );
}

/** The picture as SVG text. */
export function paintSvg(request: IllustrationRequest): string {
  const scene = `${request.scene} ${request.customizations ?? ''}`;
  const setting = settingOf(scene);
  const time = timeOf(scene, request.mood, setting);
  const painter = new Painter(request.artStyle);
  const random = mulberry32(hashSeed(request.seed, request.imageType, request.scene, request.artStyle));

  const background = drawSetting(setting, time, painter, random) + drawProps(scene, painter, random);
  // The hero stands a little left or right of centre from picture to picture, never out of frame.
  const shift = Math.round((random() - 0.5) * 160);
  const hero = el(
    'g',
    { transform: `translate(${shift} 0)` },
    painter.hero(drawHero(request.characterType, heroColours(request.seed), painter)),
  );
  const body =
    painter.scene(background) +
    hero +
    painter.overlay(random) +
    (painter.hasCaption ? comicCaption(request, random) : '');
  const label = `${request.heroName} - ${request.scene}`.slice(0, 300);

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${request.size}" height="${request.size}" viewBox="0 0 1000 1000" role="img" data-style="${request.artStyle}" data-setting="${setting}">` +
    el('title', {}, text(label)) +
    painter.defs() +
    body +
    '</svg>'
  );
}

export function drawIllustration(request: IllustrationRequest): Illustration {
  const size = Math.max(1, Math.round(request.size));
  return {
    contentType: 'image/svg+xml',
    body: new TextEncoder().encode(paintSvg({ ...request, size })),
    width: size,
    height: size,
  };
}
