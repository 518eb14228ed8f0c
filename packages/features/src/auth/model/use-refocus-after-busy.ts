import { useEffect, useRef } from "react";

/**
 * A button that is disabled while its action runs loses the keyboard focus (the browser moves it
 * to the page). When the action ends without leaving the page (an error, say), give the focus
 * back to the button, so that a keyboard user is where he was.
 */
export function useRefocusAfterBusy<T extends HTMLElement>(busy: boolean) {
  const ref = useRef<T>(null);
  const wasBusy = useRef(busy);
  useEffect(() => {
    const active = document.activeElement;
    if (wasBusy.current && !busy && (active === null || active === document.body)) ref.current?.focus();
    wasBusy.current = busy;
  }, [busy]);
  return ref;
}
