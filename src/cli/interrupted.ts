// Waiting for the person to stop a long-running command (causeway open, causeway hub).

/** Resolves on Ctrl+C (or a polite kill), so the server can stop cleanly. */
export function interrupted(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      // A second Ctrl+C while stopping does not wait.
      process.once('SIGINT', () => process.exit(130));
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
