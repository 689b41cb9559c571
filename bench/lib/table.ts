// The one table `npm run bench` prints: a row per line of issue 10's table (and per defect with
// a measured target), each with what was measured, ratios from the same run, the target, and by
// how much a missed target is missed. Row modules (bench/rows/*.ts) each return their rows.

export interface BenchRow {
  /** Stable id, so the table keeps the issue's order whichever module measured the row. */
  id: string;
  work: string;
  measured: string;
  /** Ratios from this same run (to the reference, to the 100-node figure, …). */
  ratio: string;
  target: string;
  /** "met", or "missed by 1.6×", or what stopped the measurement. */
  verdict: string;
}

export interface RowContext {
  quick: boolean;
  /** A line of progress on stderr, so the table on stdout stays clean. */
  log(line: string): void;
}

export interface RowModule {
  /** Ids of the rows this module measures, in the order the table lists them. */
  ids: readonly string[];
  rows(context: RowContext): Promise<BenchRow[]>;
}

/** The rows of the issue's table, in its order; a module fills each. */
export const ISSUE_ROWS: { id: string; work: string; target: string }[] = [
  { id: 'validate-5000', work: '`validate`, generated 5,000-node file', target: '≤ 0.1× PyYAML safe_load of the same file' },
  { id: 'validate-100', work: '`validate`, 100-node file', target: '< 1× python `import yaml; safe_load`' },
  { id: 'validate-sizes', work: '`validate` at each size, against the 100-node run', target: 'line and column on every diagnostic' },
  { id: 'help', work: '`--help`', target: '≤ 0.1 s (compiled JavaScript)' },
  { id: 'layout-1000', work: 'layout, one 1,000-node tree', target: '≤ 300 ms, off the main thread' },
  { id: 'browser-open-1000', work: 'file chosen → 1,000-node tree drawn', target: '< 1 s; no main-thread task over 100 ms' },
  { id: 'browser-input-p95', work: 'input → next paint, p95', target: '< 50 ms at every size, nearly flat' },
  { id: 'browser-heap-6000', work: 'editor with a 6,000-node file open, JS heap', target: '< 200 MB after a forced collection' },
  { id: 'diagnostics-editing', work: 'editing a file over about 400 items: diagnostics', target: 'line and column kept on every diagnostic, at any size' },
  { id: 'snapshot-sizes', work: '`snapshot` (defect 2), each size against the 100-node run', target: '10,000 nodes < 3 s and < 300 MB' },
  { id: 'validate-19mb', work: '`validate` of a 19 MB file (defect 3)', target: '< 2 s and < 300 MB' },
  { id: 'live-outside-write', work: '`causeway open`: another program writes the file → the change drawn', target: 'within about a second (issue 9)' },
  { id: 'browser-open-6000', work: 'file chosen → six-tree 6,000-node file drawn (issue 23)', target: '< 1 s; no main-thread task over 100 ms' },
  { id: 'incremental-change', work: 'one node added, by hand or on disk, at 100 and 1,000 a tree (issue 23)', target: '< 50 ms of main-thread work; no card outside the change moved' },
  { id: 'alias-amplification', work: 'alias amplification under the value limit (defect 4)', target: 'refused, naming the anchor; nothing written' },
];

export function verdict(value: number, limit: number, unit = ''): string {
  if (value <= limit) return 'met';
  const by = value / limit;
  return `missed by ${by.toFixed(by < 10 ? 2 : 0)}× (${formatNumber(value)}${unit} against ${formatNumber(limit)}${unit})`;
}

export function formatNumber(value: number): string {
  if (value >= 100) return Math.round(value).toLocaleString('en-US');
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

export function seconds(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

/** The longest task a Long Tasks observer saw: Chromium reports only tasks of 50 ms or more, so none is none over 50 ms. */
export function longestTask(ms: number): string {
  return ms > 0 ? `longest main-thread task ${seconds(ms)}` : 'no main-thread task of 50 ms or more';
}

export function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1048576)} MB`;
}

export function ratio(value: number, reference: number): string {
  return `${(value / reference).toFixed(value / reference < 10 ? 2 : 1)}×`;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The 95th percentile by nearest rank: at least 95% of the values are at or below it (of 20 values, the 19th). */
export function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)]!;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function renderTable(rows: BenchRow[]): string {
  const header = '| work | measured | ratio (same run) | target | verdict |';
  const line = '|---|---|---|---|---|';
  return [header, line, ...rows.map((r) => `| ${cell(r.work)} | ${cell(r.measured)} | ${cell(r.ratio)} | ${cell(r.target)} | ${cell(r.verdict)} |`)].join('\n');
}
