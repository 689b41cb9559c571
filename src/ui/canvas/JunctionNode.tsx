// The AND junction of a joint cause: its sources run in, one arrow runs out.
import { memo } from 'react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { useIsDimmed } from '../find/lens-store';
import type { JunctionFlowNode } from './build-flow';

function JunctionNodeView({ data, selected }: NodeProps<JunctionFlowNode>) {
  const { link, mark, fileId } = data;
  const before = fileId !== link.id;
  const dimmed = useIsDimmed(link.id);
  return (
    <div
      className={`cw-junction cw-link-${mark ? `mark-${mark}` : link.status}${selected ? ' is-selected' : ''}${dimmed ? ' is-dimmed' : ''}`}
      {...(before ? { 'data-junction-before': fileId } : { 'data-junction-for': link.id })}
      data-status={link.status}
      title={`AND: ${link.from.join(' + ')} act together`}
    >
      <Handle type="target" position={Position.Top} className="cw-handle" isConnectable={false} />
      AND
      <Handle type="source" position={Position.Bottom} className="cw-handle" isConnectable={false} />
    </div>
  );
}

export const JunctionNode = memo(JunctionNodeView);
