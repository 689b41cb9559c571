// Running the command line and Python as separate processes, as a user or a script would, timed
// from outside, with the peak memory each reports. The compiled CLI (dist/cli/causeway.js) is
// used when it has been built; otherwise src/cli runs in a process of its own through tsx, and
// only main() is timed, which the table says.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const COMPILED = join(ROOT, 'dist', 'cli', 'causeway.js');
const MAX_RSS = pathToFileURL(join(ROOT, 'bench', 'lib', 'max-rss.mjs')).href;

export interface Measured {
  ms: number;
  /** Peak resident memory of the process, in bytes. */
  maxRss: number;
  code: number;
  stdout: string;
  stderr: string;
}

function marker(stderr: string, name: string): number | undefined {
  const match = new RegExp(`@@${name} ([0-9.]+)`).exec(stderr);
  return match ? Number(match[1]) : undefined;
}

function clean(stderr: string): string {
  return stderr.replace(/\n?@@[a-z-]+ [0-9.]+\n?/g, '').trim();
}

export const cli = {
  compiled: existsSync(COMPILED),
  /** How the table names what ran. */
  get label(): string {
    return this.compiled ? 'compiled CLI (dist/cli)' : 'src/cli in-process (no dist/cli built: start-up not counted)';
  },
  /** Wall time of bin/causeway.js, which runs the TypeScript through the tsx loader. */
  throughLoader(args: string[]): number {
    const started = performance.now();
    spawnSync(process.execPath, [join(ROOT, 'bin', 'causeway.js'), ...args], { cwd: ROOT });
    return performance.now() - started;
  },
  run(args: string[], cwd = ROOT): Measured {
    const command = this.compiled ? ['--import', MAX_RSS, COMPILED, ...args] : ['--import', MAX_RSS, '--import', 'tsx', join(ROOT, 'bench', 'lib', 'cli-in-process.ts'), ...args];
    const started = performance.now();
    const result = spawnSync(process.execPath, command, { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
    const wall = performance.now() - started;
    const stderr = result.stderr ?? '';
    return {
      ms: this.compiled ? wall : (marker(stderr, 'main-ms') ?? wall),
      maxRss: marker(stderr, 'max-rss') ?? 0,
      code: result.status ?? 1,
      stdout: result.stdout ?? '',
      stderr: clean(stderr),
    };
  },
};

/** Bare Node start-up, for scale. */
export function nodeStartup(): number {
  const started = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  return performance.now() - started;
}

export const python = {
  available: spawnSync('python3', ['-c', 'import yaml'], { encoding: 'utf8' }).status === 0,
  /** `python3 -c "import yaml; yaml.safe_load(...)"` on the file: what the reference helper costs. */
  safeLoad(file: string): number {
    const started = performance.now();
    const result = spawnSync('python3', ['-c', 'import sys, yaml; yaml.safe_load(open(sys.argv[1], encoding="utf-8"))', file], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`python3 safe_load failed: ${result.stderr}`);
    return performance.now() - started;
  },
};
