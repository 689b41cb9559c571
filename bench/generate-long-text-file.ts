// A working file shaped like one an assistant writes through a YAML library: the generated
// file's six trees and links, each statement 200 to 2,000 characters long, the whole written by
// the yaml package with its default 80-column line width (so every long statement is folded
// over several lines, as PyYAML's safe_dump folds them too). Same size and seed, same text.
//
//   npx tsx bench/generate-long-text-file.ts 400 > long.yaml
import YAML from 'yaml';
import { generateWorkingFile } from './generate-working-file';

const WORDS = 'the team waits for approval because pricing depends on the manager, and customers: who cannot wait days (as sales says) # often lose the "standard" discount while quality, budget and the pilot launch slip'.split(' ');

interface Node {
  text: string;
}

export function generateLongTextFile(nodeCount: number, seed = 1): string {
  const data = YAML.parse(generateWorkingFile(nodeCount, seed)) as { trees: Record<string, { nodes?: Node[] }> };
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  for (const tree of Object.values(data.trees)) {
    for (const node of tree.nodes ?? []) {
      const length = 200 + Math.floor(next() * 1800);
      let text = node.text;
      while (text.length < length) text += ` ${WORDS[Math.floor(next() * WORDS.length)]}`;
      node.text = text;
    }
  }
  return YAML.stringify(data, { lineWidth: 80 });
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(generateLongTextFile(Number(process.argv[2] ?? 400)));
