// A node card: kind, full text, status (colour, border and label), id, contributors, counts of
// assumptions and challenges, open backlog, and cross-tree traces as chips that jump there.
import { ProblemIcon } from './ProblemIcon';
import { Fragment, memo, type ReactNode } from 'react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { useDocumentStore } from '../../store/document-store';
import { useIsDimmed, useIsHit } from '../find/lens-store';
import { STATUS_LABEL, TRACE_LABEL, kindLabel, plural, treeLabel } from '../words';
import type { ClaimFlowNode } from './build-flow';
import { useChangedOnDisk } from './changed-on-disk';
import { useGroupStore } from '../../store/group/group-store';
import { inGroupSession, turnMarkWords, useTurnMark } from './turn-mark';
import { CheckMark } from './CheckMark';
import { MARK_WORD } from './marks';
import { CardTextEditor } from './CardTextEditor';
import { useInPlaceEdit } from './in-place-edit';
import { canvasActions } from './canvas-actions';

/** The card side its link handle sits on. */
export function linkHandleSide(linkSide: ClaimFlowNode['data']['linkSide']): Position {
  return linkSide === 'left' ? Position.Left : linkSide === 'right' ? Position.Right : Position.Top;
}

function ClaimNodeView({ data, selected }: NodeProps<ClaimFlowNode>) {
  const editing = useInPlaceEdit((s) => s.editing === data.node.id);
  return (
    <ClaimCard
      data={data}
      selected={selected}
      editor={editing ? <CardTextEditor node={data.node} /> : undefined}
      targetHandle={<Handle type="target" position={Position.Top} className="cw-handle cw-handle-target" isConnectable={false} />}
      sourceHandle={
        <Handle
          type="source"
          position={linkHandleSide(data.linkSide)}
          className="cw-link-handle"
          title="Drag to another card to link, or onto a link to join it (AND); from the keyboard, L links the selected card"
          aria-hidden="true"
        />
      }
    />
  );
}

/**
 * The card itself. Its handles are placed absolutely and take no room, so the card drawn without
 * them (see card-sizes.tsx) has the size the canvas draws.
 */
