// The one entry point for reading a working file: parse, validate, and place every diagnostic.
import type { Finding } from '../model/findings';
import { parseSource, quickSource, quickSourceOf, type ParsedSource } from './load';
import type { FastRead } from './fast-load';
import { formatPath, type Path } from '../model/path';
import type { Diagnostic, Json } from '../model/types';
import { validateData, type VersionState } from '../validate/validate';

export interface OpenedFile {
  source: ParsedSource;
  /** The file's data; undefined when it could not be read at all. */
  data: Json | undefined;
  version: VersionState;
  /** Every problem, errors and warnings, in source order. */
  diagnostics: Diagnostic[];
  /** No errors (warnings allowed). */
  valid: boolean;
  /**
   * Whether the editor may open it: the data is complete and the version is 1 or a draft.
   * A file can be editable and still invalid; its diagnostics say what to repair.
   */
  editable: boolean;
}

export function openWorkingFile(text: string): OpenedFile {
  return openParsed(parseSource(text));
}

/**
 * openWorkingFile(text) when the quick reader reads the text; undefined (having done no more
 * than the quick reader's pass) when only the full parser can, so the caller parses it once.
 */
export function openQuickly(text: string): OpenedFile | undefined {
  const source = quickSourceOf(text);
  return source ? openParsed(source) : undefined;
}

/** openWorkingFile for text already parsed (saving reads back what it writes). */
export function openParsed(source: ParsedSource): OpenedFile {
  const diagnostics = [...source.diagnostics];
  let version: VersionState = { kind: 'unreadable' };
  if (source.data !== undefined && !source.refused) {
    const outcome = validateData(source.data, { scalarSource: source.scalarSource });
    version = outcome.version;
    diagnostics.push(...outcome.findings.map((finding) => placeFinding(finding, source.locate)));
  }
  diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
  const valid = !diagnostics.some((d) => d.severity === 'error');
  const editable = source.data !== undefined && !source.refused && (version.kind === 'v1' || version.kind === 'unversioned');
  return { source, data: source.data, version, diagnostics, valid, editable };
}

/** Diagnostics for data being edited, where the source positions no longer apply. */
export function diagnoseData(data: Json): Diagnostic[] {
  return validateData(data).findings.map((finding) => placeFinding(finding, () => ({ line: 0, column: 0 })));
}

export function placeFinding(finding: Finding, locate: (path: Path) => { line: number; column: number }): Diagnostic {
  const { line, column } = locate(finding.path);
  return { severity: finding.severity, code: finding.code, message: finding.message, path: formatPath(finding.path), line, column };
}

/**
 * A file read by the quick reader, as plain values a Web Worker can send (structured clone):
 * the page rebuilds the OpenedFile from it and the text (openRead) without reading the text again.
 */
export interface ReadElsewhere {
  quick: FastRead;
  version: VersionState;
  diagnostics: Diagnostic[];
  valid: boolean;
  editable: boolean;
}

/** What to send for `opened`; undefined when the full parser read it (its Document cannot be sent). */
export function readElsewhere(opened: OpenedFile): ReadElsewhere | undefined {
  const quick = opened.source.quick;
  if (!quick) return undefined;
  return { quick, version: opened.version, diagnostics: opened.diagnostics, valid: opened.valid, editable: opened.editable };
}

/** The OpenedFile of `text` from what a worker read of it: the same as openWorkingFile(text) gives. */
export function openRead(text: string, read: ReadElsewhere): OpenedFile {
  const source = quickSource(text, read.quick);
  return { source, data: source.data, version: read.version, diagnostics: read.diagnostics, valid: read.valid, editable: read.editable };
}
