// Which format a file is in, from its name and its first characters, so the command line and
// the editor's Open take any of them without being told.
import type { ImportFormat } from './import-report';

export type Detected = ImportFormat | 'working-file';

export function detectFormat(fileName: string, text: string): Detected {
  const name = fileName.toLowerCase();
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (name.endsWith('.logicx') || name.endsWith('.xlogic') || start.startsWith('<')) return 'logicx';
  if (name.endsWith('.ltp.yaml') || name.endsWith('.ltp.yml') || /^(#[^\n]*\n\s*)*ltp\s*:/m.test(start.slice(0, 4000))) return 'ltp';
  if (name.endsWith('.json') || start.startsWith('{')) return 'tp-studio';
  return 'working-file';
}

/** What the editor's Open accepts: working files and every importable format. */
export const OPEN_ACCEPT = '.yaml,.yml,.json,.logicx,.xlogic,application/yaml,text/yaml,application/json,application/xml,text/xml';
