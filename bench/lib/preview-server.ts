// The built editor, served as users get it, for the rows that measure it in Chromium.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';

/** Builds the editor and serves it on 127.0.0.1:`port`; resolves once it answers. */
export async function serveBuiltEditor(port: number): Promise<ChildProcess> {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { stdio: 'ignore', detached: true });
  for (let i = 0; i < 150; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return server;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error('the preview server did not start');
}
