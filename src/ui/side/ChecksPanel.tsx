// Reasoning checks: advice read from the structure of the file, grouped by tree and by check.
// A finding jumps to its item; "Add to backlog" records it as work (one undo step), "Not a
// problem" sets it aside in the file for the whole group. Nothing changes by itself.
import { useEffect, useRef, useState } from 'react';
import { TREE_KEYS, type TreeKey, displayName } from '../../format';
import { CHECKS, CHECK_CODES, existingEntry, findingKey, readDismissals, type CheckCode, type ReasoningFinding } from '../../reasoning';
import { checkCommands } from '../../store/check-commands';
import { useDocumentStore } from '../../store/document-store';
import { useCheckMarks } from '../checks/check-marks';
import { useChecks } from '../checks/check-report';
import { plural, termTip, treeLabel, workLabel } from '../words';
import { ItemRef } from './ItemRef';
import { jumpFromList } from './side-section';
import { useTrees } from './use-document';
import '../checks/checks.css';

export function ChecksPanel() {
  const { findings, dismissed } = useChecks();
  const marks = useCheckMarks();
  const trees = useTrees();
  const treesWith = new Set(findings.map((f) => f.tree));
  // Counted as `causeway check` counts them ("N notes, K of them in backlog"): one rule, existingEntry.
  const queued = findings.filter((f) => existingEntry(f, trees) !== undefined).length;
  return (
    <div className="cw-side-panel-body cw-checks" data-testid="checks-panel">
      <header className="cw-side-title">
        <h2>Checks</h2>
        <span className="cw-side-title-note" data-testid="checks-summary">
          {findings.length === 0
            ? 'nothing to look at again'
            : `${plural(findings.length, 'finding')} in ${plural(treesWith.size, 'tree')}${queued > 0 ? `, ${queued} in backlog` : ''}`}
        </span>
      </header>
      <p className="cw-side-hint">
        Where the reasoning may be thin, read from the structure of the file. It is advice: nothing changes until you add a finding to the backlog or set it
        aside.
      </p>
      <label className="cw-side-check cw-checks-toggle">
        <input type="checkbox" checked={marks.visible} onChange={(event) => marks.setVisible(event.target.checked)} />
        Show check marks (<span className="cw-check-mark is-sample" aria-hidden="true">◇</span>) on the diagram
      </label>
      {findings.length === 0 && <p className="cw-side-empty">No findings: nothing in the structure of this file calls for a second look.</p>}
      {TREE_KEYS.filter((key) => treesWith.has(key)).map((key) => (
        <TreeFindings key={key} tree={key} findings={findings.filter((f) => f.tree === key)} manyTrees={findings.length > ALL_OPEN} />
      ))}
      {dismissed.length > 0 && <Dismissed findings={dismissed} />}
    </div>
  );
}

/** Up to this many findings, every tree's list is open; beyond, only the tree on show. */
const ALL_OPEN = 40;

function TreeFindings({ tree, findings, manyTrees }: { tree: TreeKey; findings: ReasoningFinding[]; manyTrees: boolean }) {
  const current = useDocumentStore((s) => s.view.tree === tree);
  const [open, setOpen] = useState(!manyTrees || current);
  // Showing a tree, or selecting an item with findings here, opens its list.
  const wanted = useDocumentStore((s) => s.view.tree === tree || findings.some((f) => s.view.selection.nodes.includes(f.ref) || s.view.selection.links.includes(f.ref)));
  useEffect(() => {
    if (wanted) setOpen(true);
  }, [wanted]);
  return (
    <details
      className={`cw-checks-tree${current ? ' is-current' : ''}`}
      aria-label={`${treeLabel(tree)} checks`}
      data-checks-tree={tree}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cw-checks-tree-title">
        {treeLabel(tree)}
        <span className="cw-side-count">{findings.length}</span>
      </summary>
      {/* A closed tree's findings are not drawn at all: a large file has thousands. */}
      {open && CHECK_CODES.filter((code) => findings.some((f) => f.check === code)).map((code) => (
        <CheckGroup key={code} tree={tree} code={code} findings={findings.filter((f) => f.check === code)} />
      ))}
    </details>
  );
}

