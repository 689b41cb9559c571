#!/usr/bin/env node
// The `causeway` command: runs the compiled command line in dist/cli (built by `npm run build`).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const compiled = join(root, 'dist', 'cli', 'causeway.js');
if (!existsSync(compiled)) {
  process.stderr.write(`causeway: the command line is not built yet. Run "npm run build" in ${root} first.\n`);
  process.exit(1);
}
await import(pathToFileURL(compiled).href);
