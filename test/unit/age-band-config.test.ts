import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAgeBandConfig, type AgeBandConfig } from '#common/age-band-config.js';
import { CONFIG_ERROR_CODES, ageBandConfigPath, isPublishedBandConfig } from '#common/age-band-config-file.js';
import { ART_STYLE_IDS, STORY_TYPES } from '#common/story-choices.js';

const raw = (band: 'a' | 'b'): unknown =>
  JSON.parse(readFileSync(new URL(`../../common/config/age-band-${band}.json`, import.meta.url), 'utf8'));

function load(band: 'a' | 'b'): AgeBandConfig {
  const result = parseAgeBandConfig(raw(band));
  if (!result.ok) throw new Error(result.message);
  return result.config;
}

/** A deep copy of band A's file with one change, as a broken deploy would ship it. */
function brokenCopy(change: (config: Record<string, unknown>) => void): unknown {
  const copy = structuredClone(raw('a')) as Record<string, unknown>;
  change(copy);
  return copy;
}

const section = (config: Record<string, unknown>, key: string) => config[key] as Record<string, unknown>;

describe('the shipped age-band configuration files', () => {
  it.each(['a', 'b'] as const)('age-band-%s.json validates against the schema', (band) => {
    const result = parseAgeBandConfig(raw(band));
    expect(result.ok ? 'ok' : result.message).toBe('ok');
  });

  it('describe the band they are served for, at the path the SPA fetches', () => {
    expect(load('a').app).toMatchObject({ band: 'A', band_name: 'Little Storytellers', age_range: '5-7' });
    expect(load('b').app).toMatchObject({ band: 'B', band_name: 'Young Adventurers', age_range: '8-10' });
    expect(ageBandConfigPath('A')).toBe('/config/age-band-a.json');
    expect(ageBandConfigPath('B')).toBe('/config/age-band-b.json');
  });

  it('keep the keys the prompt builder and the wizard rely on', () => {
    for (const [band, nameMax, descriptionMax] of [
      ['a', 15, 50],
      ['b', 24, 80],
    ] as const) {
      const config = load(band);
      expect(config.validators.character_name_max).toBe(nameMax);
      expect(config.validators.custom_description_max).toBe(descriptionMax);
      for (const key of ['system', 'style_addon', 'user_seed'] as const)
        expect(config.prompts[key]).toEqual(expect.any(String));
      expect(config.prompts.user_seed).toContain('{hero_name}');
      expect(config.bands.words_total.min).toBeLessThan(config.bands.words_total.max);
      expect(config.bands.pages.min).toBeLessThanOrEqual(config.bands.pages.max);
      for (const id of ART_STYLE_IDS) expect(config.image_styles[id].prompt.length).toBeGreaterThan(20);
      expect(config.art_policy?.image_sizes.default).toBe(896);
      expect(config.art_policy?.image_sizes.snap_to_multiple).toBe(64);
      expect(config.art_policy?.band_defaults.max_images_per_story).toBe(10);
    }
  });

  it('give band A shorter stories and sentences and more dialogue than band B, and B a light subplot', () => {
    const [a, b] = [load('a'), load('b')];
    expect(a.bands.words_total.max).toBeLessThanOrEqual(b.bands.words_total.max);
    expect(a.bands.sentence_len.max).toBeLessThan(b.bands.sentence_len.max);
    expect(a.bands.words_per_page.max).toBeLessThan(b.bands.words_per_page.max);
    expect(a.bands.dialog_ratio_target).toBeGreaterThan(b.bands.dialog_ratio_target);
    expect(a.bands.subplot).toBeUndefined();
    expect(b.bands.subplot).toBeDefined();
  });

  it('offer several writing styles per band, each reachable from some story kind', () => {
    for (const config of [load('a'), load('b')]) {
      const styles = Object.keys(config.styles);
      expect(styles.length).toBeGreaterThanOrEqual(5);
      const mapped = new Set(STORY_TYPES.flatMap((kind) => config.auto_mapping[kind].map((entry) => entry.style)));
      expect([...mapped].sort()).toEqual([...styles].sort());
    }
  });

  it('deny the same topics in band A as in band B, and a few more', () => {
    const [a, b] = [load('a').safety.deny_if_topics, load('b').safety.deny_if_topics];
    expect(b.filter((topic) => !a.includes(topic))).toEqual([]);
    expect(a.length).toBeGreaterThan(b.length);
    for (const topic of ['kill', 'gun', 'died', 'drugs', 'beer', 'horror', 'girlfriend', 'suicide', 'beat up']) {
      expect(b).toContain(topic);
    }
  });
});

