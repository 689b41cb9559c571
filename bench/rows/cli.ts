// The command line's rows: validate against PyYAML's safe_load of the same file (what the
// reference helper costs), at every size against the 100-node run, --help, snapshot at every size
// with its peak memory, a 19 MB file, and a small alias bomb.
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR, NODES_19_MB, workingFile } from '../lib/files';
import { cli, nodeStartup, python } from '../lib/processes';
import { megabytes, median, ratio, seconds, verdict, type BenchRow, type RowContext, type RowModule } from '../lib/table';

const VALIDATE_SIZES = [100, 1000, 5000];
const SNAPSHOT_SIZES = [100, 2500, 5000, 10_000];

function size(text: string): string {
  return `${(Buffer.byteLength(text) / 1048576).toFixed(1)} MB`;
}

/** Interleaved rounds of the CLI and Python on one file: medians from the same run. */
function validateRounds(path: string, rounds: number, withPython: boolean): { cli: number; rss: number; python?: number } {
  const cliTimes: number[] = [];
  const rss: number[] = [];
  const pythonTimes: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const run = cli.run(['validate', path]);
    if (run.code !== 0) throw new Error(`validate failed on ${path}: ${run.stderr || run.stdout}`);
    cliTimes.push(run.ms);
    rss.push(run.maxRss);
    if (withPython) pythonTimes.push(python.safeLoad(path));
  }
  return { cli: median(cliTimes), rss: Math.max(...rss), ...(withPython ? { python: median(pythonTimes) } : {}) };
}

function snapshotOnce(nodes: number): { ms: number; rss: number } {
  const folder = join(BENCH_DIR, `snapshot-${nodes}-${Math.random().toString(36).slice(2)}`);
  mkdirSync(folder);
  const file = join(folder, 'work.yaml');
  copyFileSync(workingFile(nodes).path, file);
  const run = cli.run(['snapshot', file, '--json']);
  if (run.code !== 0) throw new Error(`snapshot failed on ${nodes} nodes: ${run.stderr}`);
  return { ms: run.ms, rss: run.maxRss };
}

