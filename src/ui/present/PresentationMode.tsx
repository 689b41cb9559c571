// Presentation: a tree full screen, in large type, stepping through its reading order: one step
// shows a node or an AND group, the next the arrow and where it leads, with the sentence as the
// caption. PageDown, →, ↓, Space or Enter go on (so does a clicker); PageUp, ←, ↑ or Backspace
// go back; Home and End jump; Escape leaves. The diagram is the full view drawn by src/render.
import { useEffect, useMemo, useRef } from 'react';
import { displayName, TREE_NAMES } from '../../format';
import { presentationSteps, readAloud } from '../../exchange';
import { fullViewSvg } from '../../render';
import { useDocumentStore } from '../../store/document-store';
import { usePresentation } from '../../store/presentation-store';
import './present.css';

const NEXT = new Set(['PageDown', 'ArrowRight', 'ArrowDown', ' ', 'Enter', 'n']);
const PREVIOUS = new Set(['PageUp', 'ArrowLeft', 'ArrowUp', 'Backspace', 'p']);

/** The view box around what is shown so far: large type early, the whole tree at the end. */
function fitToShown(host: HTMLElement): void {
  const drawn = host.querySelector('svg');
  const body = drawn?.querySelector<SVGGElement>('g[transform^="translate"]');
  const shift = body?.getAttribute('transform')?.match(/translate\(([-\d.]+),([-\d.]+)\)/);
  if (!drawn || !body || !shift) return;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const element of body.querySelectorAll<SVGGraphicsElement>(':scope > g.card, :scope > g.junction, :scope > path, :scope > g.link-label')) {
    if (element.classList.contains('cw-present-hidden') || typeof element.getBBox !== 'function') continue;
    const box = element.getBBox();
    minX = Math.min(minX, box.x);
    minY = Math.min(minY, box.y);
    maxX = Math.max(maxX, box.x + box.width);
    maxY = Math.max(maxY, box.y + box.height);
  }
  if (!Number.isFinite(minX)) return;
  const pad = 28;
  // At least a card and a half across on a phone held upright, three cards on a wide screen.
  const aspect = host.clientWidth > 0 && host.clientHeight > 0 ? host.clientWidth / host.clientHeight : 16 / 9;
  const least = aspect < 1 ? 360 : 820;
  const width = Math.max(maxX - minX + 2 * pad, least);
  const height = Math.max(maxY - minY + 2 * pad, least / aspect / 1.6);
  const x = (minX + maxX) / 2 - width / 2 + Number(shift[1]);
  const y = (minY + maxY) / 2 - height / 2 + Number(shift[2]);
  drawn.setAttribute('viewBox', `${x} ${y} ${width} ${height}`);
}

export function PresentationMode() {
  const active = usePresentation((s) => s.active);
  if (!active) return null;
  return <Presentation />;
}

