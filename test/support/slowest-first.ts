import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each slow file took (e2e: a clean-clone CI run, one file at a time, and opening night alone at 2
 * pictures a minute; integration: a quiet run, one at a time; unit and spa: the clean-clone CI run of 88156e7,
 * two at a time; all 27 November). Only a weight for the order, so a figure that drifts costs a little time,
 * never a test. A file not listed weighs UNLISTED.
 */
const MEASURED_SECONDS: Record<string, number> = {
  'e2e/opening-night.test.ts': 100,
  'e2e/flipbook.test.ts': 101,
  'e2e/accessibility.test.ts': 70,
  'e2e/admin.test.ts': 40,
  'e2e/bedrock.test.ts': 37,
  'e2e/accounts.test.ts': 27,
  'e2e/screen-changes.test.ts': 27,
  'e2e/read-and-share.test.ts': 26,
  'e2e/sharing.test.ts': 24,
  'e2e/approval.test.ts': 22,
  'e2e/library.test.ts': 22,
  'e2e/home.test.ts': 15,
  'e2e/read-to-me.test.ts': 14,
  'e2e/family.test.ts': 14,
  'e2e/create-story.test.ts': 11,
  'e2e/account-data.test.ts': 10,
  'e2e/picture-sizes.test.ts': 9,
  'unit/local-storyteller.test.ts': 22,
  'unit/storyteller-library.test.ts': 21,
  'unit/local-provider.test.ts': 17,
  'test/story-page.test.tsx': 10,
  'test/api-calls.test.tsx': 7,
  'unit/workflow-definition.test.ts': 5,
  'integration/bedrock.test.ts': 75,
  'integration/fuzz.test.ts': 30,
  'integration/library.test.ts': 25,
  'integration/faults.test.ts': 24,
  'integration/streaming.test.ts': 23,
  'integration/admin.test.ts': 15,
  'integration/execution-history.test.ts': 9,
  'integration/narration.test.ts': 9,
  'integration/sessions.test.ts': 8,
};
const UNLISTED = 3;

const weight = (spec: TestSpecification) => MEASURED_SECONDS[spec.moduleId.split('/').slice(-2).join('/')] ?? UNLISTED;

/**
 * The slowest files first, so the two files a layer runs at a time finish together rather than one long file
 * running alone at the end. Vitest's own order needs its cache of last durations, which a clean clone (CI)
 * does not have, and then goes by file size, which puts opening night, short and slow, near the end.
 */
export class SlowestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return Promise.resolve([...files].sort((a, b) => weight(b) - weight(a) || a.moduleId.localeCompare(b.moduleId)));
  }
}