async function rows(context: RowContext): Promise<BenchRow[]> {
  const rounds = context.quick ? 1 : 3;
  const out: BenchRow[] = [];
  const pythonNote = python.available ? '' : ' (python3 with PyYAML not found: no reference in this run)';
  context.log(`cli rows: ${cli.label}`);

  // validate at each size; the 100 and 5,000-node files against safe_load.
  const validated = new Map<number, { cli: number; rss: number; python?: number }>();
  for (const nodes of VALIDATE_SIZES) {
    context.log(`validate ${nodes} nodes`);
    validated.set(nodes, validateRounds(workingFile(nodes).path, nodes === 5000 ? Math.min(rounds, 3) : rounds * 2 - 1, python.available && nodes !== 1000));
  }
  const v100 = validated.get(100)!;
  const v5000 = validated.get(5000)!;
  out.push({
    id: 'validate-5000',
    work: `\`validate\`, generated 5,000-node file (${size(workingFile(5000).text)})`,
    measured: `${seconds(v5000.cli)} (${cli.label})${v5000.python !== undefined ? `; safe_load ${seconds(v5000.python)}` : pythonNote}`,
    ratio: v5000.python !== undefined ? `${ratio(v5000.cli, v5000.python)} safe_load` : '—',
    target: '≤ 0.1× PyYAML safe_load of the same file',
    verdict: v5000.python !== undefined ? verdict(v5000.cli / v5000.python, 0.1, '×') : 'no reference',
  });
  out.push({
    id: 'validate-100',
    work: '`validate`, 100-node file',
    measured: `${seconds(v100.cli)}${v100.python !== undefined ? `; python import yaml + safe_load ${seconds(v100.python)}` : pythonNote}`,
    ratio: v100.python !== undefined ? `${ratio(v100.cli, v100.python)} python` : '—',
    target: '< 1× python `import yaml; safe_load`',
    verdict: v100.python !== undefined ? (v100.cli < v100.python ? 'met' : verdict(v100.cli / v100.python, 1, '×')) : 'no reference',
  });

  // The 19 MB file: time and memory.
  context.log('validate 19 MB');
  const big = workingFile(NODES_19_MB);
  const v19 = validateRounds(big.path, context.quick ? 1 : 2, false);
  validated.set(NODES_19_MB, v19);
  out.push({
    id: 'validate-sizes',
    work: '`validate` at each size, against the 100-node run',
    measured: [...validated].map(([nodes, v]) => `${nodes.toLocaleString('en-US')}: ${seconds(v.cli)}`).join('; '),
    ratio: [...validated].map(([nodes, v]) => `${nodes.toLocaleString('en-US')}: ${ratio(v.cli, v100.cli)}`).join('; '),
    target: 'linear in size; line and column on every diagnostic',
    verdict: 'measured (each diagnostic is placed: see the tests)',
  });
  out.push({
    id: 'validate-19mb',
    work: `\`validate\` of a ${size(big.text)} file (${NODES_19_MB.toLocaleString('en-US')} nodes, defect 3)`,
    measured: `${seconds(v19.cli)}, peak ${megabytes(v19.rss)}`,
    ratio: `${ratio(v19.cli, v100.cli)} the 100-node run`,
    target: '< 2 s and < 300 MB',
    verdict: [verdict(v19.cli, 2000, ' ms'), verdict(v19.rss / 1048576, 300, ' MB')].every((v) => v === 'met') ? 'met' : [verdict(v19.cli, 2000, ' ms'), verdict(v19.rss / 1048576, 300, ' MB')].filter((v) => v !== 'met').join('; '),
  });

  // --help: start-up alone. Without a compiled CLI, the tsx loader's start-up is shown for scale.
  context.log('--help');
  const help: number[] = [];
  const bare: number[] = [];
  for (let round = 0; round < rounds * 3; round++) {
    help.push(cli.compiled ? cli.run(['--help']).ms : cli.throughLoader(['--help']));
    bare.push(nodeStartup());
  }
  out.push({
    id: 'help',
    work: '`--help`',
    measured: `${seconds(median(help))} (${cli.compiled ? cli.label : 'bin/causeway.js through the tsx loader: no dist/cli built'}); bare \`node -e 0\` ${seconds(median(bare))}`,
    ratio: `${ratio(median(help), median(bare))} bare Node start-up`,
    target: '≤ 0.1 s (compiled JavaScript)',
    verdict: cli.compiled ? verdict(median(help), 100, ' ms') : 'not measurable until dist/cli is built (the compiled CLI is another part of the issue)',
  });

  // snapshot at each size: a fresh history each time, so every tree is drawn.
  const snapshots = new Map<number, { ms: number; rss: number }>();
  for (const nodes of SNAPSHOT_SIZES) {
    if (context.quick && nodes === 5000) continue;
    context.log(`snapshot ${nodes} nodes`);
    const runs = Array.from({ length: nodes >= 5000 ? Math.min(rounds, 2) : rounds }, () => snapshotOnce(nodes));
    snapshots.set(nodes, { ms: median(runs.map((r) => r.ms)), rss: Math.max(...runs.map((r) => r.rss)) });
  }
  const s100 = snapshots.get(100)!;
  const s10k = snapshots.get(10_000)!;
  out.push({
    id: 'snapshot-sizes',
    work: '`snapshot` of a generated file (every tree drawn), each size against the 100-node run',
    measured: [...snapshots].map(([nodes, s]) => `${nodes.toLocaleString('en-US')}: ${seconds(s.ms)}, ${megabytes(s.rss)}`).join('; '),
    ratio: [...snapshots].map(([nodes, s]) => `${nodes.toLocaleString('en-US')}: ${ratio(s.ms, s100.ms)}`).join('; '),
    target: '10,000 nodes < 3 s and < 300 MB',
    verdict: [verdict(s10k.ms, 3000, ' ms'), verdict(s10k.rss / 1048576, 300, ' MB')].filter((v) => v !== 'met').join('; ') || 'met',
  });

  // A small file of nested aliases: refused at once, naming the anchor, nothing written.
  context.log('alias amplification');
  const lines = [`s: &s ${'x'.repeat(600)}`, `l1: &l1 [${Array(10).fill('*s').join(', ')}]`];
  for (let i = 2; i <= 6; i++) lines.push(`l${i}: &l${i} [${Array(10).fill(`*l${i - 1}`).join(', ')}]`);
  const bomb = join(BENCH_DIR, 'alias-bomb.yaml');
  writeFileSync(bomb, `${lines.join('\n')}\n`);
  const refused = cli.run(['snapshot', bomb]);
  const named = /anchor &l\d/.test(refused.stderr);
  const written = existsSync(join(BENCH_DIR, '.alias-bomb'));
  out.push({
    id: 'alias-amplification',
    work: `alias amplification: a ${Buffer.byteLength(lines.join('\n'))}-byte file of nested aliases (about 600 MB once expanded)`,
    measured: `exit ${refused.code} in ${seconds(refused.ms)}, peak ${megabytes(refused.maxRss)}; ${named ? 'message names the anchor' : 'message does NOT name the anchor'}; ${written ? 'files WRITTEN' : 'nothing written'}`,
    ratio: `${ratio(refused.ms, v100.cli)} validating 100 nodes`,
    target: 'refused, naming the anchor; nothing written; no engine error',
    verdict: refused.code === 1 && named && !written && !/RangeError|Invalid string length/.test(refused.stderr) ? 'met' : 'missed',
  });
  return out;
}

export const module: RowModule = {
  ids: ['validate-5000', 'validate-100', 'validate-sizes', 'help', 'snapshot-sizes', 'validate-19mb', 'alias-amplification'],
  rows,
};
