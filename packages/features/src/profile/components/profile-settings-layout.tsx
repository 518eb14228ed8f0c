import type { ReactNode } from "react";
import { EyeOff, Zap } from "lucide-react";
import type { SessionUser } from "@vicinity/contract";
import { Avatar, Badge } from "@vicinity/ui";
import { avatarUrl } from "@vicinity/features/shared";

/** The member as others see him at a glance: main photo, name, age, and what is switched on. */
export function ProfileSummary({ user, rightNow }: { user: SessionUser; rightNow: boolean }) {
  const name = user.displayName || user.firstName || user.username;
  return (
    <div className="flex min-w-0 items-center gap-4">
      <Avatar name={name} src={user.profileImageUrl ? avatarUrl(user.profileImageUrl, 112) : undefined} size="lg" />
      <div className="grid min-w-0 gap-1">
        <h1 className="font-display text-2xl font-bold sm:text-3xl">Profile Settings</h1>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <span className="truncate font-medium text-foreground" data-testid="summary-name">
            {name}
            {user.age ? `, ${user.age}` : ""}
          </span>
          <span>@{user.username}</span>
          {rightNow ? (
            <Badge variant="accent">
              <Zap aria-hidden />
              Right Now
            </Badge>
          ) : null}
          {user.privateMode ? (
            <Badge variant="outline">
              <EyeOff aria-hidden />
              Private
            </Badge>
          ) : null}
        </p>
      </div>
    </div>
  );
}

export interface ProfileSettingsLayoutProps {
  summary: ReactNode;
  photos: ReactNode;
  about: ReactNode;
  rightNow: ReactNode;
  privacy: ReactNode;
  account: ReactNode;
}

/**
 * One column on phones and tablets (photos, about, Right Now, privacy, account); on desktop the
 * profile on the left and the switches and the account on the right.
 */
export function ProfileSettingsLayout({
  summary,
  photos,
  about,
  rightNow,
  privacy,
  account,
}: ProfileSettingsLayoutProps) {
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-3 py-6 sm:px-6 sm:py-8">
      <header className="mb-6 px-1">{summary}</header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="grid min-w-0 gap-6">
          {photos}
          {about}
        </div>
        <div className="grid min-w-0 gap-6">
          {rightNow}
          {privacy}
          {account}
        </div>
      </div>
    </main>
  );
}
