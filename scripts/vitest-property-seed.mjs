// `npm test` gives the same answer on every run and every machine: the property tests draw their
// random cases from one fixed seed. A search with fresh seeds each run is `npm run test:heavy`
// (or PROPERTY_SEED=random); a failure prints its seed, and PROPERTY_SEED=<that seed> replays it.
import fc from 'fast-check';

const seed = process.env.PROPERTY_SEED ?? (process.env.CAUSEWAY_HEAVY ? 'random' : '20261207');
if (seed !== 'random') fc.configureGlobal({ seed: Number(seed) });
