import { Link } from "react-router";
import { Lock, ShieldAlert } from "lucide-react";
import { Button, EmptyState } from "@vicinity/ui";

export interface AccessScreenProps {
  /** visitor: must sign in; guest: must sign up; member: an admin-only page. */
  reason: "visitor" | "guest" | "not-admin";
  page: string;
}

/** What a route shows to someone not allowed there, instead of a blank page or a 404. */
export function AccessScreen({ reason, page }: AccessScreenProps) {
  if (reason === "not-admin") {
    return (
      <main className="flex flex-1 items-center justify-center px-6 py-16">
        <EmptyState
          level={1}
          icon={<ShieldAlert className="size-8" aria-hidden />}
          title="Not allowed"
          description={`${page} is for admins only.`}
          action={
            <Button asChild variant="outline">
              <Link to="/">Back to Home</Link>
            </Button>
          }
        />
      </main>
    );
  }
  return (
    <main className="flex flex-1 items-center justify-center px-6 py-16">
      <EmptyState
        level={1}
        icon={<Lock className="size-8" aria-hidden />}
        title={reason === "guest" ? "Members only" : "Sign in to continue"}
        description={
          reason === "guest"
            ? `${page} is for members. Sign up for full access: it takes a minute and it's free.`
            : `Sign in or join Vicinity to see ${page}.`
        }
        action={
          <div className="flex flex-wrap justify-center gap-3">
            {reason === "visitor" ? (
              <Button asChild variant="outline">
                <Link to="/auth">Sign In</Link>
              </Button>
            ) : null}
            <Button asChild>
              <Link to="/join">Sign Up for Full Access</Link>
            </Button>
          </div>
        }
      />
    </main>
  );
}
