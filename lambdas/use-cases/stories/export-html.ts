import type { ImageType } from '#common/story-choices.js';
import { imageSlotsForStoryPage, storyParagraphs } from '#common/story-layout.js';

/**
 * SPEC §7 generate-story-pdf: a self-contained printable HTML file of a story, which the family opens in a
 * browser and prints to PDF. Everything the user wrote is escaped, images travel as validated data: URIs, and
 * a CSP meta tag forbids anything but inline styles and data: images should escaping ever be missed.
 */

export type ExportImage = { imageType: ImageType; dataUri: string };

export type StoryExportInput = {
  title: string;
  heroName: string;
  authorName: string;
  content: string;
  images: readonly ExportImage[];
  createdAt: string | Date;
};

export const EXPORT_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe in element text and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

// Only raster/SVG images as base64; SVG is inert inside <img>, and the CSP blocks scripts regardless.
const DATA_URI_PATTERN = /^data:image\/(?:png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;

export function isSafeImageDataUri(value: string): boolean {
  return DATA_URI_PATTERN.test(value);
}

const SCENE_LABELS: Record<ImageType, string> = {
  cover: 'Cover',
  'early-scene': 'Early Scene',
  'mid-scene': 'Mid Scene',
  climax: 'Climax',
  ending: 'Ending',
};

function formatDate(value: string | Date): string | undefined {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  // UTC so the same story prints the same date wherever the function runs.
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

function figure(image: ExportImage, alt: string, className: string): string {
  return `<figure class="${className}"><img src="${escapeHtml(image.dataUri)}" alt="${escapeHtml(alt)}"></figure>`;
}

/** A paragraph's single line breaks (a poem, a song) are kept. */
const paragraphHtml = (paragraph: string) =>
  `<p>${paragraph
    .split('\n')
    .map((line) => escapeHtml(line))
    .join('<br>')}</p>`;

const STYLES = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body {
  margin: 0;
  background: #fdf8ef;
  color: #2d2a32;
  font-family: Georgia, 'Times New Roman', serif;
  font-size: 1.2rem;
  line-height: 1.7;
}
main { max-width: 46rem; margin: 0 auto; padding: 2rem 1.5rem 3rem; }
.cover { text-align: center; padding: 2rem 0 3rem; }
.cover h1 {
  margin: 0 0 0.75rem;
  font-family: 'Trebuchet MS', 'Comic Sans MS', system-ui, sans-serif;
  font-size: 2.6rem;
  line-height: 1.2;
  color: #5b3cc4;
  overflow-wrap: anywhere;
}
.byline { margin: 0.25rem 0; font-size: 1.25rem; font-style: italic; }
.hero { margin: 0.25rem 0; color: #b4540a; font-weight: bold; }
.created { margin: 1rem 0 0; font-size: 0.95rem; color: #6b6475; }
figure { margin: 1.75rem 0; text-align: center; }
figure img {
  max-width: 100%;
  height: auto;
  border-radius: 1rem;
  box-shadow: 0 0.25rem 1rem rgba(45, 42, 50, 0.15);
}
.cover figure img { max-height: 28rem; }
.scene img { max-height: 36rem; }
.story p { margin: 0 0 1.1rem; overflow-wrap: break-word; }
.the-end {
  margin: 2.5rem 0 1rem;
  text-align: center;
  font-size: 1.5rem;
  font-style: italic;
  color: #5b3cc4;
}
footer { margin-top: 2rem; text-align: center; font-size: 0.85rem; color: #6b6475; }
@page { size: auto; margin: 18mm 16mm; }
@media print {
  body { background: #ffffff; font-size: 13pt; }
  main { max-width: none; padding: 0; }
  /* The cover must fit one page even with a three-line title, or it spills a half-empty page. */
  .cover { break-after: page; page-break-after: always; padding: 10mm 0 0; }
  .cover figure img { max-height: 120mm; }
  /* Small enough that a scene and some text share a page on A4 and Letter alike. */
  figure img { max-height: 120mm; box-shadow: none; }
  p, figure, .the-end { break-inside: avoid; page-break-inside: avoid; }
  h1 { break-after: avoid; page-break-after: avoid; }
  p { orphans: 3; widows: 3; }
  footer { break-inside: avoid; page-break-inside: avoid; }
}
`;

export function buildStoryExportHtml(input: StoryExportInput): string {
  const title = input.title.trim() || 'My Story';
  const heroName = input.heroName.trim();
  const authorName = input.authorName.trim();
  const paragraphs = storyParagraphs(input.content);

  // One image per type, the first valid one; anything that is not a safe data: image is dropped.
  const byType = new Map<ImageType, ExportImage>();
  for (const image of input.images) {
    if (!byType.has(image.imageType) && isSafeImageDataUri(image.dataUri)) byType.set(image.imageType, image);
  }

  const cover = byType.get('cover');
  const created = formatDate(input.createdAt);
  const coverHtml = [
    '<section class="cover">',
    cover ? figure(cover, `Cover illustration for ${title}`, 'cover-image') : '',
    `<h1>${escapeHtml(title)}</h1>`,
    authorName ? `<p class="byline">By ${escapeHtml(authorName)}</p>` : '',
    heroName ? `<p class="hero">Starring ${escapeHtml(heroName)}</p>` : '',
    created ? `<p class="created">Created ${escapeHtml(created)}</p>` : '',
    '</section>',
  ]
    .filter(Boolean)
    .join('\n');

  // The story page's positions; a scene whose slot a very short story has no room for goes after the text.
  const after = new Map<number, string[]>();
  const placed = new Set<ImageType>();
  for (const slot of imageSlotsForStoryPage(paragraphs.length)) {
    const image = byType.get(slot.imageType);
    if (!image) continue;
    after.set(slot.afterParagraph, [figure(image, `${slot.label} illustration`, 'scene')]);
    placed.add(slot.imageType);
  }
  const leftovers = [...byType.values()]
    .filter((image) => image.imageType !== 'cover' && !placed.has(image.imageType))
    .map((image) => figure(image, `${SCENE_LABELS[image.imageType]} illustration`, 'scene'));

  const body = paragraphs.flatMap((paragraph, index) => [paragraphHtml(paragraph), ...(after.get(index) ?? [])]);

  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${EXPORT_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>
</head>
<body>
<main>
${coverHtml}
<article class="story">
${[...body, ...leftovers].join('\n')}
</article>
<p class="the-end">~ The End ~</p>
<footer>Made with Story Magic</footer>
</main>
</body>
</html>
`;
}
