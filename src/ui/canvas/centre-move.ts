// How the view travels to centre a point. A short move glides; a long one (a hit thousands of
// pixels away in a big tree) jumps at once: gliding there would zoom out over the whole tree on
// the way, drawing every card for a few frames, which is slow and shows nothing useful.
import { motion } from '../motion';
import type { Viewport } from './opening-view';

/** Further than this many canvas sizes away, the view jumps. */
const GLIDE_LIMIT = 2;

export interface CentreMove {
  duration: number;
  interpolate: 'linear';
}

export function centreMove(point: { x: number; y: number }, viewport: Viewport, canvas: { width: number; height: number }, ms: number): CentreMove {
  const centreX = (canvas.width / 2 - viewport.x) / viewport.zoom;
  const centreY = (canvas.height / 2 - viewport.y) / viewport.zoom;
  const screenDistance = Math.hypot(point.x - centreX, point.y - centreY) * viewport.zoom;
  const far = screenDistance > GLIDE_LIMIT * Math.max(canvas.width, canvas.height, 1);
  return { duration: far ? 0 : motion(ms), interpolate: 'linear' };
}

/**
 * The least pan (zoom kept) that brings a flow-space box into `room` (a part of the canvas, in
 * canvas px) with a margin; a box larger than the room shows its top-left part.
 */
export function panIntoView(box: { x: number; y: number; width: number; height: number }, viewport: Viewport, room: { x: number; y: number; width: number; height: number }, margin = 24): Viewport {
  const axis = (start: number, length: number, offset: number, from: number, size: number) => {
    const left = start * viewport.zoom + offset;
    const right = left + length * viewport.zoom;
    if (left < from + margin || right - left > size - 2 * margin) return offset + from + margin - left;
    if (right > from + size - margin) return offset + from + size - margin - right;
    return offset;
  };
  return { zoom: viewport.zoom, x: axis(box.x, box.width, viewport.x, room.x, room.width), y: axis(box.y, box.height, viewport.y, room.y, room.height) };
}
