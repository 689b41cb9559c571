// The compiled command's entry point (bundled to dist/cli/causeway.js by scripts/build-cli.mjs).
import { main } from './main';

process.exitCode = await main(process.argv.slice(2));
