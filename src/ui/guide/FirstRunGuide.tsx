// A short guide beside the built-in example: four steps, each pointing at what to try. Dismissed
// once, it never comes back by itself.
import { useState } from 'react';
import { useDocumentStore } from '../../store/document-store';
import { useLiveStore } from '../../store/live/live-store';
import { showChord } from '../commands/keys';
import { useGuide } from './guide-store';

export const EXAMPLE_FILE_NAME = 'repair-cafe.yaml';

const STEPS: { title: string; text: string }[] = [
  {
    title: 'A built-in example to explore',
    text: 'A repair café’s reasoning in six thinking-process trees, one per tab. Press 1–6 to switch trees; drag the canvas or scroll to move around, F fits the whole tree.',
  },
  {
    title: 'Cards are claims, not facts',
    text: 'Each card says what someone proposed. Its border and its word tell the status: ✓ Accepted, ? Proposed, ! Disputed. Click a card (or use the arrow keys) to read and edit it in the Inspector.',
  },
  {
    title: 'Grow the reasoning',
    text: 'N adds a node, C a cause of the selected node, E an effect. Drag one card onto another to link them. A accepts the selection (asking who endorses), D disputes it.',
  },
  {
    title: 'Everything is on the keyboard',
    text: `${showChord('Ctrl+K')} lists every command, ? shows the shortcuts, ${showChord('Ctrl+F')} finds text in every tree. Open your own file with ${showChord('Ctrl+O')} or drop it on the window.`,
  },
];

export function FirstRunGuide() {
  const fileName = useDocumentStore((s) => s.document?.fileName);
  // A file on disk opened through `causeway open` is the user's own, whatever its name.
  const live = useLiveStore((s) => s.active);
  const dismissed = useGuide((s) => s.dismissed);
  const requested = useGuide((s) => s.requested);
  const [step, setStep] = useState(0);
  if (dismissed || (!requested && (live || fileName !== EXAMPLE_FILE_NAME))) return null;
  const { title, text } = STEPS[step];
  const last = step === STEPS.length - 1;
  return (
    <section className="cw-guide" aria-label="First-run guide" data-step={step + 1}>
      <div className="cw-guide-head">
        <h2>{title}</h2>
        <span className="cw-guide-step">
          {step + 1} of {STEPS.length}
        </span>
      </div>
      <p>{text}</p>
      <div className="cw-guide-actions">
        {step > 0 && (
          <button type="button" className="cw-button" onClick={() => setStep(step - 1)}>
            Back
          </button>
        )}
        {!last && (
          <button type="button" className="cw-button cw-primary" onClick={() => setStep(step + 1)}>
            Next
          </button>
        )}
        <button type="button" className={`cw-button${last ? ' cw-primary' : ''}`} onClick={() => useGuide.getState().dismiss()}>
          {last ? 'Done' : 'Dismiss guide'}
        </button>
      </div>
    </section>
  );
}
