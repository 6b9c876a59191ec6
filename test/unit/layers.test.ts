import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layers the linter enforces (eslint.config.js, README "The server's layers"): each case is a file as it
 * would sit in the tree (linted by path with the repository's own config, not written to disk), breaking
 * one layer's rule on purpose; `npm run lint` would fail with the message that names the layer. The
 * allowed imports beside them prove the rules refuse only what they should.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function messagesOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => ['no-restricted-syntax', '@typescript-eslint/no-restricted-imports'].includes(m.ruleId ?? ''))
    .map((m) => m.message);
}

describe('layers the linter enforces', () => {
  it('refuses a route importing a repository or an entity, statically or with import()', async () => {
    const route = 'lambdas/api/routes/layer-fixture.ts';
    expect(
      await messagesOf(
        route,
        "import { storyRepository } from '../../data/repositories/stories.js';\nexport { storyRepository };\n",
      ),
    ).toEqual([
      expect.stringMatching(
        /^'\.\.\/\.\.\/data\/repositories\/stories\.js' import is restricted .*routes layer: a route imports use cases only/,
      ),
    ]);
    expect(
      await messagesOf(
        'lambdas/api/routes/admin/layer-fixture.ts',
        "import type { NoteItem } from '../../../data/entities/admin-records.js';\nexport type { NoteItem };\n",
      ),
    ).toEqual([expect.stringContaining('routes layer:')]);
    expect(
      await messagesOf(route, "export const load = () => import('../../data/repositories/profiles.js');\n"),
    ).toEqual([expect.stringContaining('routes layer: a route imports use cases only')]);
    expect(
      await messagesOf(
        route,
        "import { createMediaStore } from '../../adapters/media.js';\nexport { createMediaStore };\n",
      ),
    ).toEqual([expect.stringContaining('routes layer: a route imports use cases only')]);
    expect(await messagesOf(route, "import { S3Client } from '@aws-sdk/client-s3';\nexport { S3Client };\n")).toEqual([
      expect.stringContaining('routes layer: no AWS SDK client'),
    ]);
  });

  it('lets a route import use cases, domain errors and common/', async () => {
    const code = [
      "import { toAdminUserRow } from '../../use-cases/accounts/admin-views.js';",
      "import { signatureOf } from '../../use-cases/stories/views.js';",
      "import { DomainError } from '../../use-cases/errors.js';",
      "import { LIMITS } from '#common/limits.js';",
      'export { toAdminUserRow, signatureOf, DomainError, LIMITS };',
      '',
    ].join('\n');
    expect(await messagesOf('lambdas/api/routes/layer-fixture.ts', code)).toEqual([]);
  });

  it('refuses a use case importing an AWS SDK client or a repository as a value, and allows its type', async () => {
    const useCase = 'lambdas/use-cases/stories/layer-fixture.ts';
    expect(
      await messagesOf(useCase, "import { QueryCommand } from '@aws-sdk/lib-dynamodb';\nexport { QueryCommand };\n"),
    ).toEqual([expect.stringContaining('use cases layer: no AWS SDK client')]);
    expect(
      await messagesOf(
        useCase,
        "import { storyRepository } from '../../data/repositories/stories.js';\nexport { storyRepository };\n",
      ),
    ).toEqual([expect.stringContaining('use cases layer: a use case uses repositories through their types')]);
    expect(
      await messagesOf(
        useCase,
        "import type { StoryRepository } from '../../data/repositories/stories.js';\nexport type { StoryRepository };\n",
      ),
    ).toEqual([]);
  });

  it('refuses an entity importing a repository or the SDK (the table module alone may)', async () => {
    expect(
      await messagesOf(
        'lambdas/data/entities/layer-fixture.ts',
        "import type { StoryRepository } from '../repositories/stories.js';\nexport type { StoryRepository };\n",
      ),
    ).toEqual([expect.stringContaining('entities layer:')]);
    expect(
      await messagesOf(
        'lambdas/data/entities/layer-fixture.ts',
        "import { createStory } from '../../use-cases/stories/create-story.js';\nexport { createStory };\n",
      ),
    ).toEqual([expect.stringContaining('entities layer: an entity imports the table module')]);
    expect(
      await messagesOf(
        'lambdas/data/entities/layer-fixture.ts',
        "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nexport { GetCommand };\n",
      ),
    ).toEqual([expect.stringContaining('entities layer: an entity reaches DynamoDB through the table module only')]);
  });

  it('refuses common/ importing the server, and the SPA importing lambdas/', async () => {
    expect(
      await messagesOf(
        'common/layer-fixture.ts',
        "import { keys } from '../lambdas/data/keys.js';\nexport { keys };\n",
      ),
    ).toEqual([expect.stringContaining('common layer:')]);
    expect(
      await messagesOf(
        'web/src/layer-fixture.ts',
        "import { keys } from '../../lambdas/data/keys.js';\nexport { keys };\n",
      ),
    ).toEqual([expect.stringContaining('SPA layer: the SPA imports nothing of lambdas/')]);
  });

  it('keeps one door into the storyteller package, and the package to common/ and the provider port', async () => {
    const outside = 'lambdas/workflow/layer-fixture.ts';
    expect(
      await messagesOf(
        outside,
        "import { writeStory } from '../../storyteller/story-writer.js';\nexport { writeStory };\n",
      ),
    ).toEqual([expect.stringContaining("reached only through its door, '#storyteller'")]);
    expect(
      await messagesOf('bin/layer-fixture.ts', "export const load = () => import('../storyteller/illustrator.js');\n"),
    ).toEqual([expect.stringContaining('storyteller layer:')]);
    expect(
      await messagesOf(outside, "export const load = async () => (await import('#storyteller')).localStoryteller;\n"),
    ).toEqual([]);
    // Inside the package: common/ and the port's types, nothing of the server.
    const inside = 'storyteller/layer-fixture.ts';
    expect(await messagesOf(inside, "import { keys } from '../lambdas/data/keys.js';\nexport { keys };\n")).toEqual([
      expect.stringContaining('storyteller layer: the storyteller imports common/ and the provider port'),
    ]);
    expect(
      await messagesOf(
        inside,
        "import { storyDraftSchema } from '../lambdas/workflow/providers/types.js';\nexport { storyDraftSchema };\n",
      ),
    ).toEqual([
      expect.stringContaining('storyteller layer: the storyteller implements the provider port: its types only'),
    ]);
    expect(
      await messagesOf(
        inside,
        "import type { StoryRequest } from '../lambdas/workflow/providers/types.js';\nimport { WORDS } from '#common/words.js';\nexport type { StoryRequest };\nexport { WORDS };\n",
      ),
    ).toEqual([]);
  });
});
