import { useState, type KeyboardEvent } from "react";
import { Compass, EyeOff, MapPin, MessageCircle, Sparkles, X, Zap } from "lucide-react";
import { BODY_TYPES, POSITIONS } from "@vicinity/contract";
import { Badge, Button, FormField, Input, Label } from "@vicinity/ui";
import { addInterest, canSaveProfile, parseAge, removeInterest } from "../model/onboarding";

export function WelcomeStep({ onStart, onSkip }: { onStart: () => void; onSkip: () => void }) {
  return (
    <div className="grid gap-6 text-center">
      <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-accent/15 text-accent-text">
        <Sparkles className="size-8" aria-hidden />
      </div>
      <p className="text-muted-foreground">
        Three quick steps: a few words about you, your location so we can show who is near, and what you can do here.
      </p>
      <div className="grid gap-2">
        <Button size="lg" onClick={onStart}>
          Get Started
        </Button>
        <Button variant="ghost" onClick={onSkip}>
          Skip Setup
        </Button>
      </div>
    </div>
  );
}

export interface ProfileDraft {
  firstName: string;
  age: number | "";
  bio: string;
  interests: string[];
  bodyType: string;
  role: string;
}

export const EMPTY_PROFILE_DRAFT: ProfileDraft = {
  firstName: "",
  age: "",
  bio: "",
  interests: [],
  bodyType: "",
  role: "",
};

export interface ProfileStepProps {
  initial?: ProfileDraft;
  saving: boolean;
  onBack: () => void;
  onSave: (draft: ProfileDraft) => void;
}

const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring";

export function ProfileStep({ initial = EMPTY_PROFILE_DRAFT, saving, onBack, onSave }: ProfileStepProps) {
  const [draft, setDraft] = useState<ProfileDraft>(initial);
  const [interest, setInterest] = useState("");
  const set = <K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const add = () => {
    set("interests", addInterest(draft.interests, interest));
    setInterest("");
  };
  const onInterestKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      add();
    }
  };
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (canSaveProfile(draft.firstName, draft.age)) onSave(draft);
      }}
    >
      <div className="grid grid-cols-[1fr_6rem] gap-3">
        <FormField label="First name">
          <Input
            value={draft.firstName}
            onChange={(e) => set("firstName", e.target.value)}
            autoComplete="given-name"
            maxLength={50}
          />
        </FormField>
        <FormField label="Age">
          <Input
            inputMode="numeric"
            value={draft.age === "" ? "" : String(draft.age)}
            onChange={(e) => set("age", parseAge(e.target.value))}
          />
        </FormField>
      </div>
      <FormField label="Bio" hint={`${draft.bio.length}/500`}>
        <textarea
          className="min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          value={draft.bio}
          maxLength={500}
          onChange={(e) => set("bio", e.target.value)}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="onboarding-body-type">Body type</Label>
          <select
            id="onboarding-body-type"
            className={selectClass}
            value={draft.bodyType}
            onChange={(e) => set("bodyType", e.target.value)}
          >
            <option value="">Not set</option>
            {BODY_TYPES.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="onboarding-position">Position</Label>
          <select
            id="onboarding-position"
            className={selectClass}
            value={draft.role}
            onChange={(e) => set("role", e.target.value)}
          >
            <option value="">Not set</option>
            {POSITIONS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="onboarding-interest">Interests</Label>
        <div className="flex gap-2">
          <Input
            id="onboarding-interest"
            value={interest}
            onChange={(e) => setInterest(e.target.value)}
            onKeyDown={onInterestKey}
            placeholder="hiking, music..."
            maxLength={30}
          />
          <Button type="button" variant="secondary" onClick={add}>
            Add
          </Button>
        </div>
        {draft.interests.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Your interests">
            {draft.interests.map((item) => (
              <li key={item}>
                <Badge asChild variant="outline" className="cursor-pointer gap-1">
                  <button
                    type="button"
                    onClick={() => set("interests", removeInterest(draft.interests, item))}
                    aria-label={`Remove ${item}`}
                  >
                    {item}
                    <X className="size-3" aria-hidden />
                  </button>
                </Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="flex justify-between gap-2 pt-2">
        <Button type="button" variant="ghost" onClick={onBack}>
          Back
        </Button>
        <Button
          type="submit"
          disabled={!canSaveProfile(draft.firstName, draft.age)}
          busy={saving}
          busyLabel="Saving..."
        >
          Save &amp; Continue
        </Button>
      </div>
    </form>
  );
}

export interface LocationStepProps {
  busy: boolean;
  error: string | null;
  onEnable: () => void;
  onSkip: () => void;
}

export function LocationStep({ busy, error, onEnable, onSkip }: LocationStepProps) {
  return (
    <div className="grid gap-5 text-center">
      <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-accent/15 text-accent-text">
        <MapPin className="size-8" aria-hidden />
      </div>
      <p className="text-muted-foreground">
        See who is near you. Others only ever see an approximate distance, never where you are.
      </p>
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive-text">
          {error}
        </p>
      ) : null}
      <div className="grid gap-2">
        <Button size="lg" onClick={onEnable} busy={busy} busyLabel="Locating...">
          Enable Location
        </Button>
        <Button variant="ghost" onClick={onSkip} disabled={busy}>
          Skip for Now
        </Button>
      </div>
    </div>
  );
}

const FEATURES = [
  { icon: Compass, title: "Discover", body: "Men near you, nearest first, with how well you match." },
  { icon: MessageCircle, title: "Message", body: "Chat and share pictures, stripped of hidden location data." },
  { icon: Zap, title: "Right Now", body: "Free in the next hour? Say so; it fades after 60 minutes." },
  { icon: EyeOff, title: "Private mode", body: "Hide your distance and leave the map whenever you like." },
] as const;

export function FeaturesStep({ busy, onFinish }: { busy: boolean; onFinish: () => void }) {
  return (
    <div className="grid gap-5">
      <ul className="grid gap-3 sm:grid-cols-2">
        {FEATURES.map(({ icon: Icon, title, body }) => (
          <li key={title} className="rounded-lg border bg-surface p-4">
            <Icon className="mb-2 size-5 text-accent-text" aria-hidden />
            <p className="font-semibold">{title}</p>
            <p className="text-sm text-muted-foreground">{body}</p>
          </li>
        ))}
      </ul>
      <Button size="lg" onClick={onFinish} busy={busy} busyLabel="Finishing...">
        Start Using Vicinity
      </Button>
    </div>
  );
}
