import { describe, expect, it } from 'vitest';
import {
  buildStoryExportHtml,
  escapeHtml,
  isSafeImageDataUri,
  type StoryExportInput,
} from '../../lambdas/use-cases/stories/export-html.js';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const JPEG = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';
const WEBP = 'data:image/webp;base64,UklGRhIAAABXRUJQVlA4TAYAAAAvAAAAAAfQ//73vwA=';
const SVG = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';

const HOSTILE = '<img src=x onerror=alert(1)>';

const paragraphs = Array.from({ length: 8 }, (_, i) => `Paragraph ${i + 1} of the story.`);

function input(overrides: Partial<StoryExportInput> = {}): StoryExportInput {
  return {
    title: 'Pip and the Moon',
    heroName: 'Pip',
    authorName: 'Sam',
    content: paragraphs.join('\n\n'),
    images: [],
    createdAt: '2025-03-04T10:00:00.000Z',
    ...overrides,
  };
}

const VOID = new Set(['meta', 'img', 'br', 'hr', 'link', 'input']);

/** A small structural check: every non-void element closes in order, and text holds no stray `<`. */
function tagProblems(html: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const withoutStyle = html.replace(/<style>[\s\S]*?<\/style>/g, '<style></style>');
  for (const match of withoutStyle.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^<>]*>|<!DOCTYPE html>|</g)) {
    const [token, closing, name] = match;
    if (token === '<!DOCTYPE html>') continue;
    if (token === '<' || name === undefined) {
      problems.push(`stray < at ${match.index}`);
      continue;
    }
    const tag = name.toLowerCase();
    if (VOID.has(tag)) continue;
    if (!closing) stack.push(tag);
    else if (stack.pop() !== tag) problems.push(`unexpected </${tag}> at ${match.index}`);
  }
  if (stack.length) problems.push(`unclosed: ${stack.join(', ')}`);
  return problems;
}

/** The element sequence in the story article: p, or the alt text of an image. */
function storyOrder(html: string): string[] {
  const article = html.match(/<article class="story">([\s\S]*?)<\/article>/)?.[1] ?? '';
  return [...article.matchAll(/<p>|<img [^>]*alt="([^"]*)"/g)].map((match) => match[1] ?? 'p');
}

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
    expect(escapeHtml('Plain text, émoji 🐉')).toBe('Plain text, émoji 🐉');
  });
});

describe('buildStoryExportHtml: escaping', () => {
  it('shows a hostile title, hero, author and paragraph as text', () => {
    const html = buildStoryExportHtml(
      input({
        title: HOSTILE,
        heroName: '<b onmouseover=alert(2)>Pip</b>',
        authorName: '"><script>alert(3)</script>',
        content: `First.\n\n<script>alert(4)</script> & <iframe src=javascript:alert(5)>\n\n</p></article><svg onload=alert(6)>`,
      }),
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img src=x/i);
    expect(html).not.toMatch(/<iframe|<svg|<b /i);
    expect(html).toContain('<title>&lt;img src=x onerror=alert(1)&gt;</title>');
    expect(html).toContain('<h1>&lt;img src=x onerror=alert(1)&gt;</h1>');
    expect(html).toContain('Starring &lt;b onmouseover=alert(2)&gt;Pip&lt;/b&gt;');
    expect(html).toContain('By &quot;&gt;&lt;script&gt;alert(3)&lt;/script&gt;');
    expect(html).toContain('<p>&lt;script&gt;alert(4)&lt;/script&gt; &amp; &lt;iframe src=javascript:alert(5)&gt;</p>');
    expect(html).toContain('<p>&lt;/p&gt;&lt;/article&gt;&lt;svg onload=alert(6)&gt;</p>');
    expect(tagProblems(html)).toEqual([]);
  });

  it('escapes the title inside the cover image alt text', () => {
    const html = buildStoryExportHtml(
      input({ title: '" onerror="alert(1)', images: [{ imageType: 'cover', dataUri: PNG }] }),
    );
    expect(html).toContain('alt="Cover illustration for &quot; onerror=&quot;alert(1)"');
    expect(tagProblems(html)).toEqual([]);
  });
});