describe('a broken configuration', () => {
  const cases: [string, (config: Record<string, unknown>) => void, RegExp][] = [
    ['a missing section', (c) => delete c.styles, /styles/],
    ['a wrong type', (c) => (section(section(c, 'bands'), 'words_total').min = '250'), /bands\.words_total\.min/],
    [
      'min above max',
      (c) => (section(c, 'bands').sentence_len = { min: 12, max: 5 }),
      /bands\.sentence_len: min must not be greater than max/,
    ],
    [
      'an unknown style in auto_mapping',
      (c) => (section(c, 'auto_mapping').Space = [{ style: 'space-opera', weight: 1 }]),
      /auto_mapping\.Space\.0\.style: unknown style "space-opera"/,
    ],
    ['a misspelt key', (c) => (section(c, 'bands').word_total = { min: 1, max: 2 }), /Unrecognized key: "word_total"/],
    [
      'a selector missing a choice',
      (c) => (section(c, 'selectors').mission = ['Rescue', 'Treasure']),
      /selectors\.mission: missing Protect, Ranch, Escape/,
    ],
    ['an art style without an image style', (c) => delete section(c, 'image_styles').sketch, /image_styles\.sketch/],
    [
      'a typo in a prompt placeholder',
      (c) => (section(c, 'prompts').user_seed = 'Write about {hero_nmae}.'),
      /unknown placeholder \{hero_nmae\}/,
    ],
    [
      'a deny-list entry in capitals',
      (c) => (section(c, 'safety').deny_if_topics = ['Gun']),
      /safety\.deny_if_topics\.0/,
    ],
    [
      'a style sentence range outside the band',
      (c) =>
        ((
          section(c, 'styles')['cozy-bedtime'] as { rhythm: { sentence_len_range: unknown } }
        ).rhythm.sentence_len_range = { min: 6, max: 14 }),
      /styles\.cozy-bedtime\.rhythm\.sentence_len_range/,
    ],
    [
      'a name limit above the input cap',
      (c) => (section(c, 'validators').character_name_max = 30),
      /validators\.character_name_max/,
    ],
    [
      'an image size off the snapping grid',
      (c) => (section(section(c, 'art_policy'), 'image_sizes').default = 900),
      /not multiples of snap_to_multiple/,
    ],
  ];

  it.each(cases)('is refused with INVALID_CONFIGURATION and a message naming it: %s', (_name, change, message) => {
    const result = parseAgeBandConfig(brokenCopy(change));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe(CONFIG_ERROR_CODES.INVALID_CONFIGURATION);
    expect(result.message).toMatch(/^Invalid age-band configuration: /);
    expect(result.message).toMatch(message);
  });

  it.each([null, 'config', [], 42])('is refused when the file is not an object at all (%j)', (json) => {
    const result = parseAgeBandConfig(json);
    expect(result).toMatchObject({ ok: false, code: 'INVALID_CONFIGURATION' });
  });

  it('names every error code of SPEC §8', () => {
    expect(Object.keys(CONFIG_ERROR_CODES)).toEqual([
      'INVALID_CONFIGURATION',
      'CONFIG_LOAD_FAILED',
      'NO_CONFIG_LOADED',
    ]);
  });
});

describe('the file as the SPA receives it', () => {
  it('is accepted only when it is its band published configuration', () => {
    expect(isPublishedBandConfig(raw('a'), 'A')).toBe(true);
    expect(isPublishedBandConfig(raw('b'), 'B')).toBe(true);
    expect(isPublishedBandConfig(raw('a'), 'B')).toBe(false); // the other band's file
    expect(isPublishedBandConfig({ message: 'Not Found' }, 'A')).toBe(false); // an error page as JSON
    expect(isPublishedBandConfig(null, 'A')).toBe(false);
    expect(isPublishedBandConfig({ ...(raw('a') as object), version: 'latest' }, 'A')).toBe(false);
  });
});
