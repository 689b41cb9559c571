// The fallback when there is no compiled CLI: runs src/cli's main() in this process and reports
// how long main() itself took, start-up excluded (the tsx loader's start-up is not the product's).
import { main } from '../../src/cli/main';

const started = performance.now();
const code = await main(process.argv.slice(2), { out: () => undefined, err: (line) => void process.stderr.write(`${line}\n`) });
process.stderr.write(`\n@@main-ms ${performance.now() - started}\n`);
process.exitCode = code;
