import { useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { UserRound, X } from "lucide-react";
import {
  BIO_MAX_LENGTH,
  BODY_TYPES,
  DISPLAY_NAME_MAX_LENGTH,
  FIRST_NAME_MAX_LENGTH,
  INTEREST_MAX_LENGTH,
  MAX_INTERESTS,
  POSITIONS,
  type ProfileUpdate,
  type SessionUser,
} from "@vicinity/contract";
import { Alert, Badge, Button, FormField, Input } from "@vicinity/ui";
import {
  aboutDraftOf,
  aboutUpdate,
  addInterest,
  changedAboutFields,
  enumLabel,
  INTEREST_PROBLEM_TEXT,
  interestProblem,
  removeInterest,
  validateAbout,
  type AboutDraft,
  type AboutErrors,
  type AboutField,
} from "../model/about-form";
import { SettingsSection } from "./settings-section";

export interface AboutFormProps {
  /** The member as saved: the form starts from him and sends only what differs. */
  user: SessionUser;
  saving: boolean;
  /** The server's answer to the last save. */
  error?: string | null;
  onSave: (update: ProfileUpdate) => void;
}

const controlClass =
  "w-full rounded-md border border-input bg-surface text-sm text-foreground shadow-sm transition-colors hover:border-muted-foreground/60 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive";
const selectClass = `${controlClass} h-10 px-3`;

/** Where each field's control is, to focus the first one with a problem. */
const FIELD_ORDER: AboutField[] = ["firstName", "displayName", "age", "bio", "bodyType", "role", "interests"];

/** "About you": names, age, bio, body type, position and interests (PUT /api/users/profile). */
export function AboutForm({ user, saving, error, onSave }: AboutFormProps) {
  const saved = aboutDraftOf(user);
  const [draft, setDraft] = useState<AboutDraft>(saved);
  const [errors, setErrors] = useState<AboutErrors>({});
  const [interest, setInterest] = useState("");
  const [interestError, setInterestError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = changedAboutFields(draft, saved).length > 0;

  function set<K extends AboutField>(key: K, value: AboutDraft[K]) {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  }

  function add() {
    const problem = interestProblem(draft.interests, interest);
    if (problem === "empty") return;
    if (problem) {
      setInterestError(INTEREST_PROBLEM_TEXT[problem]);
      return;
    }
    set("interests", addInterest(draft.interests, interest));
    setInterest("");
    setInterestError(null);
  }

  function onInterestKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateAbout(draft, saved);
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    onSave(aboutUpdate(draft, saved));
  }

  function discard() {
    setDraft(saved);
    setErrors({});
    setInterest("");
    setInterestError(null);
  }

  const full = draft.interests.length >= MAX_INTERESTS;

  return (
    <SettingsSection
      id="about"
      title="About you"
      icon={<UserRound />}
      description="What others see on your card and your profile."
    >
      <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label="First name" error={errors.firstName}>
            <Input
              name="firstName"
              value={draft.firstName}
              onChange={(e) => set("firstName", e.target.value)}
              autoComplete="given-name"
              maxLength={FIRST_NAME_MAX_LENGTH}
            />
          </FormField>
          <FormField
            label="Display name"
            hint={`On your card; empty shows your username (${user.username}).`}
            error={errors.displayName}
          >
            <Input
              name="displayName"
              value={draft.displayName}
              onChange={(e) => set("displayName", e.target.value)}
              autoComplete="nickname"
              maxLength={DISPLAY_NAME_MAX_LENGTH}
            />
          </FormField>
        </div>
        <FormField label="Age" error={errors.age} className="max-w-40">
          <Input
            name="age"
            inputMode="numeric"
            value={draft.age}
            onChange={(e) => set("age", e.target.value)}
            autoComplete="off"
            maxLength={3}
          />
        </FormField>
        <FormField label="Bio" hint={`${draft.bio.length}/${BIO_MAX_LENGTH}`} error={errors.bio}>
          {(control) => (
            <textarea
              {...control}
              name="bio"
              className={`${controlClass} min-h-24 px-3 py-2`}
              value={draft.bio}
              maxLength={BIO_MAX_LENGTH}
              onChange={(e) => set("bio", e.target.value)}
            />
          )}
        </FormField>
        <div className="grid grid-cols-2 items-start gap-3">
          <FormField label="Body type" error={errors.bodyType}>
            {(control) => (
              <select
                {...control}
                name="bodyType"
                className={selectClass}
                value={draft.bodyType}
                onChange={(e) => set("bodyType", e.target.value)}
              >
                <option value="">Not set</option>
                {BODY_TYPES.map((b) => (
                  <option key={b} value={b}>
                    {enumLabel(b)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Position" error={errors.role}>
            {(control) => (
              <select
                {...control}
                name="role"
                className={selectClass}
                value={draft.role}
                onChange={(e) => set("role", e.target.value)}
              >
                <option value="">Not set</option>
                {POSITIONS.map((p) => (
                  <option key={p} value={p}>
                    {enumLabel(p)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <div className="grid gap-2">
          <FormField
            label="Interests"
            hint={
              full
                ? `${MAX_INTERESTS} of ${MAX_INTERESTS}: remove one to add another.`
                : `${draft.interests.length} of ${MAX_INTERESTS}. Press Enter or Add.`
            }
            error={interestError ?? errors.interests}
          >
            {(control) => (
              <div className="flex gap-2">
                <Input
                  {...control}
                  name="interests"
                  value={interest}
                  onChange={(e) => {
                    setInterest(e.target.value);
                    setInterestError(null);
                  }}
                  onKeyDown={onInterestKey}
                  placeholder="hiking, music..."
                  maxLength={INTEREST_MAX_LENGTH}
                  disabled={full}
                />
                <Button type="button" variant="secondary" onClick={add} disabled={full}>
                  Add
                </Button>
              </div>
            )}
          </FormField>
          {draft.interests.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label="Your interests">
              {draft.interests.map((item) => (
                <li key={item}>
                  <Badge asChild variant="outline" className="cursor-pointer gap-1 py-1 hover:bg-muted">
                    <button
                      type="button"
                      onClick={() => set("interests", removeInterest(draft.interests, item))}
                      aria-label={`Remove ${item}`}
                    >
                      {item}
                      <X aria-hidden />
                    </button>
                  </Badge>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {error ? <Alert>{error}</Alert> : null}
        <div className="flex flex-wrap items-center justify-end gap-2 pt-1">
          {dirty ? (
            <Button type="button" variant="ghost" onClick={discard} disabled={saving}>
              Discard changes
            </Button>
          ) : null}
          <Button type="submit" busy={saving} busyLabel="Saving..." disabled={!dirty}>
            Save changes
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
