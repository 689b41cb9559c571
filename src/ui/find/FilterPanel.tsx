// Filters of the tree on screen: by status, kind, contributor and backlog work. Items that do not
// match are dimmed; the count says how many match.
import { STATUSES, isObject, type Status, displayName } from '../../format';
import type { DrawableTree } from '../../format';
import { useDocumentStore } from '../../store/document-store';
import { STATUS_LABEL, kindLabel, termTip, workLabel } from '../words';
import { NO_FILTERS, isFiltering, matchSummary, type Filters } from './lens';
import { useLens } from './lens-store';

type Key = keyof Filters;

export function FilterPanel({ tree, hiddenByView }: { tree: DrawableTree | undefined; hiddenByView: { count: number; view: string } | null }) {
  const filters = useLens((s) => s.filters);
  const data = useDocumentStore((s) => s.document?.data);
  if (!tree) return null;
  const kinds = [...new Set(tree.nodes.map((n) => n.kind))];
  const people = new Set<string>();
  for (const item of [...tree.nodes, ...tree.links]) for (const c of item.contributors) people.add(c);
  const participants = isObject(data) && isObject(data.participants) ? Object.keys(data.participants) : [];
  const contributors = [...people].sort((a, b) => participants.indexOf(a) - participants.indexOf(b));
  const work = [...new Set(tree.backlog.map((b) => b.work))];
  const toggle = (key: Key, value: string) => {
    const list = filters[key] as string[];
    const next = list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
    useLens.getState().setFilters({ ...filters, [key]: next });
  };
  const group = (key: Key, legend: string, values: string[], label: (v: string) => string, term?: string) =>
    values.length > 0 && (
      <fieldset className="cw-filter-group">
        <legend>{legend}</legend>
        {values.map((value) => (
          <label key={value} className="cw-filter-option" title={term ? termTip(term, value) : undefined}>
            <input type="checkbox" checked={(filters[key] as string[]).includes(value)} onChange={() => toggle(key, value)} /> {label(value)}
          </label>
        ))}
      </fieldset>
    );
  return (
    <div className="cw-filter-panel" id="cw-filter-panel" aria-label="Filters">
      {group('statuses', 'Status', [...STATUSES], (s) => `${STATUS_LABEL[s as Status].icon} ${STATUS_LABEL[s as Status].word}`, 'status')}
      {group('kinds', 'Kind', kinds, kindLabel, 'kind')}
      {group('contributors', 'Contributor', contributors, (id) => (id === 'assistant' ? 'The assistant' : displayName(data, id)), 'by')}
      {group('work', 'Backlog work', work, workLabel, 'work')}
      <div className="cw-filter-foot">
        <span role="status" data-testid="filter-count">
          {isFiltering(filters) ? matchSummary(tree, filters, null, hiddenByView) : 'No filter: every item shows'}
        </span>
        <button type="button" className="cw-button" disabled={!isFiltering(filters)} onClick={() => useLens.getState().setFilters(NO_FILTERS)}>
          Clear filters
        </button>
      </div>
    </div>
  );
}
