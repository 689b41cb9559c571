// One piece of a link on the canvas. The `main` piece carries the link's id, status, arrow and
// label; `segment` pieces run from each AND source into the junction, without arrows.
import { ProblemIcon } from './ProblemIcon';
import { memo, useCallback, useRef } from 'react';
import { BaseEdge, EdgeLabelRenderer, useInternalNode, useStore, type EdgeProps, type InternalNode, type ReactFlowState } from '@xyflow/react';
import { useDocumentStore } from '../../store/document-store';
import { useIsDimmed, useIsHit } from '../find/lens-store';
import { useSideSection } from '../side/side-section';
import { STATUS_LABEL, plural, relationLabel } from '../words';
import { markerId } from './ArrowMarkers';
import { CheckMark } from './CheckMark';
import { JUNCTION_SIZE, type LinkFlowEdge } from './build-flow';
import { useChangedOnDisk } from './changed-on-disk';
import { inGroupSession, turnMarkWords, useTurnMark } from './turn-mark';
import { MARK_WORD } from './marks';
import { coursePath, pointAlong, zigzagPath } from '../../render/geometry';
import { clipAreaKey, clipAreaOf, LONG_LINK } from './clip-area';
import { clipCourse } from './clip-course';
import { linkCourse, type Rect } from './edge-geometry';
import { LinkNote } from './LinkNote';

function rectOf(node: InternalNode | undefined): Rect | undefined {
  if (!node) return undefined;
  const width = node.measured.width ?? (node.type === 'junction' ? JUNCTION_SIZE : 0);
  const height = node.measured.height ?? (node.type === 'junction' ? JUNCTION_SIZE : 0);
  if (!width || !height) return undefined;
  return { ...node.internals.positionAbsolute, width, height };
}

/** How far apart two cards lie, along the axis they are furthest apart on. */
function spread(a: Rect, b: Rect): number {
  return Math.max(Math.max(a.x + a.width, b.x + b.width) - Math.min(a.x, b.x), Math.max(a.y + a.height, b.y + b.height) - Math.min(a.y, b.y));
}

