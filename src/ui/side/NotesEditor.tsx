// Assumptions or challenges of a node or link: each a text and who supplied it (a participant or
// the assistant); edit in place, add, remove.
import { useState } from 'react';
import type { NoteList } from '../../format';
import { commands, editLabel } from '../../store/commands';
import { MULTILINE_HINT, committedText, formEntryKeys } from '../entry/text-entry';
import { AddDisclosure, CancelButton } from './AddDisclosure';
import type { RawNote } from './items';
import { PanelSection } from './PanelSection';
import { mayChangeNote, useOwnCredit } from '../group/own-credit';
import { AuthorSelect, AuthorShown, useFirstAuthor } from './PeoplePicker';
import { useDraft } from './use-draft';

const WORDS: Record<NoteList, { title: string; one: string }> = {
  assumptions: { title: 'Assumptions', one: 'assumption' },
  challenges: { title: 'Challenges', one: 'challenge' },
};

export function NotesEditor({ itemId, list, notes }: { itemId: string; list: NoteList; notes: RawNote[] }) {
  const words = WORDS[list];
  return (
    <PanelSection title={words.title} count={notes.length} testId={list}>
      {notes.length > 0 && (
        <ol className="cw-side-list">
          {notes.map((note, position) => (
            <NoteRow key={note.index} itemId={itemId} list={list} note={note} label={`${words.one} ${position + 1}`} />
          ))}
        </ol>
      )}
      <AddDisclosure label={`Add ${words.one === 'assumption' ? 'an' : 'a'} ${words.one}`}>{(close) => <AddNote itemId={itemId} list={list} one={words.one} onClose={close} />}</AddDisclosure>
    </PanelSection>
  );
}

function NoteRow({ itemId, list, note, label }: { itemId: string; list: NoteList; note: RawNote; label: string }) {
  const text = useDraft(note.text, (value) => commands.updateNote(itemId, list, note.index, { text: value }).ok, [editLabel.note(itemId, list)]);
  // In a group session a participant changes their own notes only; others' are read here.
  const mine = mayChangeNote(useOwnCredit(), note.by);
  return (
    <li className="cw-side-row cw-side-note">
      <label className="cw-side-field cw-side-grow">
        <span className="cw-visually-hidden">Text of {label}</span>
        {mine ? (
          <textarea dir="auto" rows={2} value={text.value} onChange={(event) => text.change(event.target.value)} {...text.keys} aria-invalid={text.blank} title={MULTILINE_HINT} />
        ) : (
          <textarea dir="auto" rows={2} value={note.text} readOnly title="Only its author or the driver changes it" />
        )}
      </label>
      <div className="cw-side-row-foot">
        {mine ? <AuthorSelect label="By" value={note.by} onChange={(by) => commands.updateNote(itemId, list, note.index, { by })} /> : <AuthorShown label="By" id={note.by} />}
        {mine && (
          <button type="button" className="cw-button cw-button-small" onClick={() => commands.removeNote(itemId, list, note.index)} aria-label={`Remove ${label}`}>
            Remove
          </button>
        )}
      </div>
    </li>
  );
}

function AddNote({ itemId, list, one, onClose }: { itemId: string; list: NoteList; one: string; onClose(): void }) {
  const [text, setText] = useState('');
  const [by, setBy] = useFirstAuthor();
  return (
    <form
      className="cw-side-form"
      aria-label={`Add ${one}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (commands.addNote(itemId, list, { text: committedText(text), by }).ok) onClose();
      }}
      onKeyDown={formEntryKeys(onClose)}
    >
      <label className="cw-side-field">
        <span>New {one}</span>
        <textarea dir="auto" rows={2} value={text} onChange={(event) => setText(event.target.value)} placeholder={MULTILINE_HINT} />
      </label>
      <div className="cw-side-row-foot">
        <AuthorSelect label="Supplied by" value={by} onChange={setBy} />
        <button type="submit" className="cw-button cw-button-small">
          Add {one}
        </button>
        <CancelButton onClick={onClose} />
      </div>
    </form>
  );
}
