import type { ReactNode } from "react";

export interface StaticPageLayoutProps {
  title: string;
  updated?: string;
  intro: string;
  children: ReactNode;
}

/** The frame of every static page: a readable column of prose. */
export function StaticPageLayout({ title, updated, intro, children }: StaticPageLayoutProps) {
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-6 py-12">
      <h1 className="font-display text-4xl font-bold">{title}</h1>
      {updated ? <p className="mt-2 text-sm text-muted-foreground">Last updated {updated}</p> : null}
      <p className="mt-6 text-lg text-muted-foreground">{intro}</p>
      <div className="mt-10 grid gap-8 text-foreground [&_h2]:mb-3 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-bold [&_li]:ml-5 [&_li]:list-disc [&_li]:text-muted-foreground [&_p]:text-muted-foreground [&_ul]:grid [&_ul]:gap-2">
        {children}
      </div>
    </main>
  );
}
