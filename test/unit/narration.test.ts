import { PollyClient, SynthesizeSpeechCommand } from '@aws-sdk/client-polly';
import { mockClient } from 'aws-sdk-client-mock';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  FIRST_PART_WORDS,
  PART_CHARACTERS,
  PART_WORDS,
  narrationParts,
  paragraphWords,
  partText,
  storyWords,
} from '../../common/narration.js';
import { storyParagraphs } from '../../common/story-layout.js';
import { narrationVersion, wordTimes } from '../../lambdas/adapters/narration/narrator.js';
import {
  marksFromPolly,
  POLLY_PATIENCE,
  pollyConnectionOf,
  pollyNarrator,
} from '../../lambdas/adapters/narration/polly-narrator.js';

const story = [
  'Zoë the brave dragon flew over the café at dawn. "Hello!" said Zoë — and the moon smiled.',
  "**Maya** met a *** in class. It wasn't kind, so she left.",
  'The end of a very small story 🐉 with an emoji.',
].join('\n\n');

/** The words a paragraph shows, as a reader would point at them. */
const shownWords = (content: string) => storyParagraphs(content).flatMap((paragraph) => paragraph.split(/\s+/));

describe('the words of a story', () => {
  it('are every word the story page shows, and each range slices back to exactly that word', () => {
    const paragraphs = storyParagraphs(story);
    const words = storyWords(story);
    expect(words.map((word) => paragraphs[word.paragraph]?.slice(word.from, word.to))).toEqual(shownWords(story));
    expect(words.some((word) => paragraphs[word.paragraph]?.slice(word.from, word.to) === 'Zoë')).toBe(true);
  });

  it('hold for any text: every word once, in reading order', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 60 }), { maxLength: 6 }), (paragraphs) => {
        const content = paragraphs.join('\n\n');
        const shown = storyParagraphs(content);
        const words = storyWords(content);
        expect(words.map((word) => shown[word.paragraph]?.slice(word.from, word.to))).toEqual(
          shown.flatMap((paragraph) => paragraph.match(/\S+/g) ?? []),
        );
      }),
    );
  });
});

describe('the parts a story is read in', () => {
  const long = Array.from({ length: 12 }, (_, p) =>
    Array.from({ length: 9 }, (_, s) => `Sentence ${s} of paragraph ${p} has a few more words in it.`).join(' '),
  ).join('\n\n');

  it('cover every word once, in order; the first is short, none is over its allowance', () => {
    const paragraphs = storyParagraphs(long);
    const words = paragraphWords(paragraphs);
    const parts = narrationParts(paragraphs, words);
    expect(parts.length).toBeGreaterThan(5);
    let next = 0;
    for (const part of parts) {
      expect(part.firstWord).toBe(next);
      next += part.wordCount;
    }
    expect(next).toBe(words.length);
    expect(parts[0]?.wordCount).toBeLessThanOrEqual(FIRST_PART_WORDS);
    for (const part of parts) {
      expect(part.wordCount).toBeLessThanOrEqual(PART_WORDS);
      expect(partText(paragraphs, words, part).text.length).toBeLessThanOrEqual(PART_CHARACTERS);
    }
  });

  it('end at the end of a sentence when one comes late enough', () => {
    const paragraphs = storyParagraphs(long);
    const words = paragraphWords(paragraphs);
    for (const part of narrationParts(paragraphs, words).slice(0, -1)) {
      expect(partText(paragraphs, words, part).text).toMatch(/\.$/);
    }
  });

  it("send the narrator the words' own text, each word's range in it slicing back to the word", () => {
    const paragraphs = storyParagraphs(story);
    const words = paragraphWords(paragraphs);
    for (const part of narrationParts(paragraphs, words)) {
      const { text, ranges } = partText(paragraphs, words, part);
      expect(ranges.map((range) => text.slice(range.from, range.to))).toEqual(
        words
          .slice(part.firstWord, part.firstWord + part.wordCount)
          .map((w) => paragraphs[w.paragraph]?.slice(w.from, w.to)),
      );
    }
  });
});

describe('word times', () => {
  it('give every word a time, never going backwards; a word the voice skips keeps the time before', () => {
    const text = 'Maya met a *** — in class.';
    const ranges = [...text.matchAll(/\S+/g)].map((m) => ({ from: m.index, to: m.index + m[0].length }));
    // The voice speaks Maya, met, a, in and class; not the stars nor the dash.
    const spoken = [0, 1, 2, 5, 6].map((index, i) => ({
      start: 100 * i,
      from: ranges[index]?.from ?? 0,
      to: ranges[index]?.to ?? 0,
    }));
    expect(wordTimes(ranges, spoken)).toEqual([0, 100, 200, 200, 200, 300, 400]);
  });

  it('are read from Polly word marks, whose offsets are UTF-8 bytes (Zoë, café, an emoji)', () => {
    const text = 'Zoë ate 🐉 cake at the café.';
    // As Polly documents word speech marks: one JSON object a line, start/end in bytes of the UTF-8 input.
    const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
    const lines = [
      { time: 6, type: 'word', start: 0, end: bytes('Zoë'), value: 'Zoë' },
      { time: 380, type: 'word', start: bytes('Zoë '), end: bytes('Zoë ate'), value: 'ate' },
      { time: 700, type: 'word', start: bytes('Zoë ate 🐉 '), end: bytes('Zoë ate 🐉 cake'), value: 'cake' },
      { time: 1250, type: 'word', start: bytes('Zoë ate 🐉 cake at the '), end: bytes(text) - 1, value: 'café' },
    ]
      .map((mark) => JSON.stringify(mark))
      .join('\n');
    const marks = marksFromPolly(text, `${lines}\n`);
    expect(marks.map((mark) => text.slice(mark.from, mark.to))).toEqual(['Zoë', 'ate', 'cake', 'café']);
    expect(marks.map((mark) => mark.start)).toEqual([6, 380, 700, 1250]);
  });

  it('version the narration by voice and text: an edit or another voice makes a new one', () => {
    const version = narrationVersion('polly-neural-Joanna', story);
    expect(narrationVersion('polly-neural-Joanna', story)).toBe(version);
    expect(narrationVersion('polly-neural-Joanna', `${story}!`)).not.toBe(version);
    expect(narrationVersion('espeak-ng-en-us', story)).not.toBe(version);
  });
});

