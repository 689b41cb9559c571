// `npm run test:heavy`: the searches too long for every `npm test`, at full size (CAUSEWAY_HEAVY=1):
// the fuzzing of every layer with 2,000 runs a property (up to ten minutes each), every other
// property test with fresh seeds and more cases, and the 2,001-node fan-in tree through the
// command line and in the browser. `npm test` runs a bounded slice of the same tests, from one
// fixed seed (src/robustness/test-scale.ts, scripts/vitest-property-seed.mjs). Expect an hour on
// a 2-core machine.
import { spawnSync } from 'node:child_process';

const env = { ...process.env, CAUSEWAY_HEAVY: '1', FORMAT_PROPERTY_RUNS: '2000', MERGE_PROPERTY_RUNS: '1000', COLLAB_PROPERTY_RUNS: '1000' };
const steps = [
  ['npx', ['vitest', 'run', 'src/robustness']],
  // Every other property test, with fresh seeds and many more cases than `npm test` draws.
  ['npx', ['vitest', 'run', 'src/format', 'src/collab', 'src/store', 'src/layout']],
  ['npx', ['playwright', 'test', 'e2e/hostile-input.spec.ts']],
];
for (const [command, args] of steps) {
  console.log(`\n$ CAUSEWAY_HEAVY=1 ${command} ${args.join(' ')}`);
  const run = spawnSync(command, args, { stdio: 'inherit', env });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
