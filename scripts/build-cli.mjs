// Compiles the command line (src/cli, with the format core it uses) to plain JavaScript in
// dist/cli, so `causeway` starts without a TypeScript loader. Each command is its own chunk,
// loaded only when that command runs.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'cli');

export async function buildCli() {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    // The file bridge saves in a worker thread (src/collab/server/off-thread-saver.ts), whose
    // code is its own entry, found beside causeway.js.
    entryPoints: { causeway: 'src/cli/entry.ts', 'save-worker': 'src/collab/server/save-worker.ts' },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Runtime dependencies stay in node_modules (Yjs must be one copy for Hocuspocus and us; the
    // MCP SDK loads only for `causeway mcp`); everything else (yaml, the format core) is bundled.
    external: ['ws', 'yjs', 'y-protocols', 'y-protocols/*', 'lib0', 'lib0/*', '@hocuspocus/*', 'ioredis', '@modelcontextprotocol/sdk', 'zod'],
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
    logLevel: 'warning',
    legalComments: 'none',
    // Bundled CommonJS code (yaml's Node build) calls require(); give the ES modules one.
    banner: { js: "import { createRequire as __causewayRequire } from 'node:module'; const require = __causewayRequire(import.meta.url);" },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildCli();
}
