// `npm run bench`: runs every bench/*.bench.ts in turn. Figures are ratios within one run,
// because this machine is shared and absolute times drift.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
for (const file of readdirSync(here).filter((f) => f.endsWith('.bench.ts')).sort()) {
  if (only && !file.includes(only)) continue;
  console.log(`\n## ${file}`);
  const module = await import(pathToFileURL(join(here, file)).href);
  await module.run();
}
