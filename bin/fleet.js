#!/usr/bin/env node
// The ops CLI (`npx fleet ...`): runs the built CLI of apps/api. `npm run -s fleet -- ...` builds first.
import { existsSync } from 'node:fs';

const cli = new URL('../apps/api/dist/cli/main.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write(
    'fleet: the CLI is not built yet: run `npm run build` (or use `npm run -s fleet -- ...`)\n',
  );
  process.exit(1);
}
await import(cli.href);
