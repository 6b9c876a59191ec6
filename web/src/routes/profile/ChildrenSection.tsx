import { useId, useState, type FormEvent } from 'react';
import type { ChildView } from '#common/api/views';
import { AGE_BANDS, ageBandOptionLabel, DEFAULT_FORM_AGE_BAND, type AgeBand } from '#common/age-bands';
import {
  CHILD_COLOURS,
  CHILD_EMOJIS,
  CHILD_NAME_MAX,
  DEFAULT_CHILD_AVATAR,
  FAMILY_TEXTS,
  MAX_CHILDREN,
  type ChildColour,
  type ChildEmoji,
} from '#common/family';
import { childNameSchema } from '#common/validation/family';
import { firstError } from '#common/validation/accounts';
import { ApiRequestError } from '../../api/client';
import { useAddChild, useDownloadChildData, useRemoveChild, useUpdateChild } from '../../api/family';
import { useProfile } from '../../api/profile';
import { useAuth } from '../../auth/AuthContext';
import { chooseChild, chosenChild } from '../../family/reader-choice';
import { TextField } from '../../components/TextField';
import { saveFile } from '../../components/save-file';
import { toast } from '../../components/toast';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ChildAvatar } from '../../family/ChildAvatar';
import { wizard } from '../create/wizard';
import { wizardOwner } from '../create/wizard-owner';

/** The colours' names, as a grown-up reads them. */
const COLOUR_NAMES: Record<ChildColour, string> = {
  sun: 'Sunshine',
  sky: 'Sky',
  leaf: 'Leaf',
  berry: 'Berry',
  coral: 'Coral',
  lilac: 'Lilac',
};

/** Each picture's name, as a screen reader says it. */
const EMOJI_NAMES: Record<ChildEmoji, string> = {
  '🦊': 'Fox',
  '🐼': 'Panda',
  '🦄': 'Unicorn',
  '🐯': 'Tiger',
  '🐸': 'Frog',
  '🐙': 'Octopus',
  '🦁': 'Lion',
  '🐧': 'Penguin',
  '🐢': 'Turtle',
  '🚀': 'Rocket',
  '🌈': 'Rainbow',
  '⭐': 'Star',
};

const APPROVAL_LABEL = "New stories wait for a grown-up's yes";

/**
 * The family's children (issue 36), on the grown-ups' profile page: each with their picture, name, age band
 * and approval switch, "Add a child", a child's own data download, and removing a child with everything of
 * theirs.
 */
export function ChildrenSection({ children }: { children: ChildView[] }) {
  const [editing, setEditing] = useState<string | 'new'>();
  const [removing, setRemoving] = useState<ChildView>();
  const download = useDownloadChildData();

  async function downloadData(child: ChildView) {
    try {
      const { blob, fileName } = await download.mutateAsync(child.id);
      saveFile(blob, fileName ?? 'story-magic-child-data.json');
      toast.success(`${child.name}'s data has been downloaded`);
    } catch {
      toast.error('Failed to download the data');
    }
  }

  return (
    <section className="card" aria-labelledby="children-heading">
      <h2 id="children-heading">Your children</h2>
      <p className="field__hint">
        Each child has their own library and stories, written for their age. Up to {MAX_CHILDREN} children.
      </p>
      <ul className="children-list">
        {children.map((child) =>
          editing === child.id ? (
            <li key={child.id}>
              <ChildForm child={child} onDone={() => setEditing(undefined)} />
            </li>
          ) : (
            <li key={child.id} className="children-list__item">
              <ChildAvatar child={child} />
              <div className="children-list__about">
                <strong>{child.name}</strong>
                <span>{ageBandOptionLabel(child.ageBand)}</span>
                {child.approvalRequired && <span>New stories wait for your yes</span>}
              </div>
              <div className="children-list__actions">
                <button
                  type="button"
                  className="button button--small button--outline"
                  onClick={() => setEditing(child.id)}
                >
                  Edit<span className="visually-hidden"> {child.name}</span>
                </button>
                <button
                  type="button"
                  className="button button--small button--outline"
                  disabled={download.isPending}
                  onClick={() => void downloadData(child)}
                >
                  Download<span className="visually-hidden"> {child.name}'s data</span>
                </button>
                {children.length > 1 && (
                  <button
                    type="button"
                    className="button button--small button--danger"
                    aria-haspopup="dialog"
                    onClick={() => setRemoving(child)}
                  >
                    Remove<span className="visually-hidden"> {child.name}</span>
                  </button>
                )}
              </div>
            </li>
          ),
        )}
      </ul>
      {editing === 'new' ? (
        <ChildForm onDone={() => setEditing(undefined)} />
      ) : (
        children.length < MAX_CHILDREN && (
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            <span aria-hidden="true">+ </span>
            {FAMILY_TEXTS.addChild}
          </button>
        )
      )}
      {removing && <RemoveChildDialog child={removing} onClose={() => setRemoving(undefined)} />}
    </section>
  );
}

