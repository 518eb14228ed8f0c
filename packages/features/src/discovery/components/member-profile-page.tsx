import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { UserX } from "lucide-react";
import { Button, EmptyState, Skeleton, toast } from "@vicinity/ui";
import {
  ApiError,
  serverMessageOr,
  displayNameOf,
  ReportMemberDialog,
  SignalButtons,
  useBlockMember,
  useReportMember,
  useAlbumSlots,
} from "@vicinity/features/shared";
import { useMember } from "../api/member";
import { MemberProfileView } from "./member-profile-view";

export interface MemberProfilePageProps {
  /** Stories pass the id; the app reads it from /members/:id. */
  memberId?: string;
}

/** /members/:id: the member profile with Message, Block and Report. */
export function MemberProfilePage({ memberId }: MemberProfilePageProps) {
  const params = useParams();
  const id = memberId ?? params.id ?? "";
  const navigate = useNavigate();
  const member = useMember(id);
  const block = useBlockMember(id);
  const report = useReportMember(id);
  const [reporting, setReporting] = useState(false);
  const albumSlots = useAlbumSlots();
  const back = () => void navigate(-1);

  if (member.status === "pending") {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-6 px-3 py-8 sm:px-6 md:grid-cols-2" aria-busy="true">
        <p role="status" className="sr-only">
          Loading profile...
        </p>
        <Skeleton className="aspect-[4/5] w-full rounded-xl" />
        <div className="grid content-start gap-3">
          <Skeleton className="h-9 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-24 w-full" />
        </div>
      </div>
    );
  }

  if (member.status === "error") {
    const missing = member.error instanceof ApiError && member.error.status === 404;
    return (
      <main className="flex flex-1 items-center justify-center px-4 py-12">
        <EmptyState
          icon={<UserX className="size-8" aria-hidden />}
          title={missing ? "Member not found" : "Couldn't load this profile"}
          description={
            missing ? (
              "He may have left, or his profile is no longer available to you."
            ) : (
              <span role="alert">{serverMessageOr(member.error, member.error.message)}</span>
            )
          }
          action={
            missing ? (
              <Button onClick={() => void navigate("/")}>Back to discovery</Button>
            ) : (
              <Button onClick={() => void member.refetch()}>Try again</Button>
            )
          }
        />
      </main>
    );
  }

  const profile = member.data;
  const name = displayNameOf(profile);

  function setBlocked(blocked: boolean, reported = false) {
    block.mutate(blocked, {
      onSuccess: () => {
        toast({
          title: reported ? "Thanks for reporting" : blocked ? `Blocked ${name}` : `Unblocked ${name}`,
          description: reported
            ? `Our team will review it. ${name} is blocked: you won't see each other any more.`
            : blocked
              ? "You won't see each other any more."
              : "You can see each other again.",
        });
        if (blocked) void navigate("/", { replace: true });
      },
      onError: (error) =>
        toast({
          variant: "destructive",
          title: blocked ? "Couldn't block" : "Couldn't unblock",
          description: serverMessageOr(error, "Please try again."),
        }),
    });
  }

  return (
    <main className="flex-1">
      <MemberProfileView
        profile={profile}
        onBack={back}
        onMessage={() => void navigate(`/messages?to=${encodeURIComponent(profile.id)}`)}
        onBlock={(blocked) => setBlocked(blocked)}
        onReport={() => {
          report.reset();
          setReporting(true);
        }}
        blocking={block.isPending}
        signals={<SignalButtons memberId={profile.id} name={name} signals={profile.signals} />}
        albums={albumSlots?.profile(profile.id)}
      />
      <ReportMemberDialog
        open={reporting}
        onOpenChange={setReporting}
        name={name}
        submitting={report.isPending}
        error={report.error ? serverMessageOr(report.error, "Couldn't send the report. Please try again.") : null}
        onSubmit={({ alsoBlock, ...body }) =>
          report.mutate(body, {
            onSuccess: () => {
              setReporting(false);
              if (alsoBlock && !profile.isBlocked) setBlocked(true, true);
              else toast({ title: "Thanks for reporting", description: "Our team will review it." });
            },
          })
        }
      />
    </main>
  );
}
