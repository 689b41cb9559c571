// Before the unit tests: make sure the command line in dist/cli is compiled from the current
// source, so the tests that run the real `causeway` command run what is in src/; and build the
// editor once if it was never built (`causeway open` serves it). `npm test` has just built both,
// so nothing is built twice: the command line is compiled again only when a source file is newer.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCli } from './build-cli.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The newest modification time of the files the compiled command line is made from. */
function newestSource() {
  let newest = Math.max(statSync(join(root, 'package.json')).mtimeMs, statSync(join(root, 'scripts', 'build-cli.mjs')).mtimeMs);
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  walk(join(root, 'src'));
  return newest;
}

export async function setup() {
  const compiled = join(root, 'dist', 'cli', 'causeway.js');
  if (!existsSync(compiled) || statSync(compiled).mtimeMs < newestSource()) await buildCli();
  if (!existsSync(join(root, 'dist', 'web', 'index.html'))) {
    const { build } = await import('vite');
    await build({ root, logLevel: 'warn' });
  }
}
