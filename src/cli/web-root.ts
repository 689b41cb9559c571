// Where the built editor is, for the servers that serve it (`causeway open`, `causeway hub`).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built editor: dist/web beside the compiled command line (or the repository's, from source). */
export function findWebRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    for (const candidate of [join(folder, 'web'), join(folder, 'dist', 'web')]) {
      if (existsSync(join(candidate, 'index.html'))) return candidate;
    }
    folder = dirname(folder);
  }
  throw new Error('the editor is not built; run "npm run build" in the Causeway folder first');
}
