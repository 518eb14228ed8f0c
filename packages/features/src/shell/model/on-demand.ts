import { createElement, lazy, useState, type ComponentType } from "react";

/** A module that arrives when it is first asked for; `loaded()` has it once it has arrived. */
export interface OnDemandModule<M> {
  (): Promise<M>;
  loaded: () => M | undefined;
}

/**
 * Wraps a dynamic import: one request however often it is asked for (a failed one may be asked
 * again), and the module at hand once it has arrived.
 */
export function onDemandModule<M>(load: () => Promise<M>): OnDemandModule<M> {
  let promise: Promise<M> | undefined;
  let module: M | undefined;
  const get = () =>
    (promise ??= load().then(
      (m) => (module = m),
      (error: unknown) => {
        promise = undefined;
        throw error;
      },
    ));
  return Object.assign(get, { loaded: () => module });
}

/**
 * A component whose code comes on demand, like React.lazy, but drawn at once when its module has
 * already arrived (docs/decisions/0028). React.lazy suspends on its first render
 * whatever its promise's state; React then commits the Suspense fallback and reveals the content
 * no sooner than 300 ms later (its throttle of Suspense reveals). At the member's first load the
 * home's modules are asked for before the first render (startFirstLoad), and have arrived by the
 * time his session is known, so his session, header and home draw in that render.
 */
export function onDemand<M, P extends object>(
  module: OnDemandModule<M>,
  pick: (m: M) => ComponentType<P>,
): ComponentType<P> {
  const Lazy = lazy(() => module().then((m) => ({ default: pick(m) })));
  function OnDemand(props: P) {
    // Chosen once per mount: a component whose type changed between renders would be remounted.
    const [Component] = useState<ComponentType<P>>(() => {
      const m = module.loaded();
      return m === undefined ? Lazy : pick(m);
    });
    return createElement(Component, props);
  }
  return OnDemand;
}