describe('buildStoryExportHtml: document', () => {
  const html = buildStoryExportHtml(input({ images: [{ imageType: 'cover', dataUri: PNG }] }));

  it('is a UTF-8, English, titled document with balanced tags', () => {
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Pip and the Moon</title>');
    expect(html.match(/<html[\s>]/g)).toHaveLength(1);
    expect(html.match(/<\/html>/g)).toHaveLength(1);
    expect(html.match(/<body>/g)).toHaveLength(1);
    expect(html.match(/<\/body>/g)).toHaveLength(1);
    expect(html.indexOf('</head>')).toBeLessThan(html.indexOf('<body>'));
    expect(tagProblems(html)).toEqual([]);
  });

  it('carries the strict CSP and no scripts or external resources', () => {
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">`,
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/(?:src|href)="(?!data:)/);
    expect(html).not.toMatch(/@import|url\(/);
  });

  it('has print CSS with page breaks and a screen style', () => {
    expect(html).toMatch(/@page\s*\{[^}]*margin/);
    expect(html).toContain('@media print');
    expect(html).toMatch(/\.cover \{[^}]*break-after: page;[^}]*page-break-after: always/);
    expect(html).toMatch(/p, figure[^{]*\{[^}]*break-inside: avoid;[^}]*page-break-inside: avoid/);
    expect(html).toMatch(/main \{ max-width: 46rem/);
  });

  it('has the cover, byline, hero, date, every paragraph, the end and the footer', () => {
    expect(html).toContain('<p class="byline">By Sam</p>');
    expect(html).toContain('<p class="hero">Starring Pip</p>');
    expect(html).toContain('<p class="created">Created 4 March 2025</p>');
    for (const paragraph of paragraphs) expect(html).toContain(`<p>${paragraph}</p>`);
    expect(html).toContain('~ The End ~');
    expect(html).toContain('<footer>Made with Story Magic</footer>');
  });

  it('strips bold markers and keeps line breaks inside a paragraph', () => {
    const poem = buildStoryExportHtml(input({ content: '**Roses** are red,\nviolets are blue.' }));
    expect(poem).toContain('<p>Roses are red,<br>violets are blue.</p>');
  });

  it('leaves out an empty author, hero and unreadable date, and titles an untitled story', () => {
    const bare = buildStoryExportHtml(input({ title: '  ', heroName: '', authorName: ' ', createdAt: 'not a date' }));
    expect(bare).not.toContain('class="byline"');
    expect(bare).not.toContain('class="hero"');
    expect(bare).not.toContain('class="created"');
    expect(bare).toContain('<title>My Story</title>');
    expect(buildStoryExportHtml(input({ createdAt: new Date('2024-12-31T23:30:00Z') }))).toContain(
      'Created 31 December 2024',
    );
  });
});

describe('buildStoryExportHtml: images', () => {
  it('embeds the cover first and the scenes at the story page positions (25/50/75/95 %)', () => {
    const html = buildStoryExportHtml(
      input({
        images: [
          { imageType: 'ending', dataUri: SVG },
          { imageType: 'climax', dataUri: WEBP },
          { imageType: 'mid-scene', dataUri: JPEG },
          { imageType: 'early-scene', dataUri: PNG },
          { imageType: 'cover', dataUri: PNG },
        ],
      }),
    );
    expect(html.indexOf('Cover illustration')).toBeLessThan(html.indexOf('<h1>'));
    // 8 paragraphs: after paragraphs 2, 4, 6 and 8.
    expect(storyOrder(html)).toEqual([
      'p',
      'p',
      'Early Scene illustration',
      'p',
      'p',
      'Mid Scene illustration',
      'p',
      'p',
      'Climax illustration',
      'p',
      'p',
      'Ending illustration',
    ]);
    for (const uri of [PNG, JPEG, WEBP, SVG]) expect(html).toContain(`src="${uri}"`);
    expect(tagProblems(html)).toEqual([]);
  });

  it('drops anything that is not a base64 data: image of an allowed type', () => {
    const bad = [
      'https://example.com/pic.png',
      'javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'data:image/png;base64,iVBOR" onerror="alert(1)',
      'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
      'data:image/png;base64,',
      ' data:image/png;base64,iVBORw0KGgo=',
      'data:image/png;base64,iVBORw0KGgo=\n',
      'DATA:IMAGE/PNG;BASE64,iVBORw0KGgo=',
    ];
    for (const uri of bad) expect(isSafeImageDataUri(uri), uri).toBe(false);
    for (const uri of [PNG, JPEG, WEBP, SVG]) expect(isSafeImageDataUri(uri), uri).toBe(true);

    const html = buildStoryExportHtml(input({ images: bad.map((dataUri) => ({ imageType: 'early-scene', dataUri })) }));
    expect(html).not.toContain('<img');
    expect(html).not.toContain('example.com');
    expect(html).not.toContain('alert');
  });

  it('uses the first valid image of a type when an invalid one comes first', () => {
    const html = buildStoryExportHtml(
      input({
        images: [
          { imageType: 'early-scene', dataUri: 'javascript:alert(1)' },
          { imageType: 'early-scene', dataUri: JPEG },
          { imageType: 'early-scene', dataUri: PNG },
        ],
      }),
    );
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html).toContain(`src="${JPEG}"`);
  });

  it('keeps scenes a very short story has no slot for, after the text', () => {
    const html = buildStoryExportHtml(
      input({
        content: 'Only one paragraph.',
        images: [
          { imageType: 'ending', dataUri: SVG },
          { imageType: 'early-scene', dataUri: PNG },
        ],
      }),
    );
    expect(storyOrder(html)).toEqual(['p', 'Early Scene illustration', 'Ending illustration']);
  });
});