export function ClaimCard({ data, selected, targetHandle, sourceHandle, editor }: { data: ClaimFlowNode['data']; selected: boolean; targetHandle?: ReactNode; sourceHandle?: ReactNode; editor?: ReactNode }) {
  const { node, contributorNames, openBacklog, traces, problems, mark, previous } = data;
  const status = STATUS_LABEL[node.status];
  const focusItem = useDocumentStore((s) => s.focusItem);
  const changedOnDisk = useChangedOnDisk(node.id, node);
  // In a group session (invited, or the driver once invites are out), changes come from the others as much as from disk.
  const inGroup = useGroupStore(inGroupSession);
  // Only on the working file's own cards (not in a change view or a revision).
  const turnMark = useTurnMark(mark ? '' : node.id);
  const dimmed = useIsDimmed(node.id);
  const hit = useIsHit(node.id);
  return (
    <div
      className={`cw-claim ${mark ? `cw-mark-${mark}` : `cw-status-${node.status}`}${selected ? ' is-selected' : ''}${editor ? ' is-editing' : ''}${problems.length ? ' is-broken' : ''}${dimmed ? ' is-dimmed' : ''}${hit ? ' is-hit' : ''}${changedOnDisk ? ' is-changed-on-disk' : ''}${turnMark ? ' has-turn-mark' : ''}`}
      data-node-id={node.id}
      {...(changedOnDisk ? { 'data-changed-on-disk': 'true' } : {})}
      {...(turnMark ? { 'data-turn-mark': turnMark.change } : {})}
      data-status={node.status}
      data-kind={node.kind}
      {...(dimmed ? { 'data-dimmed': 'true' } : {})}
      {...(hit ? { 'data-hit': 'true' } : {})}
      {...(mark ? { 'data-change': mark } : {})}
      {...(problems.length ? { 'data-broken': 'true' } : {})}
    >
      {targetHandle}
      <header className="cw-claim-head">
        <span className="cw-kind">{kindLabel(node.kind)}</span>
        {mark ? (
          <span className="cw-status-badge cw-mark-badge">{MARK_WORD[mark]}</span>
        ) : (
          <span className="cw-status-badge" title={`Status: ${status.word} (in the file: status: ${node.status})`}>
            <span aria-hidden="true">{status.icon}</span> {status.word}
          </span>
        )}
      </header>
      {(changedOnDisk || turnMark) && (
        // One row above the card. A turn's tag says the card changed already, and who changed it:
        // the plainer "just changed" shows only without one (it would be cut short beside it).
        <div className="cw-claim-tags">
          {turnMark && (
            <span className="cw-turn-tag" role="note" title="In a turn you have not reviewed: see the Turns panel">
              {turnMarkWords(turnMark, contributorNames[0], inGroup)}
            </span>
          )}
          {changedOnDisk && !turnMark && (
            <span className="cw-changed-on-disk-tag" role="note">
              {inGroup ? 'just changed' : 'changed on disk'}
            </span>
          )}
        </div>
      )}
      {dimmed && <span className="cw-visually-hidden">Dimmed: outside the filter or the focus. </span>}
      {editor ?? <p className="cw-claim-text">{node.text || <em className="cw-missing">(no text)</em>}</p>}
      {previous && (
        <div className="cw-previous">
          <span className="cw-previous-label">Previously{previous.kind !== node.kind ? ` (${kindLabel(previous.kind).toLowerCase()})` : ''}:</span> {previous.text}
        </div>
      )}
      {traces.length > 0 && (
        <div className="cw-traces" aria-label="Cross-tree traces">
          {traces.map((trace) => (
            <button
              key={`${trace.field}:${trace.target}`}
              type="button"
              className={`cw-trace-chip nodrag${trace.targetTree ? '' : ' is-dangling'}`}
              data-trace-target={trace.target}
              title={
                trace.targetTree
                  ? `${TRACE_LABEL[trace.field]} ${trace.target} in the ${treeLabel(trace.targetTree)}: ${trace.targetText ?? ''}`
                  : `${trace.target} names no node`
              }
              disabled={!trace.targetTree}
              onClick={(event) => {
                event.stopPropagation();
                focusItem(trace.target);
              }}
            >
              {TRACE_LABEL[trace.field]} {trace.target}
            </button>
          ))}
        </div>
      )}
      <footer className="cw-claim-foot">
        <span className="cw-id">{node.id}</span>
        {contributorNames.length > 0 && (
          <span className="cw-people" title="Contributors">
            {/* Each name isolated: one written right-to-left (or with a direction override) cannot reorder the others. */}
            {contributorNames.map((name, i) => (
              <Fragment key={i}>
                {i > 0 && ', '}
                <bdi>{name}</bdi>
              </Fragment>
            ))}
          </span>
        )}
        <span className="cw-counts">
          {node.assumptions.length > 0 && (
            <span className="cw-count" title={node.assumptions.map((a) => a.text).join('\n')}>
              {plural(node.assumptions.length, 'assumption')}
            </span>
          )}
          {node.challenges.length > 0 && (
            <span className="cw-count cw-count-challenge" title={node.challenges.map((c) => c.text).join('\n')}>
              {plural(node.challenges.length, 'challenge')}
            </span>
          )}
          {openBacklog > 0 && (
            <span className="cw-backlog-badge" data-backlog-count={openBacklog} title={`⚑ ${plural(openBacklog, 'open backlog entry', 'open backlog entries')}: reasoning work still to do about this node`}>
              ⚑ {openBacklog}
            </span>
          )}
          <CheckMark id={node.id} />
        </span>
      </footer>
      {problems.length > 0 && (
        <div className="cw-problem-mark" title={`It breaks a rule of the format:\n${problems.join('\n')}`} role="note" aria-label="This node has errors">
          <ProblemIcon /> {plural(problems.length, 'problem')}
        </div>
      )}
      {sourceHandle}
      {data.branch && sourceHandle && <FoldControl id={node.id} branch={data.branch} side={data.linkSide} />}
    </div>
  );
}

/**
 * On the side where a card's causes come in: fold them away, or, folded, how many cards it
 * hides and the way to show them again.
 */
function FoldControl({ id, branch, side }: { id: string; branch: NonNullable<ClaimFlowNode['data']['branch']>; side: ClaimFlowNode['data']['linkSide'] }) {
  const where = side === 'left' ? 'right' : side === 'right' ? 'left' : 'bottom';
  const label = branch.folded ? `Unfold: show the ${plural(branch.hides, 'card')} folded away under ${id}` : `Fold: hide what leads into ${id}`;
  return (
    <button
      type="button"
      className={`cw-fold nodrag nopan is-${where}${branch.folded ? ' is-folded' : ''}`}
      title={`${label} (B)`}
      aria-label={label}
      aria-expanded={!branch.folded}
      onClick={(event) => {
        event.stopPropagation();
        canvasActions()?.toggleFold(id);
      }}
      onDoubleClick={(event) => event.stopPropagation()}
    >
      {branch.folded ? (
        <>
          <span aria-hidden="true">⊕</span> {branch.hides > 0 ? `${branch.hides} hidden` : 'folded'}
        </>
      ) : (
        <span aria-hidden="true">⊖</span>
      )}
    </button>
  );
}

export const ClaimNode = memo(ClaimNodeView);
