/**
 * Building SVG as text, safely: every attribute value and every text node goes through escapeXml, so a
 * hero called `<img onerror=…>` is drawn as those characters and can never become markup.
 */
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Characters XML 1.0 allows: tab, newlines and the rest of Unicode except control codes and lone surrogates. */
function allowedInXml(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    code >= 0x10000
  );
}

export const escapeXml = (text: string) =>
  [...text]
    .filter(allowedInXml)
    .join('')
    .replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

export type Attrs = Readonly<Record<string, string | number | undefined>>;

/** Short numbers keep the file small; three decimals keep filter frequencies and opacities exact. */
const num = (value: number) => String(Math.round(value * 1000) / 1000);

export function attrs(values: Attrs): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeXml(typeof value === 'number' ? num(value) : value)}"`)
    .join('');
}

/** An element; children are trusted SVG built by these helpers, never raw user text. */
export function el(name: string, values: Attrs = {}, children?: string): string {
  return children === undefined ? `<${name}${attrs(values)}/>` : `<${name}${attrs(values)}>${children}</${name}>`;
}

/** A text node's content. */
export const text = (value: string) => escapeXml(value);

/** A path through points, for polygons and outlines. */
export const points = (list: readonly (readonly [number, number])[]) =>
  list.map(([x, y]) => `${num(x)},${num(y)}`).join(' ');
