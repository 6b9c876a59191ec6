import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A relative path's climb (`./`, `../../`): what follows is a folder of this tree, not `#common/api/…`. */
const RELATIVE = '^\\.{1,2}/(\\.\\./)*';

const AWS_SDK = { regex: '^@aws-sdk/', why: 'no AWS SDK client (clients are adapters, built in lambdas/api/deps.ts)' };

/** The storyteller is a package of its own (storyteller/): one door, `#storyteller`, the provider port. */
const STORYTELLER_DOOR = {
  regex: '(^|/)storyteller/',
  why: "the local storyteller is reached only through its door, '#storyteller' (storyteller/index.ts, the provider port)",
};

/**
 * The layers (README "The server's layers"), each a folder, each guarded here: an import a layer may not
 * make fails `npm run lint` with a message naming the layer. Import paths are matched as written
 * (relative, `#common/…` or a package), so each pattern names the folder it keeps out; folder names
 * (`repositories`, `entities`, `stories`, `accounts`) are unique in the tree. `no-restricted-imports`
 * checks static imports and re-exports; the same patterns are checked on dynamic `import()` through
 * `no-restricted-syntax`. A route's second door, `deps`, is typed: `handle` receives `UseCases` only
 * (lambdas/api/deps.ts), so a route reaching a repository fails `npm run typecheck`.
 */
const LAYERS = [
  {
    layer: 'routes',
    files: ['lambdas/api/routes/**/*.ts'],
    forbid: [
      {
        regex: `${RELATIVE}(data|adapters)/|(^|/)runtime/(?!lazy\\.js$)`,
        why: 'a route imports use cases only (lambdas/use-cases: stories, accounts, errors; and runtime/lazy), never repositories, entities or adapters (lambdas/data, lambdas/adapters)',
      },
      AWS_SDK,
    ],
    typeOnly: [
      {
        regex: '(^|/)deps\\.js$',
        why: "a route gets its use cases as handle's argument, never by importing the composition root (lambdas/api/deps.ts)",
      },
    ],
  },
  {
    layer: 'use cases',
    files: ['lambdas/use-cases/**/*.ts'],
    forbid: [
      AWS_SDK,
      {
        regex: '(^|/)aws-clients\\.js$',
        why: 'no AWS SDK client; a use case gets its ports (repositories, media, workflow) from deps',
      },
      {
        regex: `${RELATIVE}(api|workflow|triggers)/`,
        why: 'a use case imports no handler (lambdas/api, lambdas/workflow, lambdas/triggers)',
      },
    ],
    typeOnly: [
      {
        regex: '(^|/)repositories/',
        why: 'a use case uses repositories through their types (ports); lambdas/api/deps.ts builds them',
      },
    ],
  },
  {
    layer: 'entities',
    files: ['lambdas/data/entities/**/*.ts'],
    ignores: ['lambdas/data/entities/table.ts'],
    forbid: [
      {
        ...AWS_SDK,
        why: 'an entity reaches DynamoDB through the table module only (entities/table.ts, keys.ts, table-schema.ts)',
      },
      {
        regex: `${RELATIVE}(repositories|use-cases|adapters|api|workflow|triggers|retention)/`,
        why: 'an entity imports the table module, zod and common/ only, never repositories, use cases or handlers',
      },
      {
        regex: '(^|/)(aws-clients|media|media-cdn|workflow-starter|config|capacity/gate)\\.js$',
        why: 'an entity imports no adapter',
      },
    ],
  },
  {
    layer: 'common',
    files: ['common/**/*.ts'],
    forbid: [
      {
        regex: `${RELATIVE}(lambdas|web|bin|lib)/`,
        why: 'common/ is shared by the server and the SPA and imports neither',
      },
      {
        regex: '^(@aws-sdk|@aws-lambda-powertools|hono|react|react-dom|aws-amplify)(/|$)',
        why: 'common/ imports no server or SPA library',
      },
    ],
  },
  {
    layer: 'storyteller',
    files: ['storyteller/**/*.ts'],
    forbid: [
      AWS_SDK,
      {
        regex: `${RELATIVE}(web|bin|lib|test)/|${RELATIVE}lambdas/(?!workflow/providers/types\\.js$)`,
        why: 'the storyteller imports common/ and the provider port (lambdas/workflow/providers/types.ts) only',
      },
    ],
    typeOnly: [
      { regex: '(^|/)providers/types\\.js$', why: 'the storyteller implements the provider port: its types only' },
    ],
  },
  {
    layer: 'SPA',
    files: ['web/**/*.{ts,tsx}'],
    forbid: [
      { regex: `${RELATIVE}lambdas/`, why: 'the SPA imports nothing of lambdas/ (shared code lives in common/)' },
    ],
  },
];

/** The same regex as an esquery attribute regex (a `/` inside it written as `[/]`). */
const selectorRegex = (regex) => `/${regex.replaceAll('/', '[/]')}/`;

const layerRules = (layer, forbid, typeOnly = []) => {
  const message = (rule) => `${layer} layer: ${rule.why}.`;
  return {
    'no-restricted-imports': 'off',
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          ...forbid.map((rule) => ({ regex: rule.regex, message: message(rule) })),
          ...typeOnly.map((rule) => ({ regex: rule.regex, message: message(rule), allowTypeImports: true })),
        ],
      },
    ],
    'no-restricted-syntax': [
      'error',
      ...[...forbid, ...typeOnly].map((rule) => ({
        selector: `ImportExpression > Literal[value=${selectorRegex(rule.regex)}]`,
        message: message(rule),
      })),
    ],
  };
};

const layerConfigs = [
  // Every file but the storyteller's own and the tests (its tests read its parts).
  {
    files: ['**/*.{ts,tsx,js}'],
    ignores: ['storyteller/**', 'test/**'],
    rules: layerRules('storyteller', [STORYTELLER_DOOR]),
  },
  // A rule's options are replaced, not merged, by a later block: each layer repeats the storyteller's door.
  ...LAYERS.map(({ layer, files, ignores, forbid, typeOnly }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: layerRules(layer, layer === 'storyteller' ? forbid : [...forbid, STORYTELLER_DOOR], typeOnly),
  })),
];

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'web/dist', '.local'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...layerConfigs,
);
