import { Fragment } from 'react';
import type { Role } from '#common/roles';

/** Dates in the admin tables and dialogs, in the reader's own locale ("Mar 4, 2025"). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? '-'
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A date with its time, for notes and activity entries. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? '-'
    : date.toLocaleString(undefined, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      });
}

export const ROLE_LABELS: Record<Role, string> = { user: 'User', moderator: 'Moderator', admin: 'Admin' };

/** "suspend_user" or "set-role" as a phrase: "Suspend user", "Set role". */
export function formatAction(action: string): string {
  const words = action.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}

/** The server's message when it sent one we can show, else the fallback. */
export function messageOf(error: unknown, fallback = 'Something went wrong'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** An e-mail address that may wrap after "@" and before dots, rather than in the middle of a word. */
export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
