import { narrationParts, paragraphWords, partText, type NarrationPartView } from '#common/narration.js';
import { storyParagraphs } from '#common/story-layout.js';
import { NarrationPartNotFoundError, RateLimitedError, StoryNotFoundError } from '../errors.js';
import { mediaUrlOf, type MediaStore } from '../../adapters/media.js';
import { narrationVersion, wordTimes, type Narrator } from '../../adapters/narration/narrator.js';
import type { NarrationClaims } from '../../data/repositories/narration-claims.js';
import type { RateLimiter } from '../../data/repositories/rate-limits.js';
import type { Reader, StoryAccess } from './access.js';

export type NarrationDeps = Readonly<{
  access: StoryAccess;
  rateLimits: RateLimiter;
  claims: NarrationClaims;
  narrator: Narrator;
  /** How long a request waits for a part another request is voicing, and how often it looks. */
  wait?: { timeoutMs: number; everyMs: number };
  media: Pick<MediaStore, 'readNarration' | 'storeNarration' | 'deleteNarration'>;
}>;

/**
 * "Read to me": a story read aloud part by part, each part made on its first request (the first part is
 * short, so its sound starts soon after the press; the player asks for the next while one plays) and kept
 * in the media bucket under the text's version, so a replay costs nothing and an edit is read as edited.
 */
export function narrationUseCases(deps: NarrationDeps) {
  return {
    async part(storyId: string, reader: Reader, index: number): Promise<NarrationPartView> {
      const { story } = await deps.access.readable(storyId, reader);
      // Only the stored, finished (checked) text is read.
      if (story.status !== 'ready') throw new StoryNotFoundError(storyId);
      const paragraphs = storyParagraphs(story.content);
      const words = paragraphWords(paragraphs);
      const parts = narrationParts(paragraphs, words);
      const part = parts[index];
      if (!part) throw new NarrationPartNotFoundError();
      const version = narrationVersion(deps.narrator.voice, story.content);
      const view = (stored: { soundKey: string; firstWord: number; times: number[] }): NarrationPartView => ({
        version,
        partCount: parts.length,
        index,
        audioUrl: mediaUrlOf(stored.soundKey),
        firstWord: stored.firstWord,
        times: stored.times,
      });

      const stored = await deps.media.readNarration(story.id, version, index);
      if (stored) return view(stored);

      // One request voices a part; the others wait for what it stores (issue 34).
      if (!(await deps.claims.claim(story.id, version, index))) {
        const { timeoutMs, everyMs } = deps.wait ?? { timeoutMs: 20_000, everyMs: 200 };
        for (let waited = 0; waited < timeoutMs; waited += everyMs) {
          await new Promise((resolve) => setTimeout(resolve, everyMs));
          const made = await deps.media.readNarration(story.id, version, index);
          if (made) return view(made);
        }
        throw new RateLimitedError(1);
      }
      try {
        const { text, ranges } = partText(paragraphs, words, part);
        // Voicing costs: the reader family's own limits, or (a visitor reading an open share link) the
        // story's family's, so a link passed around cannot voice without end.
        const payer = reader?.userId ?? story.created_by;
        if (!payer) throw new StoryNotFoundError(storyId);
        await deps.rateLimits.take(payer, 'narrate');
        // Every character voiced counts against the family's day, an edited text's too.
        await deps.rateLimits.take(payer, 'voice', Date.now(), text.length);
        const speech = await deps.narrator.synthesize(text);
        const times = wordTimes(ranges, speech.marks);
        const [made] = await Promise.all([
          deps.media.storeNarration(story.id, version, index, speech, { firstWord: part.firstWord, times }),
          // A new text's first part: the old text's narration is not kept.
          index === 0 ? deps.media.deleteNarration(story.id, version) : undefined,
        ]);
        return view(made);
      } finally {
        await deps.claims.release(story.id, version, index);
      }
    },
  };
}

export type NarrationUseCases = ReturnType<typeof narrationUseCases>;
