import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { useAuth } from "@vicinity/features/shared";
import { usePageHandle } from "../model/page-handle";
import { AccessScreen } from "./access-screen";
import { AdminSectionNav } from "./admin-section-nav";
import { FullPageLoading } from "./full-page-status";

/** Member-only pages: visitors are asked to sign in, guests to sign up (decisions.md, Roles). */
export function RequireMember({ page, children }: { page: string; children: ReactNode }) {
  const auth = useAuth();
  if (auth.status === "loading") return <FullPageLoading label="Loading Vicinity..." />;
  if (auth.status === "member") return <>{children}</>;
  return <AccessScreen reason={auth.status === "anonymous" ? "guest" : "visitor"} page={page} />;
}

/** Admin pages: the client guards them from the server's account role; the server answers 403 anyway. */
export function RequireAdmin({ page, children }: { page: string; children: ReactNode }) {
  const auth = useAuth();
  if (auth.status === "loading") return <FullPageLoading label="Loading Vicinity..." />;
  if (auth.status !== "member")
    return <AccessScreen reason={auth.status === "anonymous" ? "guest" : "visitor"} page={page} />;
  if (auth.user.accountRole !== "admin") return <AccessScreen reason="not-admin" page={page} />;
  return <>{children}</>;
}

/** The layout route around the member-only pages: the guard once, the page named by its handle. */
export function MemberPages() {
  const { page = "this page" } = usePageHandle();
  return (
    <RequireMember page={page}>
      <Outlet />
    </RequireMember>
  );
}

/** The layout route around the admin pages: the guard once, the admin sections' links, the page. */
export function AdminPages() {
  const { page = "The admin panel" } = usePageHandle();
  return (
    <RequireAdmin page={page}>
      <main className="mx-auto grid w-full max-w-6xl flex-1 content-start gap-6 px-3 py-4 sm:px-6">
        <AdminSectionNav />
        <Outlet />
      </main>
    </RequireAdmin>
  );
}
