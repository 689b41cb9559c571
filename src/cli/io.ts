// Where a command writes: standard output and error in the real tool, arrays in tests.

export interface CommandIO {
  out(line: string): void;
  err(line: string): void;
  /** Standard output is a terminal a person reads, not a pipe or a file a program reads. */
  terminal?: boolean;
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
  get terminal() {
    return process.stdout.isTTY === true;
  },
  out: (line) => {
    ignoreClosedPipe();
    process.stdout.write(`${line}\n`);
  },
  err: (line) => {
    ignoreClosedPipe();
    process.stderr.write(`${line}\n`);
  },
};