function LinkEdgeView({ id, source, target, data, selected }: EdgeProps<LinkFlowEdge>) {
  const sourceNode = useInternalNode(source);
  const targetNode = useInternalNode(target);
  const sourceRect = rectOf(sourceNode);
  const targetRect = rectOf(targetNode);
  const changedOnDisk = useChangedOnDisk(data?.link.id ?? '');
  const turnMark = useTurnMark(data?.mark ? '' : (data?.link.id ?? ''));
  const labelRef = useRef<HTMLDivElement>(null);
  const dimmed = useIsDimmed(data?.link.id ?? '');
  const hit = useIsHit(data?.link.id ?? '');
  // Only a long link follows the view (to be cut to it); the others never re-render on a pan.
  const long = sourceRect !== undefined && targetRect !== undefined && spread(sourceRect, targetRect) > LONG_LINK;
  const clipKey = useStore(useCallback((state: ReactFlowState) => (long ? clipAreaKey(state) : ''), [long]));
  if (!data || !sourceNode || !targetNode || !sourceRect || !targetRect) return null;

  const { link, role, style, orientation, mark } = data;
  const before = data.fileId !== link.id; // the old connection of a changed link
  const conflict = style === 'conflict';
  const { from, to, course } = linkCourse({
    source: sourceRect,
    target: targetRect,
    sourceSlot: data.sourceSlot,
    targetSlot: data.targetSlot,
    sourceIsJunction: sourceNode.type === 'junction',
    targetIsJunction: targetNode.type === 'junction',
    bends: data.bends,
    straight: conflict,
    orientation,
  });
  const clipped = !conflict && clipKey ? clipCourse(course, clipAreaOf(clipKey)) : undefined;
  const path = conflict ? zigzagPath(from.point, to.point) : (clipped?.d ?? coursePath(course));
  // A cut link's dashes go on from where the drawn part starts, so they do not shift as the view moves.
  const pathStyle = clipped && clipped.lengthBefore > 0 ? { strokeDashoffset: clipped.lengthBefore } : undefined;
  const labelAt = data.labelAt ?? 0.5;
  const marker = role === 'segment' || conflict || (clipped && !clipped.keepsEnd) ? undefined : `url(#${markerId(style === 'order' ? 'order' : 'cause', mark ? `mark-${mark}` : link.status)})`;
  const className = `cw-link cw-link-${mark ? `mark-${mark}` : link.status} cw-link-${style}${selected ? ' is-selected' : ''}${data.problems.length ? ' is-broken' : ''}${dimmed ? ' is-dimmed' : ''}${hit ? ' is-hit' : ''}`;

  if (role === 'segment') {
    return (
      <g className={className} data-link-segment-of={data.fileId} data-status={link.status} {...(mark ? { 'data-change': before ? 'before' : mark } : {})}>
        <BaseEdge id={id} path={path} className="cw-link-path" style={pathStyle} />
      </g>
    );
  }

  const status = STATUS_LABEL[link.status];
  const assumptionText = link.assumptions.map((a) => `• ${a.text}`).join('\n');
  const relation = conflict ? `conflicts with` : relationLabel(link.relation);
  const markWord = mark ? (before ? 'BEFORE' : MARK_WORD[mark]) : undefined;
  const label = markWord ? `${markWord}: ${relation}` : relation;
  const onPath = pointAlong(course, labelAt);
  const midX = onPath.x + (data.labelShift?.x ?? 0);
  const midY = onPath.y + (data.labelShift?.y ?? 0);
  return (
    <g
      className={className}
      {...(before ? { 'data-link-before': data.fileId } : { 'data-link-id': link.id })}
      data-status={link.status}
      data-relation={link.relation}
      {...(mark ? { 'data-change': before ? 'before' : mark } : {})}
      {...(changedOnDisk && !before ? { 'data-changed-on-disk': 'true' } : {})}
      {...(turnMark ? { 'data-turn-mark': turnMark.change } : {})}
    >
      <BaseEdge id={id} path={path} className="cw-link-path" style={pathStyle} markerEnd={marker} interactionWidth={16} />
      <EdgeLabelRenderer>
        <div
          ref={labelRef}
          className={`cw-link-label cw-link-label-${mark ? `mark-${mark}` : link.status} nodrag nopan${selected ? ' is-selected' : ''}${dimmed ? ' is-dimmed' : ''}${hit ? ' is-hit' : ''}${changedOnDisk && !before ? ' is-changed-on-disk' : ''}${turnMark ? ' has-turn-mark' : ''}`}
          style={{ transform: `translate(-50%, -50%) translate(${midX}px, ${midY}px)` }}
          data-link-label={before ? undefined : link.id}
          onClick={(event) => {
            event.stopPropagation();
            if (mark) return;
            useDocumentStore.getState().select({ nodes: [], links: [link.id] });
            useSideSection.getState().show('inspector');
          }}
          title={`${label} — ${status.word.toLowerCase()}${turnMark ? ` (${turnMarkWords(turnMark, undefined, inGroupSession())}: in a turn you have not reviewed)` : ''}${assumptionText ? `\nAssumptions:\n${assumptionText}` : ''}`}
        >
          {!mark && (
            <>
              <span className="cw-status-icon" aria-label={status.word}>
                {conflict ? '⚡' : status.icon}
              </span>{' '}
            </>
          )}
          {mark && conflict && <span aria-hidden="true">⚡ </span>}
          {label}
          {style === 'order' && <span className="cw-order-note"> (order)</span>}
          {link.assumptions.length > 0 && (
            <span className="cw-assumption-marker" aria-label={plural(link.assumptions.length, 'assumption')} title={`${plural(link.assumptions.length, 'assumption')} this link rests on:\n${link.assumptions.map((a) => a.text).join('\n')}`}>
              A{link.assumptions.length}
            </span>
          )}
          {link.challenges.length > 0 && (
            <span className="cw-challenge-marker" aria-label={plural(link.challenges.length, 'challenge')} title={`${plural(link.challenges.length, 'challenge')} raised against this link:\n${link.challenges.map((c) => c.text).join('\n')}`}>
              C{link.challenges.length}
            </span>
          )}
          {data.openBacklog > 0 && (
            <span className="cw-backlog-badge" aria-label={`${plural(data.openBacklog, 'open backlog entry', 'open backlog entries')}`} title={`⚑ ${plural(data.openBacklog, 'piece', 'pieces')} of backlog work still to do about this link`}>
              ⚑{data.openBacklog}
            </span>
          )}
          {!mark && <CheckMark id={link.id} compact />}
          {data.problems.length > 0 && (
            <span className="cw-problem-mark" role="img" title={`It breaks a rule of the format:\n${data.problems.join('\n')}`} aria-label="has errors">
              <ProblemIcon />
            </span>
          )}
        </div>
        {selected && !mark && link.assumptions.length > 0 && <LinkNote notes={link.assumptions} centre={{ x: midX, y: midY }} label={labelRef} />}
      </EdgeLabelRenderer>
    </g>
  );
}

export const LinkEdge = memo(LinkEdgeView);
