// Presentation: a tree full screen, in large type, stepping through its reading order: one step
// shows a node or an AND group, the next the arrow and where it leads, with the sentence as the
// caption. PageDown, →, ↓, Space or Enter go on (so does a clicker); PageUp, ←, ↑ or Backspace
// go back; Home and End jump; Escape leaves. The diagram is the full view drawn by src/render.
// In a group session the driver can present to everyone (each invited page follows the tree and
// step, with a bar naming whose presentation it is and a Stop following button); a page following
// it does not step on its own, and Escape stops following.
import { useEffect, useMemo, useRef } from 'react';
import { displayName, TREE_NAMES } from '../../format';
import { presentationSteps, readAloud } from '../../exchange';
import { fullViewSvg } from '../../render';
import { useDocumentStore } from '../../store/document-store';
import { useGroupStore } from '../../store/group/group-store';
import { usePresentation } from '../../store/presentation-store';
import './present.css';

const NEXT = new Set(['PageDown', 'ArrowRight', 'ArrowDown', ' ', 'Enter', 'n']);
const PREVIOUS = new Set(['PageUp', 'ArrowLeft', 'ArrowUp', 'Backspace', 'p']);

/**
 * The view box around what is shown so far: large type early, the whole tree at the end. A phone
 * held upright has room for one card at a readable size, so there the view follows the step just
 * shown (what came before is still drawn around it).
 */
function fitToShown(host: HTMLElement): void {
  const drawn = host.querySelector('svg');
  const body = drawn?.querySelector<SVGGElement>('g[transform^="translate"]');
  const shift = body?.getAttribute('transform')?.match(/translate\(([-\d.]+),([-\d.]+)\)/);
  if (!drawn || !body || !shift) return;
  const aspect = host.clientWidth > 0 && host.clientHeight > 0 ? host.clientWidth / host.clientHeight : 16 / 9;
  const shown = [...body.querySelectorAll<SVGGraphicsElement>(':scope > g.card, :scope > g.junction, :scope > path, :scope > g.link-label')].filter(
    (element) => !element.classList.contains('cw-present-hidden') && typeof element.getBBox === 'function',
  );
  const fresh = shown.filter((element) => element.classList.contains('cw-present-fresh'));
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const element of aspect < 1 && fresh.length > 0 ? fresh : shown) {
    const box = element.getBBox();
    minX = Math.min(minX, box.x);
    minY = Math.min(minY, box.y);
    maxX = Math.max(maxX, box.x + box.width);
    maxY = Math.max(maxY, box.y + box.height);
  }
  if (!Number.isFinite(minX)) return;
  const pad = 28;
  // At least a card and a quarter across on a phone held upright, three cards on a wide screen.
  const least = aspect < 1 ? 300 : 820;
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

/** The driver's page in a group session (invites made): its presentation can be everyone's. */
export function useCanLead(): boolean {
  return useGroupStore((s) => s.invited === null && s.invites.length > 0);
}

/** "Dana's", or "the driver's" when the file names no driver. */
export function presenterOf(by: string): string {
  return by ? `${by}’s` : 'the driver’s';
}

function Presentation() {
  const treeKey = usePresentation((s) => s.tree);
  const step = usePresentation((s) => s.step);
  const role = usePresentation((s) => s.role);
  const led = usePresentation((s) => s.led);
  const canLead = useCanLead();
  const following = role === 'following';
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
      else if (usePresentation.getState().role === 'following') handled = !(event.ctrlKey || event.metaKey); // the driver steps
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
    // A page following the driver's presentation is not taken full screen: the person chose neither.
    const followed = usePresentation.getState().role === 'following';
    if (!followed && element && typeof element.requestFullscreen === 'function' && !globalThis.document.fullscreenElement) {
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
  useEffect(() => {
    // A phone turned, a window resized: the same step, fitted to the new screen.
    const host = stage.current;
    if (!host || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => fitToShown(host));
    observer.observe(host);
    return () => observer.disconnect();
  }, [svg]);

  if (!tree) return null;
  const { go, stop, lead, follow } = usePresentation.getState();
  const leading = role === 'leading';
  return (
    <div
      ref={root}
      className={`cw-present${following ? ' is-following' : ''}${leading ? ' is-leading' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-label={following ? `Following ${presenterOf(led?.by ?? '')} presentation of the ${TREE_NAMES[tree.key]}` : `Presenting the ${TREE_NAMES[tree.key]}`}
      tabIndex={-1}
      data-testid="presentation"
    >
      {following && (
        <div className="cw-present-follow" role="status" data-testid="following-bar">
          <span className="cw-present-follow-dot" aria-hidden="true" />
          <span className="cw-present-follow-text">Following {presenterOf(led?.by ?? '')} presentation</span>
          <button type="button" className="cw-present-follow-stop" onClick={stop}>
            Stop following
          </button>
        </div>
      )}
      <header className="cw-present-bar">
        <span className="cw-present-title">{TREE_NAMES[tree.key]}</span>
        <span className="cw-present-count" aria-live="off">
          {steps.length === 0 ? 'No steps' : `Step ${at + 1} of ${steps.length}`}
        </span>
        {leading && (
          <span className="cw-present-live" role="status">
            <span className="cw-present-follow-dot" aria-hidden="true" /> Everyone follows
          </span>
        )}
        <span className="cw-present-keys">{following ? 'The presenter steps through · Esc to stop following' : 'PageDown / → next · PageUp / ← back · Esc to leave'}</span>
        <span className="cw-present-spacer" />
        {!following && (canLead || leading) && (
          <button
            type="button"
            className="cw-present-share"
            onClick={() => lead(!leading)}
            aria-pressed={leading}
            aria-label={leading ? 'Stop presenting to everyone' : 'Present to everyone'}
            title={leading ? 'Go on presenting on this screen only' : 'Everyone in the session follows this presentation'}
          >
            <span className="cw-present-long">{leading ? 'Stop presenting to everyone' : 'Present to everyone'}</span>
            <span className="cw-present-short" aria-hidden="true">
              {leading ? 'Stop sharing' : 'Share'}
            </span>
          </button>
        )}
        {!following && role === 'alone' && led && (
          <button type="button" className="cw-present-share" onClick={follow}>
            Follow {led.by || 'the driver'}
          </button>
        )}
        {!following && (
          <>
            <button type="button" className="cw-present-button" onClick={() => go(Math.max(at - 1, 0))} disabled={at === 0} aria-label="Previous step">
              ‹
            </button>
            <button type="button" className="cw-present-button" onClick={() => go(Math.min(at + 1, last))} disabled={at >= last} aria-label="Next step">
              ›
            </button>
            <button type="button" className="cw-present-button" onClick={stop} aria-label={leading ? 'End the presentation for everyone' : 'Leave the presentation'}>
              ✕
            </button>
          </>
        )}
      </header>
      <div ref={stage} className="cw-present-stage" onClick={following ? undefined : () => go(Math.min(at + 1, last))} />
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
