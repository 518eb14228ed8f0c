import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { useAuth } from "@vicinity/features/session";
import { usePageHandle } from "../model/page-handle";
import { AccessScreen } from "./access-screen";
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
  if (auth.status !== "member") return <AccessScreen reason={auth.status === "anonymous" ? "guest" : "visitor"} page={page} />;
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

/** The layout route around the admin pages (/admin, /admin/ads, /admin/analytics). */
export function AdminPages() {
  const { page = "The admin panel" } = usePageHandle();
  return (
    <RequireAdmin page={page}>
      <Outlet />
    </RequireAdmin>
  );
}
