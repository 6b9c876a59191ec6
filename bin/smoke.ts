/** `npm run smoke -- --url https://<the site>`: see bin/smoke/run-smoke.ts. Exits 0 when every step passed. */
import { parseArgs } from 'node:util';
import { runSmoke } from './smoke/run-smoke.js';

const { values } = parseArgs({ options: { url: { type: 'string' } } });
if (!values.url || !URL.canParse(values.url)) {
  console.error('Usage: npm run smoke -- --url https://<the site>');
  process.exit(2);
}
runSmoke({ url: values.url }).then(
  (passed) => process.exit(passed ? 0 : 1),
  () => process.exit(1),
);
