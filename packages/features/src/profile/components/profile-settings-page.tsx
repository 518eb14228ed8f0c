import { useEffect, useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { ChevronRight, Lock, ShieldCheck } from "lucide-react";
import type { ChangePasswordRequest, ProfileUpdate, SessionUser } from "@vicinity/contract";
import { Button, toast } from "@vicinity/ui";
import { currentUserQueryKey, useCurrentUser, useUpdateProfile, useNow } from "@vicinity/features/shared";
import { useChangePassword, useDeleteAccount, useExportMyData } from "../api/account";
import { useDeleteProfilePhoto, useProfilePhotos, useReorderProfilePhotos } from "../api/profile-photos";
import { useEndRightNow, useStartRightNow } from "../api/right-now";
import { aboutDraftOf } from "../model/about-form";
import { errorText } from "../model/error-text";
import { saveFileInBrowser, type SaveFile } from "../model/export-file";
import { makeMainPhoto, movePhoto } from "../model/photo-order";
import { rightNowMinutesLeft } from "../model/right-now";
import { usePhotoUpload } from "../model/use-photo-upload";
import { AboutForm } from "./about-form";
import { AccountActions } from "./account-actions";
import { ChangePasswordForm } from "./change-password-form";
import { DeleteAccountDialog } from "./delete-account-dialog";
import { DevicesSection } from "./devices-section";
import { EmailSection } from "./email-section";
import { PhotosLoadError, PhotosLoading, PhotosSection } from "./photos-section";
import { PrivateModeCard } from "./private-mode-card";
import { ProfileSettingsLayout, ProfileSummary } from "./profile-settings-layout";
import { ProfileSettingsError, ProfileSettingsLoading } from "./profile-settings-status";
import { RightNowCard } from "./right-now-card";
import { SettingsSection } from "./settings-section";

/** "43 more minutes" moves on every half minute; the server ends Right Now by itself at its time. */
const RIGHT_NOW_TICK_MS = 30_000;

function PhotosPanel() {
  const photos = useProfilePhotos();
  const reorder = useReorderProfilePhotos();
  const remove = useDeleteProfilePhoto();
  const [announcement, setAnnouncement] = useState("");
  const upload = usePhotoUpload((fileName) => {
    toast({ title: "Photo added", description: `${fileName} is on your profile now.`, variant: "success" });
  });

  if (photos.isPending) return <PhotosLoading />;
  if (photos.isError) {
    return (
      <PhotosLoadError
        message={errorText(photos.error, "Your photos could not be loaded.")}
        onRetry={() => void photos.refetch()}
        retrying={photos.isFetching}
      />
    );
  }
  const ids = photos.data.map((p) => p.id);
  const failure = reorder.error ?? remove.error;

  function order(next: string[], said: string) {
    remove.reset();
    reorder.mutate(next, { onSuccess: () => setAnnouncement(said) });
  }

  return (
    <PhotosSection
      photos={photos.data}
      upload={upload.state}
      busy={reorder.isPending || remove.isPending}
      error={failure ? errorText(failure, "Your photos could not be changed. Please try again.") : null}
      announcement={announcement}
      onChooseFile={upload.start}
      onRetryUpload={upload.retry}
      onDismissUpload={upload.dismiss}
      onMove={(id, offset) => {
        const next = movePhoto(ids, id, offset);
        order(next, `Photo moved to position ${next.indexOf(id) + 1}.`);
      }}
      onMakeMain={(id) => {
        order(makeMainPhoto(ids, id), "That photo is now your main photo.");
        toast({ title: "Main photo changed", description: "It shows on your card and in the grid." });
      }}
      onDelete={(id) => {
        reorder.reset();
        remove.mutate(id, {
          onSuccess: () => {
            setAnnouncement("Photo deleted.");
            toast({ title: "Photo deleted", variant: "success" });
          },
        });
      }}
    />
  );
}

function AboutPanel({ user }: { user: SessionUser }) {
  const save = useUpdateProfile();
  // A new form whenever the saved profile changes (after a save: what the server kept, trimmed and
  // deduplicated). Right Now and private mode leave these fields, and so the typed ones, alone.
  const saved = JSON.stringify(aboutDraftOf(user));
  return (
    <AboutForm
      key={saved}
      user={user}
      saving={save.isPending}
      error={save.error ? errorText(save.error, "Failed to save profile. Please try again.") : null}
      onSave={(update: ProfileUpdate) =>
        save.mutate(update, {
          onSuccess: () => {
            save.reset();
            toast({
              title: "Profile Updated",
              description: "Your profile has been saved successfully!",
              variant: "success",
            });
          },
        })
      }
    />
  );
}

function RightNowPanel({ user }: { user: SessionUser }) {
  const start = useStartRightNow();
  const end = useEndRightNow();
  const failure = start.error ?? end.error;
  const rightNow = user.rightNow ?? null;
  return (
    // Keyed by the end time: a new Right Now counts down from a fresh clock (and a fresh form).
    <RightNowCountdown key={rightNow?.until ?? "off"} rightNow={rightNow}>
      {(minutesLeft) => (
        <RightNowCard
          active={rightNow && minutesLeft > 0 ? { note: rightNow.note, minutesLeft } : null}
          pending={start.isPending ? "starting" : end.isPending ? "ending" : null}
          error={failure ? errorText(failure, "Right Now could not be changed. Please try again.") : null}
          onStart={(note) => {
            end.reset();
            start.mutate(note, {
              onSuccess: () =>
                toast({
                  title: "You're Right Now",
                  description: "Members nearby can see you're free for the next hour.",
                  variant: "success",
                }),
            });
          }}
          onEnd={() => {
            start.reset();
            end.mutate(undefined, { onSuccess: () => toast({ title: "Right Now ended" }) });
          }}
        />
      )}
    </RightNowCountdown>
  );
}

/** The whole minutes left of his Right Now, ticking; past its end, the member is fetched again. */
function RightNowCountdown({
  rightNow,
  children,
}: {
  rightNow: SessionUser["rightNow"] | null;
  children: (minutesLeft: number) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const now = useNow(RIGHT_NOW_TICK_MS, Boolean(rightNow));
  const minutesLeft = rightNow ? rightNowMinutesLeft(rightNow.until, now) : 0;
  const expired = Boolean(rightNow) && minutesLeft === 0;

  // The server no longer reports it once past: ask again, so every screen agrees.
  useEffect(() => {
    if (expired) void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  }, [expired, queryClient]);

  return <>{children(minutesLeft)}</>;
}

function PrivacyPanel({ user }: { user: SessionUser }) {
  const save = useUpdateProfile();
  const enabled =
    save.isPending && save.variables.privateMode !== undefined ? save.variables.privateMode : Boolean(user.privateMode);
  return (
    <PrivateModeCard
      enabled={enabled}
      saving={save.isPending}
      error={save.error ? errorText(save.error, "Private mode could not be changed. Please try again.") : null}
      onChange={(privateMode) =>
        save.mutate(
          { privateMode },
          {
            onSuccess: () =>
              toast({
                title: privateMode ? "Private mode on" : "Private mode off",
                description: privateMode
                  ? "Your distance is hidden and you are off the map."
                  : "Others can see your distance again.",
                variant: "success",
              }),
          },
        )
      }
    />
  );
}

function AccountPanel({
  user,
  saveFile,
  onAccountDeleted,
}: {
  user: SessionUser;
  saveFile: SaveFile;
  onAccountDeleted: () => void;
}) {
  const password = useChangePassword();
  const exportData = useExportMyData();
  const [passwordVersion, setPasswordVersion] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteAccount(() => {
    toast({ title: "Account deleted", description: "Your account and everything in it are gone. Take care." });
    onAccountDeleted();
  });

  return (
    <SettingsSection
      id="account"
      title="Account & security"
      icon={<ShieldCheck />}
      description="Your address, your password, your devices, your data, your account."
    >
      <div className="grid gap-6">
        <EmailSection email={user.email} verified={user.emailVerified !== false} />
        <div className="border-t border-border pt-6">
          <ChangePasswordForm
            key={passwordVersion}
            busy={password.isPending}
            error={
              password.error ? errorText(password.error, "Your password could not be changed. Please try again.") : null
            }
            onSubmit={(request: ChangePasswordRequest) =>
              password.mutate(request, {
                onSuccess: () => {
                  password.reset();
                  setPasswordVersion((v) => v + 1);
                  toast({
                    title: "Password changed",
                    description: "Other devices have been signed out.",
                    variant: "success",
                  });
                },
              })
            }
          />
        </div>
        <div className="grid gap-2 border-t border-border pt-6">
          <h3 className="font-semibold">Signed-in devices</h3>
          <DevicesSection />
        </div>
        <div className="border-t border-border pt-6">
          <AccountActions
            exporting={exportData.isPending}
            exportError={
              exportData.error
                ? errorText(exportData.error, "Your data could not be exported. Please try again.")
                : null
            }
            onExport={() =>
              exportData.mutate(undefined, {
                onSuccess: ({ blob, filename }) => {
                  saveFile(blob, filename);
                  toast({ title: "Your data is downloading", description: filename, variant: "success" });
                },
              })
            }
            onDeleteAccount={() => {
              remove.reset();
              setDeleting(true);
            }}
          />
        </div>
      </div>
      <DeleteAccountDialog
        open={deleting}
        onOpenChange={setDeleting}
        deleting={remove.isPending}
        error={remove.error ? errorText(remove.error, "Your account could not be deleted. Please try again.") : null}
        onConfirm={(pw) => remove.mutate({ password: pw })}
      />
    </SettingsSection>
  );
}

export interface ProfileSettingsPageProps {
  /** How the export reaches the person (the browser's download by default; stories watch it). */
  saveFile?: SaveFile;
  /** After the account is deleted (and the cache cleared): "/" by default. */
  onAccountDeleted?: () => void;
}

/** Where his private albums are kept (decisions/0046): never on the profile, so not in its photos. */
function PrivateAlbumsLink() {
  return (
    <SettingsSection
      id="private-albums"
      title="Private albums"
      icon={<Lock />}
      description="Pictures you share one at a time, never on your profile."
    >
      <Button variant="secondary" asChild>
        <Link to="/albums">
          Private albums <ChevronRight aria-hidden />
        </Link>
      </Button>
    </SettingsSection>
  );
}

/** /profile (members only): photos, about you, Right Now, private mode, password, export, delete. */
export function ProfileSettingsPage({ saveFile = saveFileInBrowser, onAccountDeleted }: ProfileSettingsPageProps) {
  const user = useCurrentUser();
  const navigate = useNavigate();

  if (user.isPending) return <ProfileSettingsLoading />;
  if (user.isError && !user.data) {
    return (
      <ProfileSettingsError
        message={errorText(user.error, "Your profile could not be loaded. Please try again.")}
        onRetry={() => void user.refetch()}
        retrying={user.isFetching}
      />
    );
  }
  // Signed out meanwhile (the account was just deleted, say): the route's guard takes over.
  if (!user.data) return null;
  const me = user.data;

  return (
    <ProfileSettingsLayout
      summary={<ProfileSummary user={me} rightNow={Boolean(me.rightNow)} />}
      photos={
        <>
          <PhotosPanel />
          <PrivateAlbumsLink />
        </>
      }
      about={<AboutPanel user={me} />}
      rightNow={<RightNowPanel user={me} />}
      privacy={<PrivacyPanel user={me} />}
      account={
        <AccountPanel
          user={me}
          saveFile={saveFile}
          onAccountDeleted={onAccountDeleted ?? (() => void navigate("/", { replace: true }))}
        />
      }
    />
  );
}
