import { createContext, useContext } from "react";

/**
 * A full page load at a path (spec section 4: sign-in on /join and anonymous browsing reload
 * at "/", so that every part of the app starts again from the new session). Injectable so that
 * stories and tests can observe it instead of reloading their frame.
 */
export type FullReload = (path: string) => void;

export const FullReloadContext = createContext<FullReload>((path) => window.location.assign(path));

export function useFullReload(): FullReload {
  return useContext(FullReloadContext);
}

/**
 * How long a toast that announces the reload stays readable before the page goes ('Account
 * Created!', 'Browsing anonymously - limited features available'): a reload at once would
 * remove it before anyone could read it.
 */
export const RELOAD_AFTER_TOAST_MS = 1200;

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
