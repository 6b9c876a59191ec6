/**
 * `npm run doctor [-- -c bedrockRegion=… -c guardrailId=… -c guardrailVersion=… -c webAclArn=…
 * -c minStoriesPerMinute=… -c minCoversPerMinute=… -c reservedConcurrency=…]`: see
 * bin/doctor/run-doctor.ts. Takes the same `-c` values as `cdk deploy`; exits 0 when every check passed.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_BEDROCK_REGION } from '#common/models/catalogue.js';
import { DEFAULT_FLOOR, runDoctor } from './doctor/run-doctor.js';
import {
  parseReservedConcurrency,
  REPLACED_CONCURRENCY_KEYS,
  replacedKeyMessage,
  ReservedConcurrencySettingError,
} from '../lib/reserved-concurrency.js';

const { values } = parseArgs({ options: { context: { type: 'string', short: 'c', multiple: true } } });
const context = new Map<string, string>();
for (const pair of values.context ?? []) {
  const at = pair.indexOf('=');
  if (at < 1) {
    console.error(`Usage: npm run doctor -- -c key=value …; got "${pair}"`);
    process.exit(2);
  }
  context.set(pair.slice(0, at), pair.slice(at + 1));
}
const guardrailId = context.get('guardrailId');
const number = (key: string, fallback: number) => {
  const value = Number(context.get(key) ?? fallback);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`-c ${key} must be a positive number`);
    process.exit(2);
  }
  return value;
};
const reservedConcurrency = () => {
  for (const key of REPLACED_CONCURRENCY_KEYS) {
    if (context.has(key)) {
      console.error(`-c ${replacedKeyMessage(key)}`);
      process.exit(2);
    }
  }
  try {
    return parseReservedConcurrency(context.get('reservedConcurrency'), '-c reservedConcurrency');
  } catch (error) {
    if (!(error instanceof ReservedConcurrencySettingError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
};
runDoctor({
  region: context.get('bedrockRegion') ?? DEFAULT_BEDROCK_REGION,
  guardrail: guardrailId ? { id: guardrailId, version: context.get('guardrailVersion') ?? 'DRAFT' } : undefined,
  webAclArn: context.get('webAclArn'),
  floor: {
    storiesPerMinute: number('minStoriesPerMinute', DEFAULT_FLOOR.storiesPerMinute),
    coversPerMinute: number('minCoversPerMinute', DEFAULT_FLOOR.coversPerMinute),
  },
  reserved: reservedConcurrency(),
}).then(
  (passed) => process.exit(passed ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
