// What to print when something fails that no rule of the format foresaw: a sentence a person can
// act on, never a bare engine message such as "Invalid string length".

export function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof RangeError) {
    if (/call stack/i.test(message)) return 'the data is nested too deeply to process';
    if (/invalid (string|array|typed array) length|allocation failed|out of memory/i.test(message)) return 'the data grew too large to hold in memory';
  }
  if (/heap out of memory|allocation failed/i.test(message)) return 'the data grew too large to hold in memory';
  if (error instanceof Error && error.name !== 'Error') return `an internal error stopped it (${error.name}: ${message}); please report it`;
  return message;
}
