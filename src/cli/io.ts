// Where a command writes: standard output and error in the real tool, arrays in tests.

export interface CommandIO {
  out(line: string): void;
  err(line: string): void;
}

let quietOnClosedPipe = false;

/** `causeway validate … | head` closes the pipe early; that is not an error worth a stack trace. */
function ignoreClosedPipe(): void {
  if (quietOnClosedPipe) return;
  quietOnClosedPipe = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
  }
}

export const processIO: CommandIO = {
  out: (line) => {
    ignoreClosedPipe();
    process.stdout.write(`${line}\n`);
  },
  err: (line) => {
    ignoreClosedPipe();
    process.stderr.write(`${line}\n`);
  },
};
