// Before the unit tests: compile the command line, so the tests that run the real `causeway`
// command always run the current source.
import { buildCli } from './build-cli.mjs';

export async function setup() {
  await buildCli();
}
