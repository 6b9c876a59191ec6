import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LIMITS } from '#common/limits';
import { refreshProfile, useProfile } from '../api/profile';
import { LibraryFullDialog } from './dialogs';

/** SPEC §2: "Create" goes to /create/01, or opens the Library Full dialog when the library is full. */
export function CreateStoryLink({ className, children }: { className: string; children: ReactNode }) {
  const { data: profile } = useProfile();
  const queryClient = useQueryClient();
  const [fullCount, setFullCount] = useState<number>();
  return (
    <>
      <Link
        to="/create/01"
        className={className}
        onClick={(event) => {
          const count = profile?.libraryCount ?? 0;
          if (count >= LIMITS.libraryCapacity) {
            event.preventDefault();
            setFullCount(count);
          }
          void refreshProfile(queryClient); // the count may have changed in another tab
        }}
      >
        {children}
      </Link>
      {fullCount !== undefined && <LibraryFullDialog count={fullCount} onClose={() => setFullCount(undefined)} />}
    </>
  );
}
