import { IMAGE_TYPES, type ImageType } from '#common/story-choices.js';
import type { WritingProgress } from '../types.js';

type Container = { kind: 'object'; key: string | undefined; expectingKey: boolean } | { kind: 'array'; index: number };

const isImageType = (key: string | undefined): key is ImageType => IMAGE_TYPES.includes(key as ImageType);

/**
 * Reads a story answer (the JSON object prompts.ts asks for) as its deltas arrive, and reports each scene
 * once its JSON string has closed, and the paragraph count (split as the stored content is) as each closes. It is a small JSON tokenizer that keeps only the
 * path it is at: no text is kept beyond the string being read. It never decides the story: the whole
 * answer is parsed again at the end (parseStoryAnswer), and an answer it cannot follow (prose first, a
 * fence, broken JSON) just stops its reports, so a strange answer can only delay the cover, not change it.
 */
export function answerStream(progress: WritingProgress) {
  const stack: Container[] = [];
  let started = false;
  let stopped = false;
  let inString = false;
  let escaped = false;
  let raw = '';
  let inScalar = false;
  let paragraphs = 0;

  /** A value has just ended where `stack` says; report it if it is one the workflow waits for. */
  function valueEnded(value: unknown) {
    const [root, inner] = stack;
    if (stack.length !== 2 || root?.kind !== 'object' || typeof value !== 'string') return;
    if (root.key === 'scenes' && inner?.kind === 'object' && isImageType(inner.key)) {
      const scene = value.trim();
      if (scene !== '') progress.onScene?.(inner.key, scene);
    } else if (root.key === 'paragraphs' && inner?.kind === 'array') {
      paragraphs += value.split(/\n\s*\n/).filter((part) => part.trim() !== '').length;
      progress.onParagraphs?.(paragraphs);
    }
  }

  function stringEnded() {
    let value: string;
    try {
      value = JSON.parse(`"${raw}"`) as string;
    } catch {
      stopped = true;
      return;
    }
    raw = '';
    const top = stack.at(-1);
    if (top?.kind === 'object' && top.expectingKey) {
      top.key = value;
      top.expectingKey = false;
    } else valueEnded(value);
  }

  function read(char: string) {
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') {
        inString = false;
        stringEnded();
        return;
      }
      raw += char;
      return;
    }
    if (inScalar && /[\s,\]}]/.test(char)) inScalar = false; // a number, true, false or null ended
    if (inScalar) return;
    const top = stack.at(-1);
    switch (char) {
      case '"':
        inString = true;
        return;
      case '{':
        stack.push({ kind: 'object', key: undefined, expectingKey: true });
        return;
      case '[':
        stack.push({ kind: 'array', index: 0 });
        return;
      case '}':
      case ']':
        if (top?.kind !== (char === '}' ? 'object' : 'array')) stopped = true;
        stack.pop();
        if (stack.length === 0) stopped = true; // the object is whole: nothing more to report
        return;
      case ',':
        if (top?.kind === 'array') top.index += 1;
        else if (top?.kind === 'object') {
          top.expectingKey = true;
          top.key = undefined;
        }
        return;
      case ':':
        return;
      default:
        if (/\s/.test(char)) return;
        if (/[-0-9tfn]/.test(char)) inScalar = true;
        else stopped = true;
    }
  }

  return {
    /** Feeds the next delta of the answer. */
    push(delta: string) {
      for (const char of delta) {
        if (stopped) return;
        if (!started) {
          if (/\s/.test(char)) continue;
          // Only an answer that is the JSON object itself, as asked, is followed while it streams.
          if (char !== '{') {
            stopped = true;
            return;
          }
          started = true;
        }
        read(char);
      }
    },
  };
}
