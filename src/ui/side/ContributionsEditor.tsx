// Who had the idea: each contribution's person, attribution and mode can be corrected, and
// contributors added or removed. Authorship only; it never changes the status. In a group session
// this is the driver's: a participant's page shows it read-only (the server would refuse a change).
import { useState } from 'react';
import { ATTRIBUTIONS, MODES, type Attribution, type Mode } from '../../format';
import { attributionLabel, modeLabel, termTip } from '../words';
import type { Json } from '../../format';
import { asYaml } from './ItemYaml';
import { commands } from '../../store/commands';
import { formEntryKeys } from '../entry/text-entry';
import { AddDisclosure, CancelButton } from './AddDisclosure';
import type { RawContribution } from './items';
import { PanelSection } from './PanelSection';
import { useOwnCredit } from '../group/own-credit';
import { AuthorSelect, AuthorShown } from './PeoplePicker';

export function ContributionsEditor({ itemId, contributions }: { itemId: string; contributions: RawContribution[] }) {
  if (useOwnCredit()) return <ContributionsShown contributions={contributions} />;
  return (
    <PanelSection title="Contributions" count={contributions.length} testId="contributions">
      {contributions.length > 0 && (
        <div className="cw-side-grid-head" aria-hidden="true">
          <span>Who had the idea</span>
          <span>Attribution</span>
          <span>Mode</span>
        </div>
      )}
      <ol className="cw-side-list">
        {contributions.map((c, position) => (
          <li key={c.index} className="cw-side-contribution">
            <AuthorSelect label={`Contributor ${position + 1}`} hideLabel value={c.by} onChange={(by) => commands.updateContribution(itemId, c.index, { by })} />
            <ChoiceSelect
              label={`Attribution of contribution ${position + 1}`}
              hideLabel
              value={c.attribution}
              options={ATTRIBUTIONS}
              field="attribution"
              words={attributionLabel}
              onChange={(attribution) => commands.updateContribution(itemId, c.index, { attribution: attribution as Attribution })}
            />
            <ChoiceSelect label={`Mode of contribution ${position + 1}`} hideLabel value={c.mode} options={MODES} field="mode" words={modeLabel} onChange={(mode) => commands.updateContribution(itemId, c.index, { mode: mode as Mode })} />
            <button
              type="button"
              className="cw-side-remove"
              onClick={() => commands.removeContribution(itemId, c.index)}
              aria-label={`Remove contribution ${position + 1} (${c.by})`}
              title="Remove this contribution"
            >
              ✕
            </button>
            <ContributionExtra extra={c.extra} position={position + 1} />
          </li>
        ))}
      </ol>
      <AddDisclosure label="Add a contributor">{(close) => <AddContribution itemId={itemId} onClose={close} />}</AddDisclosure>
    </PanelSection>
  );
}

/** The contributions as text, for a participant's or an observer's page: who had the idea is the driver's to change. */
export function ContributionsShown({ contributions }: { contributions: RawContribution[] }) {
  return (
    <PanelSection title="Contributions" count={contributions.length} testId="contributions">
      <ol className="cw-side-list">
        {contributions.map((c, position) => (
          <li key={c.index} className="cw-side-contribution is-read-only">
            <AuthorShown label={`Contributor ${position + 1}`} hideLabel id={c.by} />
            <span title={termTip('attribution', c.attribution)}>{c.attribution ? attributionLabel(c.attribution) : '(no attribution)'}</span>
            <span title={termTip('mode', c.mode)}>{c.mode ? modeLabel(c.mode) : '(no mode)'}</span>
            <ContributionExtra extra={c.extra} position={position + 1} />
          </li>
        ))}
      </ol>
      <p className="cw-side-hint">Who had the idea is the driver’s to change in a group session.</p>
    </PanelSection>
  );
}

function AddContribution({ itemId, onClose }: { itemId: string; onClose(): void }) {
  const [by, setBy] = useState('');
  const [attribution, setAttribution] = useState('');
  const [mode, setMode] = useState<string>('text');
  return (
    <form
      className="cw-side-form"
      aria-label="Add a contributor"
      onSubmit={(event) => {
        event.preventDefault();
        const input = { by, mode: mode as Mode, ...(attribution ? { attribution: attribution as Attribution } : {}) };
        if (commands.addContribution(itemId, input).ok) onClose();
      }}
      onKeyDown={formEntryKeys(onClose)}
    >
      <div className="cw-side-inline-form">
        <AuthorSelect label="Who" value={by} onChange={setBy} />
        <ChoiceSelect label="Attribution" value={attribution} options={['', ...ATTRIBUTIONS]} field="attribution" words={(a) => (a === '' ? 'the usual (from who it is)' : attributionLabel(a))} onChange={setAttribution} />
        <ChoiceSelect label="Mode" value={mode} options={MODES} field="mode" words={modeLabel} onChange={setMode} />
      </div>
      <div className="cw-side-actions">
        <button type="submit" className="cw-button cw-button-small">
          Add contributor
        </button>
        <CancelButton onClick={onClose} />
      </div>
    </form>
  );
}

/** A contribution's other fields, read-only: its note first (changing who had the idea while a
 *  note says otherwise would leave the file contradicting itself, so the note is in sight). */
function ContributionExtra({ extra, position }: { extra: Record<string, Json>; position: number }) {
  const { note, ...rest } = extra;
  if (note === undefined && Object.keys(rest).length === 0) return null;
  return (
    <div className="cw-side-contribution-extra" data-testid={`contribution-extra-${position}`}>
      {note !== undefined && (
        <p className="cw-side-note-text" title="In the file: note (kept as it is; Edit as YAML below changes it)">
          <span className="cw-side-extra-label">Note:</span> {typeof note === 'string' ? note : asYaml(note)}
        </p>
      )}
      {Object.keys(rest).length > 0 && <pre className="cw-side-yaml">{asYaml(rest)}</pre>}
    </div>
  );
}

/** A choice among the format's terms, each shown in words; the term itself is in the tooltip. */
function ChoiceSelect({ label, hideLabel, value, options, field, words, onChange }: { label: string; hideLabel?: boolean; value: string; options: readonly string[]; field: string; words(term: string): string; onChange(value: string): void }) {
  return (
    <label className="cw-side-field">
      <span className={hideLabel ? 'cw-visually-hidden' : undefined}>{label}</span>
      <select value={value} title={value ? termTip(field, value) : undefined} onChange={(event) => onChange(event.target.value)}>
        {!options.includes(value) && <option value={value}>{value ? words(value) : '(missing)'}</option>}
        {options.map((option) => (
          <option key={option} value={option} title={option ? termTip(field, option) : undefined}>
            {words(option)}
          </option>
        ))}
      </select>
    </label>
  );
}
