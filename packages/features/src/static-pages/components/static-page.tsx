import { Suspense } from "react";
import type { StaticPageEntry } from "../static-pages";
import { StaticPageLoading } from "./static-page-loading";

/** A static page with its loading state while its chunk arrives. */
export function StaticPage({ entry }: { entry: StaticPageEntry }) {
  const { Page, name } = entry;
  return (
    <Suspense fallback={<StaticPageLoading name={name} />}>
      <Page />
    </Suspense>
  );
}