/** A child's name, age band, picture and approval switch: a new child, or one being changed. */
function ChildForm({ child, onDone }: { child?: ChildView; onDone: () => void }) {
  const { userId } = useAuth();
  const { data: profile } = useProfile();
  const add = useAddChild();
  const update = useUpdateChild();
  const [name, setName] = useState(child?.name ?? '');
  const [ageBand, setAgeBand] = useState<AgeBand>(child?.ageBand ?? DEFAULT_FORM_AGE_BAND);
  const [emoji, setEmoji] = useState<ChildEmoji>(child?.emoji ?? DEFAULT_CHILD_AVATAR.emoji);
  const [colour, setColour] = useState<ChildColour>(child?.colour ?? DEFAULT_CHILD_AVATAR.colour);
  const [approvalRequired, setApprovalRequired] = useState(child?.approvalRequired ?? false);
  const busy = add.isPending || update.isPending;
  const id = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    const problem = firstError(childNameSchema.safeParse(name));
    if (problem) return void toast.error(problem);
    const fields = { name: name.trim(), ageBand, emoji, colour, approvalRequired };
    // Each call resolves once the profile has been read again (api/family.ts), so the list shows the change.
    try {
      if (child) await update.mutateAsync({ childId: child.id, update: fields });
      else {
        await add.mutateAsync(fields);
        // A family of one never chose a reader: the child it was reading as stays the reader here, so adding a
        // second child on the profile does not send the parent off to "Who's reading tonight?" (asked at the
        // next sign-in, as for every family of two or more).
        if (userId && profile?.childId && !chosenChild(userId)) chooseChild(userId, profile.childId);
      }
      toast.success(child ? `${fields.name} is updated` : `${fields.name} is added`);
      onDone();
    } catch (error) {
      toast.error(error instanceof ApiRequestError ? error.message : 'Failed to save');
    }
  }

  return (
    <form className="child-form" onSubmit={(event) => void save(event)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{child ? `Edit ${child.name}` : FAMILY_TEXTS.addChild}</h3>
      <TextField
        label="First name or nickname"
        autoComplete="off"
        maxLength={CHILD_NAME_MAX + 10}
        value={name}
        onChange={(e) => setName(e.target.value)}
        hint="Only your family sees it."
      />
      <fieldset className="field choice-group">
        <legend className="field__label">Story Age Range</legend>
        {AGE_BANDS.map((band) => (
          <label key={band} className="choice">
            <input type="radio" name={`${id}-band`} checked={ageBand === band} onChange={() => setAgeBand(band)} />
            <span>{ageBandOptionLabel(band)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="field child-form__pictures">
        <legend className="field__label">Picture</legend>
        {CHILD_EMOJIS.map((each) => (
          <label key={each} className="child-form__picture">
            <input
              type="radio"
              name={`${id}-emoji`}
              className="visually-hidden"
              checked={emoji === each}
              onChange={() => setEmoji(each)}
            />
            <span aria-hidden="true">{each}</span>
            <span className="visually-hidden">{EMOJI_NAMES[each]}</span>
          </label>
        ))}
      </fieldset>
      {/* Each colour shows the picture chosen above in it: the child's picture as it will look. */}
      <fieldset className="field child-form__colours">
        <legend className="field__label">Colour</legend>
        {CHILD_COLOURS.map((each) => (
          <label key={each} className="child-form__colour">
            <input
              type="radio"
              name={`${id}-colour`}
              className="visually-hidden"
              checked={colour === each}
              onChange={() => setColour(each)}
            />
            <ChildAvatar child={{ emoji, colour: each }} />
            <span>{COLOUR_NAMES[each]}</span>
          </label>
        ))}
      </fieldset>
      <label className="choice">
        <input type="checkbox" checked={approvalRequired} onChange={(e) => setApprovalRequired(e.target.checked)} />
        <span>{APPROVAL_LABEL}</span>
      </label>
      <div className="modal__actions">
        <button type="button" className="button button--outline" onClick={onDone} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Saving…' : child ? 'Save' : FAMILY_TEXTS.addChild}
        </button>
      </div>
    </form>
  );
}

function RemoveChildDialog({ child, onClose }: { child: ChildView; onClose: () => void }) {
  const { userId } = useAuth();
  const removal = useRemoveChild();

  async function remove() {
    try {
      await removal.mutateAsync(child.id);
      if (userId) wizard.forget(wizardOwner(userId, child.id)); // their draft holds their hero's name
      toast.success(`${child.name} is removed`);
    } catch (error) {
      toast.error(error instanceof ApiRequestError ? error.message : 'Failed to remove');
      throw error;
    }
  }

  return (
    <ConfirmDialog
      title={`Remove ${child.name}?`}
      confirmLabel={`Remove ${child.name}`}
      busyLabel="Removing…"
      onConfirm={remove}
      onClose={onClose}
    >
      <p>
        This deletes {child.name}&rsquo;s profile, <strong>every story made for {child.name}</strong> with its pictures
        and sound, and {child.name}&rsquo;s library, at once.
      </p>
      <p className="modal__warning">This cannot be undone.</p>
      <p>If you want a copy, download {child.name}&rsquo;s data first.</p>
    </ConfirmDialog>
  );
}
