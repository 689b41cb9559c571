// Running the real `causeway open` for a browser test, on a temporary copy of a file.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = join(ROOT, 'bin', 'causeway.js');

export interface RunningCauseway {
  /** The address it printed: `http://127.0.0.1:PORT/#code=…`, which lets one browser in, once. */
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** Ctrl+C, as a person stops it. */
  stop(): Promise<void>;
  /** Killed outright (no clean stop). */
  kill(): Promise<void>;
}

/** A temporary folder holding a copy of `source`; returns the copy's path. */
export function temporaryCopy(source: string, name = basename(source)): string {
  const folder = mkdtempSync(join(tmpdir(), 'causeway-e2e-'));
  const path = join(folder, name);
  copyFileSync(source, path);
  return path;
}

export function startCauseway(target: string, ...args: string[]): Promise<RunningCauseway> {
  const child = spawn(process.execPath, [BIN, 'open', target, '--no-browser', ...(args.includes('--port') ? [] : ['--port', '0']), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`causeway open printed no address:\n${out}`)), 20_000);
    const look = () => {
      const match = out.match(/http:\/\/127\.0\.0\.1:(\d+)\/#code=[\w-]+/);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', look);
      resolve({
        url: match[0],
        port: Number(match[1]),
        child,
        output: () => out,
        stop: async () => {
          if (child.exitCode === null) child.kill('SIGINT');
          await exited;
        },
        kill: async () => {
          if (child.exitCode === null) child.kill('SIGKILL');
          await exited;
        },
      });
    };
    child.stdout!.on('data', look);
    child.once('exit', (code) => reject(new Error(`causeway open exited (${code}):\n${out}`)));
  });
}
