import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { ProfileUpdate } from "@vicinity/contract";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, Progress, toast } from "@vicinity/ui";
import {
  currentUserQueryOptions,
  useUpdateLocation,
  useUpdateProfile,
  GEOLOCATION_OPTIONS,
} from "@vicinity/features/shared";
import { ONBOARDING_COMPLETED_KEY, onboardingProgress, type OnboardingStep } from "../model/onboarding";
import { FeaturesStep, LocationStep, ProfileStep, WelcomeStep, type ProfileDraft } from "./onboarding-steps";

const TITLES: Record<OnboardingStep, string> = {
  0: "Welcome to Vicinity",
  1: "Tell us about you",
  2: "Who's around you?",
  3: "You're all set",
};

export interface OnboardingModalProps {
  open: boolean;
  onClose: () => void;
  /** The device's geolocation (stories and tests pass a fake); null means the browser has none. */
  geolocation?: Geolocation | null;
  initialStep?: OnboardingStep;
}

function toUpdate(draft: ProfileDraft): ProfileUpdate {
  return {
    firstName: draft.firstName.trim(),
    ...(draft.age === "" ? {} : { age: draft.age }),
    bio: draft.bio,
    interests: draft.interests,
    ...(draft.bodyType ? { bodyType: draft.bodyType as ProfileUpdate["bodyType"] } : {}),
    ...(draft.role ? { role: draft.role as ProfileUpdate["role"] } : {}),
  };
}

/** The onboarding modal (spec sections 2, 4 and 8): four steps and every transition between them. */
export function OnboardingModal({
  open,
  onClose,
  geolocation = typeof navigator === "undefined" || !("geolocation" in navigator) ? null : navigator.geolocation,
  initialStep = 0,
}: OnboardingModalProps) {
  const [step, setStep] = useState<OnboardingStep>(initialStep);
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const queryClient = useQueryClient();
  const profile = useUpdateProfile();
  const location = useUpdateLocation();

  /**
   * Completing (finishing, skipping, outside click, Escape): the flag, then a fresh current user.
   * Only a finished onboarding says his profile is ready (a skipped one left it empty); a current
   * user that cannot be fetched is the spec's failure, either way.
   */
  async function complete(how: "finished" | "skipped") {
    setFinishing(true);
    window.localStorage.setItem(ONBOARDING_COMPLETED_KEY, "true");
    try {
      // Fetched now (not only refetched where something shows it), and its failure seen.
      await queryClient.fetchQuery({ ...currentUserQueryOptions, staleTime: 0 });
      if (how === "finished")
        toast({
          title: "Welcome!",
          description: "Your profile is ready. Start discovering amazing people!",
          variant: "success",
        });
    } catch {
      toast({ title: "Error", description: "Failed to complete setup. Please try again.", variant: "destructive" });
    } finally {
      setFinishing(false);
      onClose();
    }
  }

  function saveProfile(draft: ProfileDraft) {
    profile.mutate(toUpdate(draft), {
      onSuccess: () => {
        toast({
          title: "Profile Updated",
          description: "Your profile has been saved successfully!",
          variant: "success",
        });
        setStep(2);
      },
      onError: () =>
        toast({ title: "Error", description: "Failed to save profile. Please try again.", variant: "destructive" }),
    });
  }

  function enableLocation() {
    setLocationError(null);
    if (!geolocation) {
      toast({ title: "Location Not Supported", description: "Your browser doesn't support location services." });
      setStep(3);
      return;
    }
    setLocating(true);
    geolocation.getCurrentPosition(
      (position) => {
        location.mutate(
          { latitude: position.coords.latitude, longitude: position.coords.longitude },
          {
            onSuccess: () => setStep(3),
            // Stays on the step with the error, so the member can retry or skip.
            onError: () => setLocationError("Failed to save location. Please try again."),
            onSettled: () => setLocating(false),
          },
        );
      },
      () => {
        setLocating(false);
        toast({ title: "Location Access Denied", description: "You can enable location later in settings." });
        setStep(3);
      },
      GEOLOCATION_OPTIONS,
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Outside click and Escape count as skipping: they complete onboarding.
        if (!next) void complete("skipped");
      }}
    >
      <DialogContent className="max-h-[92dvh] max-w-lg overflow-y-auto">
        <DialogHeader>
          <Progress value={onboardingProgress(step)} aria-label={`Step ${step + 1} of 4`} className="mb-3" />
          <DialogTitle>{TITLES[step]}</DialogTitle>
          <DialogDescription>Step {step + 1} of 4</DialogDescription>
        </DialogHeader>
        {step === 0 ? <WelcomeStep onStart={() => setStep(1)} onSkip={() => void complete("skipped")} /> : null}
        {step === 1 ? <ProfileStep saving={profile.isPending} onBack={() => setStep(0)} onSave={saveProfile} /> : null}
        {step === 2 ? (
          <LocationStep busy={locating} error={locationError} onEnable={enableLocation} onSkip={() => setStep(3)} />
        ) : null}
        {step === 3 ? <FeaturesStep busy={finishing} onFinish={() => void complete("finished")} /> : null}
      </DialogContent>
    </Dialog>
  );
}
