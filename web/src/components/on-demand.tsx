import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A component downloaded when it is first shown, not with the screen that may show it: nothing in its place
 * until then (a few milliseconds, once).
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Component = lazy(async () => ({ default: await load() }));
  return function OnDemand(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };
}