describe('the Polly narrator', () => {
  const polly = mockClient(PollyClient);
  const stream = (body: string | Uint8Array) =>
    ({
      transformToByteArray: () => Promise.resolve(typeof body === 'string' ? new TextEncoder().encode(body) : body),
      transformToString: () => Promise.resolve(typeof body === 'string' ? body : new TextDecoder().decode(body)),
    }) as never;
  beforeEach(() => polly.reset());

  it('asks the neural voice for MP3 and for word marks of the same text, and answers both', async () => {
    const text = 'Zoë flew.';
    polly
      .on(SynthesizeSpeechCommand, { OutputFormat: 'mp3' })
      .resolves({ AudioStream: stream(new Uint8Array([0xff, 0xfb, 1])) });
    polly.on(SynthesizeSpeechCommand, { OutputFormat: 'json' }).resolves({
      AudioStream: stream(
        '{"time":0,"type":"word","start":0,"end":4,"value":"Zoë"}\n{"time":420,"type":"word","start":5,"end":9,"value":"flew"}\n',
      ),
    });
    const speech = await pollyNarrator(
      pollyConnectionOf(new PollyClient({ region: 'us-east-1' })),
      'Joanna',
    ).synthesize(text);
    expect(speech.contentType).toBe('audio/mpeg');
    expect([...speech.audio]).toEqual([0xff, 0xfb, 1]);
    expect(speech.marks.map((mark) => [mark.start, text.slice(mark.from, mark.to)])).toEqual([
      [0, 'Zoë'],
      [420, 'flew'],
    ]);
    const inputs = polly.commandCalls(SynthesizeSpeechCommand).map((call) => call.args[0].input);
    expect(inputs).toHaveLength(2);
    for (const input of inputs) expect(input).toMatchObject({ Engine: 'neural', VoiceId: 'Joanna', Text: text });
    expect(inputs.find((input) => input.OutputFormat === 'json')?.SpeechMarkTypes).toEqual(['word']);
  });

  it('waits out Polly’s rate briefly (jittered, at most 3 s), then gives up; other refusals fail at once', async () => {
    const throttled = Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException', $metadata: {} });
    const waits: number[] = [];
    const patience = { ...POLLY_PATIENCE, sleep: (ms: number) => (waits.push(ms), Promise.resolve()), random: () => 1 };
    const narrator = pollyNarrator(pollyConnectionOf(new PollyClient({ region: 'us-east-1' })), 'Joanna', patience);
    polly
      .on(SynthesizeSpeechCommand, { OutputFormat: 'mp3' })
      .rejectsOnce(throttled)
      .rejectsOnce(throttled)
      .resolves({ AudioStream: stream(new Uint8Array([0xff, 0xfb, 1])) });
    polly.on(SynthesizeSpeechCommand, { OutputFormat: 'json' }).resolves({ AudioStream: stream('') });
    await expect(narrator.synthesize('Hello.')).resolves.toMatchObject({ contentType: 'audio/mpeg' });
    expect(waits).toEqual([200, 400]);

    polly.reset();
    waits.length = 0;
    polly.on(SynthesizeSpeechCommand).rejects(throttled);
    await expect(narrator.synthesize('Hello.')).rejects.toMatchObject({ name: 'ThrottlingException' });
    // Each of the two requests tried 5 times, waiting up to 200 + 400 + 800 + 1,600 ms.
    expect(polly.commandCalls(SynthesizeSpeechCommand)).toHaveLength(10);
    expect([...waits].sort((a, b) => a - b)).toEqual([200, 200, 400, 400, 800, 800, 1_600, 1_600]);

    polly.reset();
    polly.on(SynthesizeSpeechCommand).rejects(
      Object.assign(new Error('too long'), {
        name: 'TextLengthExceededException',
        $metadata: { httpStatusCode: 400 },
      }),
    );
    await expect(narrator.synthesize('Hello.')).rejects.toMatchObject({ name: 'TextLengthExceededException' });
    expect(polly.commandCalls(SynthesizeSpeechCommand)).toHaveLength(2);
  });
});
