/**
 * `npm run doctor [-- -c bedrockRegion=… -c guardrailId=… -c guardrailVersion=… -c webAclArn=…]`: see
 * bin/doctor/run-doctor.ts. Takes the same `-c` values as `cdk deploy`; exits 0 when every check passed.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_BEDROCK_REGION } from '#common/models/catalogue.js';
import { runDoctor } from './doctor/run-doctor.js';

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
runDoctor({
  region: context.get('bedrockRegion') ?? DEFAULT_BEDROCK_REGION,
  guardrail: guardrailId ? { id: guardrailId, version: context.get('guardrailVersion') ?? 'DRAFT' } : undefined,
  webAclArn: context.get('webAclArn'),
}).then(
  (passed) => process.exit(passed ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
