// Jest runs the TypeScript sources directly (swc strips types; ESM kept), so tests need no build step
// except for worker files, which Piscina loads from the built `dist/` folders.
import { readdirSync, existsSync } from 'node:fs';

const workspaceMappers = {};
for (const group of ['libs', 'apps']) {
  for (const dir of readdirSync(new URL(`./${group}/`, import.meta.url))) {
    if (!existsSync(new URL(`./${group}/${dir}/package.json`, import.meta.url))) continue;
    const name = group === 'libs' ? `@fleet/${dir}` : `@fleet/${dir}`;
    workspaceMappers[`^${name}$`] = `<rootDir>/${group}/${dir}/src/index.ts`;
    workspaceMappers[`^${name}/(.*)$`] = `<rootDir>/${group}/${dir}/src/$1`;
  }
}

const common = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'es6' },
      },
    ],
  },
  moduleNameMapper: {
    ...workspaceMappers,
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
  rootDir: '.',
};

/**
 * Tiers by file suffix: `*.unit.spec.ts` need no server; `*.int.spec.ts` talk to real servers or real files;
 * `*.e2e.spec.ts` start the service. Suites that need Kafka / the registry / MongoDB-wire say so in their name
 * (`kafka`, `registry`, `mongo`), which is how .ci/run checks they ran.
 */
export default {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{libs,apps,tests,bench}/**/*.unit.spec.ts'] },
    { ...common, displayName: 'int', testMatch: ['<rootDir>/{libs,apps,tests,bench}/**/*.int.spec.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/{libs,apps,tests,bench}/**/*.e2e.spec.ts'] },
  ],
  testTimeout: 60000,
};