/** Findings listed at first per check: a large file's hundreds wait behind "Show more". */
const FIRST_ROWS = 20;

function CheckGroup({ tree, code, findings }: { tree: TreeKey; code: CheckCode; findings: ReasoningFinding[] }) {
  const [more, setMore] = useState(FIRST_ROWS);
  // A finding about the selected item is always listed, however far down its group it is.
  const selectedAt = useDocumentStore((s) => findings.findIndex((f) => s.view.selection.nodes.includes(f.ref) || s.view.selection.links.includes(f.ref)));
  const shown = Math.max(more, selectedAt + 1);
  const info = CHECKS[code];
  return (
    <section className="cw-checks-group" aria-label={`${info.title} (${treeLabel(tree)})`} data-check-group={code}>
      <h4 className="cw-checks-group-title">
        <span>{info.title}</span>
        <span className="cw-side-count">{findings.length}</span>
      </h4>
      {info.reservation && <p className="cw-checks-reservation">Reservation: {info.reservation}</p>}
      <ul className="cw-side-list">
        {findings.slice(0, shown).map((finding) => (
          <FindingRow key={findingKey(finding)} finding={finding} />
        ))}
      </ul>
      {findings.length > shown && (
        <button type="button" className="cw-button cw-button-small cw-checks-more" onClick={() => setMore(shown + 100)}>
          Show {Math.min(100, findings.length - shown)} more of {findings.length}
        </button>
      )}
    </section>
  );
}

function FindingRow({ finding }: { finding: ReasoningFinding }) {
  const trees = useTrees();
  const selected = useDocumentStore((s) => s.view.selection.nodes.includes(finding.ref) || s.view.selection.links.includes(finding.ref));
  const entry = existingEntry(finding, trees);
  // A finding about the item just selected (from its mark on the diagram) comes into view.
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (selected) row.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  return (
    <li ref={row} className={`cw-check-finding${selected ? ' is-selected' : ''}`} data-finding={findingKey(finding)} data-check={finding.check} data-ref={finding.ref}>
      <ItemRef id={finding.ref} onJump={jumpFromList} />
      <p className="cw-check-message">{finding.message}</p>
      <div className="cw-side-actions">
        {entry ? (
          <span className="cw-check-in-backlog" data-testid="in-backlog">
            In backlog: <span className="cw-side-work" title={termTip('work', entry.work)}>{workLabel(entry.work).toLowerCase()}</span>
          </span>
        ) : (
          <button type="button" className="cw-button cw-button-small" onClick={() => checkCommands.addToBacklog(finding)} title={`Add {ref: ${finding.ref}, work: ${finding.work}} to the backlog, with this message as its note`}>
            Add to backlog: <span className="cw-side-work">{workLabel(finding.work).toLowerCase()}</span>
          </button>
        )}
        <button type="button" className="cw-button cw-button-small" onClick={() => checkCommands.dismiss(finding)} title="Set this finding aside for this item; it is kept in the file, so the whole group sees it dismissed">
          Not a problem
        </button>
      </div>
    </li>
  );
}

function Dismissed({ findings }: { findings: ReasoningFinding[] }) {
  const data = useDocumentStore((s) => s.document?.data);
  const by = new Map(readDismissals(data).map((d) => [findingKey(d), d.by]));
  return (
    <details className="cw-checks-dismissed" data-testid="checks-dismissed">
      <summary>
        Set aside as not a problem <span className="cw-side-count">{findings.length}</span>
      </summary>
      <ul className="cw-side-list">
        {findings.map((finding) => {
          const id = by.get(findingKey(finding));
          const who = id ? displayName(data, id) : undefined;
          return (
            <li key={findingKey(finding)} className="cw-check-finding is-dismissed" data-finding={findingKey(finding)}>
              <ItemRef id={finding.ref} onJump={jumpFromList} tag={`${treeLabel(finding.tree)} · ${CHECKS[finding.check].title}`} />
              <p className="cw-check-message">{finding.message}</p>
              <div className="cw-side-actions">
                {who && <span className="cw-checks-by">Set aside by {who}</span>}
                <button type="button" className="cw-button cw-button-small" onClick={() => checkCommands.restore(finding)}>
                  Bring back
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