function Presentation() {
  const treeKey = usePresentation((s) => s.tree);
  const step = usePresentation((s) => s.step);
  const document = useDocumentStore((s) => s.document);
  const tree = document?.trees.find((t) => t.key === treeKey);
  const root = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);

  const steps = useMemo(() => (tree && document ? presentationSteps(readAloud(tree, (id) => displayName(document.data, id))) : []), [tree, document]);
  const svg = useMemo(() => (tree ? fullViewSvg({ tree, title: TREE_NAMES[tree.key], withoutNotes: true }) : ''), [tree]);
  const last = Math.max(0, steps.length - 1);
  const at = Math.min(step, last);
  const current = steps[at];

  // Keys go to the presentation alone while it runs.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const { go, stop } = usePresentation.getState();
      const here = Math.min(usePresentation.getState().step, last);
      let handled = true;
      if (event.key === 'Escape') stop();
      else if (NEXT.has(event.key) && !(event.key === ' ' && event.shiftKey)) go(Math.min(here + 1, last));
      else if (PREVIOUS.has(event.key) || (event.key === ' ' && event.shiftKey)) go(Math.max(here - 1, 0));
      else if (event.key === 'Home') go(0);
      else if (event.key === 'End') go(last);
      else handled = event.ctrlKey || event.metaKey ? false : true;
      if (handled) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [last]);

  // Full screen where the browser allows it; leaving full screen leaves the presentation.
  useEffect(() => {
    const element = root.current;
    element?.focus();
    if (element && typeof element.requestFullscreen === 'function' && !globalThis.document.fullscreenElement) {
      element.requestFullscreen().catch(() => undefined);
    }
    const onChange = () => {
      if (!globalThis.document.fullscreenElement && entered.current) usePresentation.getState().stop();
      if (globalThis.document.fullscreenElement) entered.current = true;
    };
    const entered = { current: false };
    globalThis.document.addEventListener('fullscreenchange', onChange);
    return () => {
      globalThis.document.removeEventListener('fullscreenchange', onChange);
      if (globalThis.document.fullscreenElement) void globalThis.document.exitFullscreen().catch(() => undefined);
    };
  }, []);

  // The diagram is drawn once; each step only shows and hides its items.
  useEffect(() => {
    const host = stage.current;
    if (!host) return;
    host.innerHTML = svg; // markup built by src/render, every text escaped
    const drawn = host.querySelector('svg');
    if (drawn) {
      drawn.removeAttribute('width');
      drawn.removeAttribute('height');
      drawn.setAttribute('preserveAspectRatio', 'xMidYMid meet');
      // The picture's title and legend go (the bar and the caption say what they say); the view
      // box follows what is shown, below.
      const body = drawn.querySelector<SVGGElement>('g[transform^="translate"]');
      if (body) {
        for (const child of [...drawn.children]) if (child !== body && child.tagName !== 'defs' && child.tagName !== 'title') child.remove();
      }
    }
  }, [svg]);
  useEffect(() => {
    const host = stage.current;
    if (!host) return;
    const nodes = new Set(current?.nodes ?? []);
    const links = new Set(current?.links ?? []);
    const fresh = new Set(current?.fresh ?? []);
    host.querySelectorAll<SVGElement>('[data-node-id]').forEach((element) => {
      const id = element.getAttribute('data-node-id')!;
      element.classList.toggle('cw-present-hidden', !nodes.has(id));
      element.classList.toggle('cw-present-fresh', fresh.has(id));
    });
    host.querySelectorAll<SVGElement>('[data-link-id]').forEach((element) => {
      const id = element.getAttribute('data-link-id')!;
      element.classList.toggle('cw-present-hidden', !links.has(id));
      element.classList.toggle('cw-present-fresh', fresh.has(id));
    });
    fitToShown(host);
  }, [current, svg]);

  if (!tree) return null;
  const { go, stop } = usePresentation.getState();
  return (
    <div ref={root} className="cw-present" role="dialog" aria-modal="true" aria-label={`Presenting the ${TREE_NAMES[tree.key]}`} tabIndex={-1} data-testid="presentation">
      <header className="cw-present-bar">
        <span className="cw-present-title">{TREE_NAMES[tree.key]}</span>
        <span className="cw-present-count" aria-live="off">
          {steps.length === 0 ? 'No steps' : `Step ${at + 1} of ${steps.length}`}
        </span>
        <span className="cw-present-keys">PageDown / → next · PageUp / ← back · Esc to leave</span>
        <span className="cw-present-spacer" />
        <button type="button" className="cw-present-button" onClick={() => go(Math.max(at - 1, 0))} disabled={at === 0} aria-label="Previous step">
          ‹
        </button>
        <button type="button" className="cw-present-button" onClick={() => go(Math.min(at + 1, last))} disabled={at >= last} aria-label="Next step">
          ›
        </button>
        <button type="button" className="cw-present-button" onClick={stop} aria-label="Leave the presentation">
          ✕
        </button>
      </header>
      <div ref={stage} className="cw-present-stage" onClick={() => go(Math.min(at + 1, last))} />
      <footer className="cw-present-caption" aria-live="polite">
        <p className={`cw-present-sentence is-${current?.status ?? 'proposed'}`}>{current ? current.caption : 'This tree has no nodes yet.'}</p>
        {current && current.because.length > 0 && (
          <p className="cw-present-because">
            <span>because</span> {current.because.join(' · ')}
          </p>
        )}
      </footer>
    </div>
  );
}
