// Where a command writes: standard output and error in the real tool, arrays in tests.

export interface CommandIO {
  out(line: string): void;
  err(line: string): void;
}

export const processIO: CommandIO = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};
