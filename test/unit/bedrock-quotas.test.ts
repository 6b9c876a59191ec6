import { describe, expect, it } from 'vitest';
import {
  createQuotaLedger,
  DEFAULT_QUOTAS,
  parseQuotaSetting,
  QuotaSettingError,
  SlidingWindow,
  textQuotaOf,
  textUnitsOf,
  tokensOf,
  UNLIMITED,
  US_WEST_2_DEFAULTS,
} from '#common/models/quotas.js';
import { DEFAULT_MODELS } from '#common/models/catalogue.js';

describe('a sliding quota window', () => {
  it('never holds more than its limit in any span of its length, and frees each entry a window after it', () => {
    const window = new SlidingWindow(3, 1_000);
    expect([0, 100, 200, 300].map((at) => window.take(1, at) !== undefined)).toEqual([true, true, true, false]);
    expect(window.freeAt(1, 300)).toBe(1_000); // the first entry leaves the window at 0 + 1,000
    expect(window.take(1, 999)).toBeUndefined();
    expect(window.take(1, 1_000)).toBeDefined();
    // A fixed window would let 3 more through at 1,000-1,200 beside the 3 of 0-200; this one lets 1.
    expect(window.take(1, 1_100)).toBeDefined();
    expect(window.take(1, 1_150)).toBeUndefined();
  });

  it('counts a settled entry at its settled amount, and knows when an amount can never fit', () => {
    const window = new SlidingWindow(10_000, 60_000);
    const entry = window.take(7_000, 0);
    expect(window.fits(5_000, 1)).toBe(false);
    if (entry) entry.amount = 2_500;
    expect(window.fits(5_000, 1)).toBe(true);
    expect(window.freeAt(10_001, 1)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('the quota ledger', () => {
  const quotas = parseQuotaSetting('{"textRequestsPerMinute": 100, "textTokensPerMinute": 10000}');
  if (!quotas) throw new Error('quotas expected');

  it('reserves input + max tokens as a request starts and settles to input + output as it ends', () => {
    const ledger = createQuotaLedger(quotas);
    const first = ledger.admitText('m', 1_500, 5_000, 0);
    expect(first.ok).toBe(true);
    // 6,500 reserved: a second request of the same size does not fit…
    expect(ledger.admitText('m', 1_500, 5_000, 1)).toEqual({ ok: false, exceeded: 'tokens' });
    expect(ledger.textFreeAt('m', 1_500, 5_000, 1)).toBe(60_000);
    // …until the first one ends having written 1,000 tokens (2,500 charged).
    if (first.ok) first.settle(1_500, 1_000);
    expect(ledger.admitText('m', 1_500, 5_000, 2).ok).toBe(true);
    // Another model has windows of its own.
    expect(ledger.admitText('other', 1_500, 5_000, 2).ok).toBe(true);
  });

  it('says which quota was exceeded, requests before tokens before tokens per day', () => {
    const ledger = createQuotaLedger(
      parseQuotaSetting('{"textRequestsPerMinute": 1, "textTokensPerMinute": 100, "textTokensPerDay": 150}') ??
        UNLIMITED,
    );
    expect(ledger.admitText('m', 10, 80, 0).ok).toBe(true);
    expect(ledger.admitText('m', 10, 80, 1)).toEqual({ ok: false, exceeded: 'requests' });
    expect(ledger.admitText('m', 10, 80, 60_001)).toEqual({ ok: false, exceeded: 'tokensPerDay' });
  });

  it('compresses time by the time scale: at 10, a minute lasts 6 s', () => {
    const ledger = createQuotaLedger(parseQuotaSetting('{"imageRequestsPerMinute": 1, "timeScale": 10}') ?? UNLIMITED);
    expect(ledger.admitImage('core', 0)).toBe(true);
    expect(ledger.admitImage('core', 5_999)).toBe(false);
    expect(ledger.imageFreeAt('core', 5_999)).toBe(6_000);
    expect(ledger.admitImage('core', 6_000)).toBe(true);
  });

  it('counts guardrail text units per second, an answer checked on its way out whether or not it fits', () => {
    const ledger = createQuotaLedger(parseQuotaSetting('{"guardrailTextUnitsPerSecond": 5}') ?? UNLIMITED);
    expect(textUnitsOf('a'.repeat(1_000))).toBe(1);
    expect(textUnitsOf('a'.repeat(1_001))).toBe(2);
    expect(ledger.admitGuardrail(4, 0)).toBe(true);
    ledger.chargeGuardrail(3, 10);
    expect(ledger.admitGuardrail(1, 20)).toBe(false);
    expect(ledger.admitGuardrail(1, 1_001)).toBe(true);
  });
});

describe('BEDROCK_TWIN_QUOTAS', () => {
  it('unset means no quotas; a figure left out is unlimited; each figure applies to every model', () => {
    expect(parseQuotaSetting(undefined)).toBeUndefined();
    expect(parseQuotaSetting('  ')).toBeUndefined();
    const quotas = parseQuotaSetting('{"textTokensPerMinute": 5000}');
    expect(quotas && textQuotaOf(quotas, 'any.model')).toEqual({ tokensPerMinute: 5_000 });
    expect(quotas?.guardrailTextUnitsPerSecond).toBeUndefined();
  });

  it('"defaults" is us-west-2’s public defaults for Nova Lite, Stable Image Core and Ultra and the guardrail', () => {
    const quotas = parseQuotaSetting('defaults');
    expect(quotas).toBe(DEFAULT_QUOTAS);
    expect(textQuotaOf(DEFAULT_QUOTAS, DEFAULT_MODELS.text)).toEqual({
      requestsPerMinute: 2_000,
      tokensPerMinute: 4_000_000,
      tokensPerDay: 5_760_000_000,
    });
    expect(DEFAULT_QUOTAS.image.byModel[DEFAULT_MODELS.expressImage]).toEqual({ requestsPerMinute: 90 });
    expect(DEFAULT_QUOTAS.image.byModel[DEFAULT_MODELS.studioImage]).toEqual({ requestsPerMinute: 10 });
    expect(DEFAULT_QUOTAS.guardrailTextUnitsPerSecond).toBe(US_WEST_2_DEFAULTS.guardrailTextUnitsPerSecond);
    // With `defaults: true` the other keys override every model's figure, and time can be compressed.
    const tight = parseQuotaSetting('{"defaults": true, "imageRequestsPerMinute": 2, "timeScale": 10}');
    expect(tight?.image.byModel[DEFAULT_MODELS.studioImage]).toEqual({ requestsPerMinute: 2 });
    expect(tight && textQuotaOf(tight, DEFAULT_MODELS.text).tokensPerMinute).toBe(4_000_000);
    expect(tight?.timeScale).toBe(10);
  });

  it('refuses what it cannot read with a message that says what is wrong', () => {
    expect(() => parseQuotaSetting('lots')).toThrow(QuotaSettingError);
    expect(() => parseQuotaSetting('{"textRequestsPerMinut": 5}')).toThrow(/textRequestsPerMinut/);
    expect(() => parseQuotaSetting('{"textRequestsPerMinute": -1}')).toThrow(QuotaSettingError);
    expect(() => parseQuotaSetting('{"timeScale": 0}')).toThrow(QuotaSettingError);
  });

  it('counts tokens as about four characters each', () => {
    expect(tokensOf('')).toBe(0);
    expect(tokensOf('abcde')).toBe(2);
  });
});
