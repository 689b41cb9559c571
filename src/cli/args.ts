// A small, strict argument reader: unknown options are usage errors, never ignored.

export class UsageError extends Error {}

export interface OptionSpec {
  /** Options that take a value (`--summary TEXT` or `--summary=TEXT`). */
  withValue: readonly string[];
  /** Options that are switches (`--json`). */
  switches: readonly string[];
  /** Short spellings: `{ '-o': '--output' }`. */
  aliases?: Readonly<Record<string, string>>;
}

export interface ParsedArgs {
  positional: string[];
  values: Map<string, string>;
  switches: Set<string>;
}

export function parseArgs(argv: readonly string[], spec: OptionSpec): ParsedArgs {
  const parsed: ParsedArgs = { positional: [], values: new Map(), switches: new Set() };
  let onlyPositional = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (onlyPositional || !arg.startsWith('-') || arg === '-') {
      parsed.positional.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyPositional = true;
      continue;
    }
    // `-h` is the one short option, as every command has --help; a file named like an option
    // can still be given after `--` or as ./-name.
    const alias = spec.aliases && Object.prototype.hasOwnProperty.call(spec.aliases, arg) ? spec.aliases[arg] : undefined;
    const [name, inline] = arg === '-h' ? ['--help', undefined] : alias ? [alias, undefined] : splitOption(arg);
    if (spec.switches.includes(name)) {
      if (inline !== undefined) throw new UsageError(`${name} takes no value`);
      parsed.switches.add(name);
    } else if (spec.withValue.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`${name} needs a value`);
      parsed.values.set(name, value);
    } else {
      throw new UsageError(`unknown option ${name}`);
    }
  }
  return parsed;
}

function splitOption(arg: string): [string, string | undefined] {
  const eq = arg.indexOf('=');
  return eq < 0 ? [arg, undefined] : [arg.slice(0, eq), arg.slice(eq + 1)];
}
