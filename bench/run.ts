// `npm run bench`: one table covering every row of issue 10's table, built from the row modules
// in bench/rows/ (each measures its rows; several may run in one process). Figures are ratios
// within one run, because this machine is shared and absolute times drift.
//
//   npm run bench                 every row
//   npm run bench -- quick        fewer rounds
//   npm run bench -- cli layout   only the modules named (browser, cli, diagnostics, layout, live)
//   npm run bench -- detail layout   one of the detailed studies, bench/NAME.bench.ts (format,
//                                    layout: against other engines, canvas), instead of the table
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { nodeStartup } from './lib/processes';
import { ISSUE_ROWS, renderTable, type BenchRow, type RowModule } from './lib/table';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2).filter((a) => a !== '--');
const quick = args.includes('quick');
const only = args.filter((a) => a !== 'quick');
const context = { quick, log: (line: string) => process.stderr.write(`· ${line}\n`) };

if (args[0] === 'detail') {
  for (const file of readdirSync(here).filter((f) => f.endsWith('.bench.ts')).sort()) {
    if (args[1] && !file.startsWith(args[1])) continue;
    console.log(`\n## ${file}`);
    await ((await import(pathToFileURL(join(here, file)).href)) as { run(): Promise<void> }).run();
  }
  process.exit(0);
}

const measured = new Map<string, BenchRow>();
const failures: string[] = [];
const loadBefore = nodeStartup();
for (const file of readdirSync(join(here, 'rows')).filter((f) => f.endsWith('.ts')).sort()) {
  const name = file.replace(/\.ts$/, '');
  if (only.length > 0 && !only.includes(name)) continue;
  const { module } = (await import(pathToFileURL(join(here, 'rows', file)).href)) as { module: RowModule };
  try {
    for (const row of await module.rows(context)) measured.set(row.id, row);
  } catch (error) {
    failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const rows: BenchRow[] = ISSUE_ROWS.map(
  (row) => measured.get(row.id) ?? { ...row, measured: '—', ratio: '—', verdict: only.length > 0 ? 'not run (another module was chosen)' : 'not measured in this run' },
);
for (const row of measured.values()) if (!ISSUE_ROWS.some((r) => r.id === row.id)) rows.push(row);
console.log(`\nCauseway benchmark, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${quick ? 'quick (one round)' : 'medians of several rounds'}; ratios are from this run.\n`);
console.log(renderTable(rows));
const load = Math.max(loadBefore, nodeStartup());
console.log(`\nMachine load: a bare \`node -e 0\` took ${Math.round(load)} ms in this run (about 40–50 ms on this machine when it is quiet); absolute times are slowed in proportion, ratios much less.`);
const missed = rows.filter((r) => r.verdict.startsWith('missed'));
console.log(`\n${missed.length === 0 ? 'Every measured target is met.' : `Missed: ${missed.map((r) => `${r.work} (${r.verdict})`).join('; ')}.`}`);
if (failures.length > 0) {
  console.log(`\nModules that failed: ${failures.join('; ')}`);
  process.exitCode = 1;
}
