// Before the unit tests: compile the command line, so the tests that run the real `causeway`
// command always run the current source; and build the editor once if it was never built
// (`causeway open` serves it).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCli } from './build-cli.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function setup() {
  await buildCli();
  if (!existsSync(join(root, 'dist', 'web', 'index.html'))) {
    const { build } = await import('vite');
    await build({ root, logLevel: 'warn' });
  }
}
