#!/usr/bin/env node
// The `causeway` command: runs the TypeScript CLI in src/cli through tsx's loader.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
