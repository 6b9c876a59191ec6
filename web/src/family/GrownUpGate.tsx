import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { PageSpinner } from '../components/PageSpinner';
import { useModalDialog } from '../components/useModalDialog';
import { grownUpToken, useGrownUpUnlocked } from './grown-up-grant';

// Its form loads when first shown: most visits never meet the gate.
const GrownUpsOnly = lazy(async () => ({ default: (await import('./GrownUpsOnly')).GrownUpsOnly }));

type GrownUpGate = {
  /** Resolves true once a grown-up unlocked this tab (at once when one already did), false if they did not. */
  askGrownUp(): Promise<boolean>;
};

const GateContext = createContext<GrownUpGate | undefined>(undefined);

/**
 * Asks "Grown-ups only" in a dialog before an action a child should not take alone (sharing beyond the
 * family, saying yes to a story): `const { askGrownUp } = useGrownUpGate(); if (await askGrownUp()) …`.
 */
export function GrownUpGateProvider({ children }: { children: ReactNode }) {
  const { userId } = useAuth();
  const [asking, setAsking] = useState(false);
  const answer = useRef<(unlocked: boolean) => void>(undefined);

  const askGrownUp = useCallback(() => {
    if (grownUpToken(userId)) return Promise.resolve(true);
    answer.current?.(false);
    setAsking(true);
    return new Promise<boolean>((resolve) => (answer.current = resolve));
  }, [userId]);

  const finish = (unlocked: boolean) => {
    setAsking(false);
    answer.current?.(unlocked);
    answer.current = undefined;
  };
  const value = useMemo(() => ({ askGrownUp }), [askGrownUp]);
  return (
    <GateContext.Provider value={value}>
      {children}
      {asking && (
        // The dialog opens once its form is there, so the focus lands in the form.
        <Suspense fallback={null}>
          <GrownUpDialog onDone={finish} />
        </Suspense>
      )}
    </GateContext.Provider>
  );
}

function GrownUpDialog({ onDone }: { onDone: (unlocked: boolean) => void }) {
  const dialog = useModalDialog();
  const unlocked = useRef(false);
  return (
    <dialog ref={dialog} className="modal" aria-labelledby="grown-ups-title" onClose={() => onDone(unlocked.current)}>
      <GrownUpsOnly
        headingLevel={2}
        headingId="grown-ups-title"
        onUnlocked={() => {
          unlocked.current = true;
          dialog.current?.close();
        }}
        onCancel={() => dialog.current?.close()}
        cancelLabel="Cancel"
      />
    </dialog>
  );
}

export function useGrownUpGate(): GrownUpGate {
  const gate = useContext(GateContext);
  if (!gate) throw new Error('useGrownUpGate() outside <GrownUpGateProvider>');
  return gate;
}

/**
 * A screen only a grown-up opens (the profile, feedback, "Waiting for you"): until one unlocks this tab, the
 * screen is "Grown-ups only" itself. The server refuses the screen's calls without the grant either way.
 */
export function RequireGrownUp() {
  const { userId } = useAuth();
  const unlocked = useGrownUpUnlocked(userId);
  const navigate = useNavigate();
  if (unlocked) return <Outlet />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <div className="page page--narrow">
        <div className="card">
          <GrownUpsOnly
            headingLevel={1}
            headingId="grown-ups-heading"
            onUnlocked={() => undefined /* the grant's store re-renders this screen */}
            onCancel={() => navigate('/home')}
            cancelLabel="Back to stories"
          />
        </div>
      </div>
    </Suspense>
  );
}
