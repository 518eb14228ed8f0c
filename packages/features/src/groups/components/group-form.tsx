import { useState, type FormEvent } from "react";
import {
  GROUP_DESCRIPTION_MAX_LENGTH,
  GROUP_JOIN_POLICIES,
  GROUP_JOIN_POLICY_LABELS,
  GROUP_MAX_INTERESTS,
  GROUP_NAME_MAX_LENGTH,
  GROUP_RULES_MAX_LENGTH,
  type GroupInput,
  type GroupJoinPolicy,
} from "@vicinity/contract";
import { FormField, Input, TagInput } from "@vicinity/ui";
import { CoverUpload, FieldError, FormServerError, LazyEventsMap, SubmitRow } from "@vicinity/features/shared";
import { validateGroupForm, type GroupFormErrors, type GroupFormValues } from "../model/form";

const controlClass =
  "w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive";

/** What each join policy means for someone who finds the group. */
export const JOIN_POLICY_HINTS: Record<GroupJoinPolicy, string> = {
  open: "Members join at once and can read the group chat.",
  request: "Members send a request; a moderator approves or refuses it.",
  invite: "Only members a moderator invites can join. The group is still listed in searches.",
};

export const INTEREST_TOO_LONG = "An interest can be at most 30 characters";
/** A moderator's edit page says why he cannot rename the group or change who can join. */
export const GROUP_IDENTITY_LOCKED_HINT = "Only the owner can change the name and who can join.";

export interface GroupFormProps {
  initial: GroupFormValues;
  /** A new group or an edit (owner and moderators). */
  creating: boolean;
  /** A moderator's edit: the name and who can join are the owner's (the server refuses them too). */
  identityLocked?: boolean;
  submitting: boolean;
  /** The server's refusal (a 400's or 409's message: a name taken or not allowed), shown above the button. */
  serverError?: string | null;
  onSubmit: (input: GroupInput) => void;
  /** Stories show the errors of values given at once. */
  showErrorsAtOnce?: boolean;
}

/** The group's form: name, what it is about, its rules, interests, who may join, a home area, a cover. */
export function GroupForm({
  initial,
  creating,
  identityLocked = false,
  submitting,
  serverError = null,
  onSubmit,
  showErrorsAtOnce = false,
}: GroupFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<GroupFormErrors>(() =>
    showErrorsAtOnce ? (validateGroupForm(initial).errors ?? {}) : {},
  );
  const [interestProblem, setInterestProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const set = <K extends keyof GroupFormValues>(key: K, value: GroupFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const result = validateGroupForm(values);
    setErrors(result.errors ?? {});
    if (result.input) onSubmit(result.input);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-5"
      aria-label={creating ? "Create a group" : "Edit the group"}
    >
      <FormField
        label="Name"
        required
        error={errors.name}
        hint={
          identityLocked
            ? GROUP_IDENTITY_LOCKED_HINT
            : `Unique among groups, up to ${GROUP_NAME_MAX_LENGTH} characters.`
        }
      >
        <Input
          value={values.name}
          onChange={(e) => set("name", e.target.value)}
          autoComplete="off"
          disabled={identityLocked}
        />
      </FormField>
      <FormField
        label="Description"
        error={errors.description}
        hint={`What the group is about. Up to ${GROUP_DESCRIPTION_MAX_LENGTH.toLocaleString("en-US")} characters.`}
      >
        {(control) => (
          <textarea
            {...control}
            value={values.description}
            onChange={(e) => set("description", e.target.value)}
            rows={4}
            className={controlClass}
          />
        )}
      </FormField>
      <FormField
        label="Rules"
        error={errors.rules}
        hint={`Shown on the group's page to everyone who joins. Up to ${GROUP_RULES_MAX_LENGTH.toLocaleString("en-US")} characters.`}
      >
        {(control) => (
          <textarea
            {...control}
            value={values.rules}
            onChange={(e) => set("rules", e.target.value)}
            rows={3}
            className={controlClass}
          />
        )}
      </FormField>
      <FormField
        label="Interests"
        error={interestProblem ?? errors.interests}
        hint={
          values.interests.length >= GROUP_MAX_INTERESTS
            ? `${GROUP_MAX_INTERESTS} of ${GROUP_MAX_INTERESTS}: remove one to add another.`
            : `${values.interests.length} of ${GROUP_MAX_INTERESTS}: members find the group by them. Press Enter after each.`
        }
      >
        {(control) => (
          <TagInput
            {...control}
            value={values.interests}
            onChange={(interests) => set("interests", interests)}
            max={GROUP_MAX_INTERESTS}
            listLabel="The group's interests"
            problem={(tag) => (tag.length > 30 ? INTEREST_TOO_LONG : null)}
            onProblem={setInterestProblem}
          />
        )}
      </FormField>
      <fieldset
        className="grid gap-2 disabled:opacity-60"
        disabled={identityLocked}
        aria-describedby={errors.joinPolicy ? "group-policy-error" : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Who can join</legend>
        {GROUP_JOIN_POLICIES.map((policy) => (
          <label
            key={policy}
            className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-checked:border-accent has-checked:bg-accent/5"
          >
            <input
              type="radio"
              name="joinPolicy"
              value={policy}
              checked={values.joinPolicy === policy}
              onChange={() => set("joinPolicy", policy)}
              className="mt-0.5 size-4 accent-[var(--color-accent)]"
            />
            <span className="grid gap-0.5">
              <span className="text-sm font-semibold">{GROUP_JOIN_POLICY_LABELS[policy]}</span>
              <span className="text-sm text-muted-foreground">{JOIN_POLICY_HINTS[policy]}</span>
            </span>
          </label>
        ))}
        <FieldError id="group-policy-error" message={errors.joinPolicy} />
      </fieldset>
      <div className="grid gap-2">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={values.hasHome}
            onChange={(e) => set("hasHome", e.target.checked)}
            className="size-4 accent-[var(--color-accent)]"
          />
          The group has a home area
        </label>
        {values.hasHome ? (
          <>
            <p className="text-sm text-muted-foreground">
              Members nearby find it first. Click the map to place it; others see the area, never an exact spot.
            </p>
            <div className="h-56 overflow-hidden rounded-lg border">
              <LazyEventsMap
                center={values}
                zoom={11}
                pins={[
                  {
                    id: "home",
                    latitude: values.latitude,
                    longitude: values.longitude,
                    label: "The group's home area",
                  },
                ]}
                onPlace={(p) => setValues((v) => ({ ...v, latitude: p.latitude, longitude: p.longitude }))}
                label="Map: click to place the group's home area"
                className="h-full rounded-none"
              />
            </div>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            Without one, the group is found by its name and interests only.
          </p>
        )}
        <FieldError message={errors.home} />
      </div>
      <CoverUpload
        kind="group"
        alt="The group's cover"
        coverUrl={values.coverUrl}
        onBusyChange={setUploading}
        onChange={(cover) =>
          setValues((v) => ({ ...v, coverMediaId: cover?.id ?? null, coverUrl: cover?.url ?? null }))
        }
      />
      <FieldError message={errors.coverMediaId} />
      <FormServerError message={serverError} />
      <SubmitRow
        label={creating ? "Create group" : "Save changes"}
        busyLabel={creating ? "Creating..." : "Saving..."}
        submitting={submitting}
        disabled={uploading}
      />
    </form>
  );
}
