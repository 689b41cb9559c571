// The JSON Schema for editors (schema/conversational-yaml-v1.schema.json) against the format
// core, over every test file: on the structural rules the two must give the same verdict. The
// schema cannot see what refers to what (ids, link ends, traces, participants), nor the YAML text
// itself (repeated keys, aliases, how a number was written); those are left to the format core.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { isObject } from './model/json';
import { openWorkingFile } from './text/open';
import type { Diagnostic } from './model/types';
import { TREE_KEYS } from './model/vocabulary';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const schema = JSON.parse(readFileSync(join(root, 'schema', 'conversational-yaml-v1.schema.json'), 'utf8'));
const validate = new Ajv({ allErrors: true, strict: true, strictTypes: false }).compile(schema);

/** Rules about the shape of the data: the schema states each of them. */
const STRUCTURAL = new Set([
  'wrong-type', 'missing-field', 'not-a-mapping', 'unsupported-version', 'unversioned-draft', 'invalid-kind', 'invalid-status',
  'invalid-attribution', 'invalid-mode', 'invalid-id', 'blank-text', 'blank-relation', 'blank-work', 'empty-from',
  'missing-contributions', 'unknown-tree', 'reserved-participant', 'assistant-attribution', 'assistant-driver',
  'assistant-endorser', 'missing-endorsement',
]);
/** Rules about the YAML text, which the schema never sees. */
const YAML_LEVEL = new Set(['yaml-syntax', 'duplicate-key', 'alias-cycle', 'alias-limit', 'too-deep', 'complex-key', 'file-too-large']);

/**
 * Where the schema and the format core must disagree, and why. Only the JSON data reaches the
 * schema: these version numbers are the number 1 once parsed, which the format core refuses
 * because of how they are written.
 */
const KNOWN_DIFFERENCES: Record<string, string> = {
  '065-schema-version-1-0.yaml': '1.0 is the number 1 in JSON',
  '073-schema-version-1e0.yaml': '1e0 is the number 1 in JSON',
};

function structuralErrors(diagnostics: Diagnostic[], data: unknown): Diagnostic[] {
  return diagnostics.filter((d) => {
    if (d.severity !== 'error') return false;
    // An active_tree that is no tree key at all is a shape error; one naming an absent tree is not.
    if (d.code === 'unknown-active-tree') return !(isObject(data as never) && (TREE_KEYS as readonly unknown[]).includes((data as { active_tree?: unknown }).active_tree));
    return STRUCTURAL.has(d.code);
  });
}

function testFiles(): { name: string; text: string }[] {
  const folders = ['src/format/fixtures/conformance', 'src/format/fixtures', 'examples', 'e2e/fixtures'];
  return folders.flatMap((folder) =>
    readdirSync(join(root, folder))
      .filter((name) => /\.ya?ml$/.test(name))
      .sort()
      .map((name) => ({ name: folder === 'src/format/fixtures/conformance' ? name : `${folder}/${name}`, text: readFileSync(join(root, folder, name), 'utf8') })),
  );
}

const files = testFiles();

describe('the JSON Schema agrees with the format core on the structural rules', () => {
  it('is a valid draft-07 schema and there are many files to compare', () => {
    expect(files.length).toBeGreaterThan(200);
  });

  it.each(files.map((f) => [f.name, f.text]))('%s', (name, text) => {
    const opened = openWorkingFile(text);
    if (opened.data === undefined || opened.diagnostics.some((d) => d.severity === 'error' && YAML_LEVEL.has(d.code))) return;
    const formatSays = structuralErrors(opened.diagnostics, opened.data).length === 0;
    const schemaSays = validate(opened.data) as boolean;
    const expected = KNOWN_DIFFERENCES[name] ? !formatSays : formatSays;
    const detail = { format: structuralErrors(opened.diagnostics, opened.data).map((d) => `${d.code} ${d.path}`), schema: (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`) };
    expect({ schemaValid: schemaSays, detail }).toEqual({ schemaValid: expected, detail });
  });
});
