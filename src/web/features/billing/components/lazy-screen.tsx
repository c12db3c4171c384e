import { type ComponentType, type FunctionComponent, lazy, Suspense } from "react";

/**
 * A billing screen loaded when it is opened. React Router's manifest, which every page loads
 * (the sign-up and invitation pages too), lists each route module's static imports: a billing
 * screen imports dozens of chunks, and the seven of them cost every page about 0.9 KB of gzip.
 * Loaded this way, each billing route names a few small modules instead. Nothing is shown for
 * the moment the screen's code loads (the area's layout stays); the screen then shows its own
 * loading state while it reads its data. A fallback component here would add its imports back.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): FunctionComponent {
  const Screen = lazy(load);
  return function LazyScreen() {
    return (
      <Suspense fallback={null}>
        <Screen />
      </Suspense>
    );
  };
}
