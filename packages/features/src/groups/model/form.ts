import { groupInputSchema, type Group, type GroupInput, type GroupJoinPolicy } from "@vicinity/contract";

/** What the group form holds: text as typed, the home as a point on the map (or none). */
export interface GroupFormValues {
  name: string;
  description: string;
  rules: string;
  interests: string[];
  joinPolicy: GroupJoinPolicy;
  hasHome: boolean;
  latitude: number;
  longitude: number;
  coverMediaId: string | null;
  /** The cover to show (the group's, or the picture just uploaded). */
  coverUrl: string | null;
}

export type GroupFormField = "name" | "description" | "rules" | "interests" | "joinPolicy" | "home" | "coverMediaId";
export type GroupFormErrors = Partial<Record<GroupFormField, string>>;

export function emptyGroupForm(position: { latitude: number; longitude: number }): GroupFormValues {
  return {
    name: "",
    description: "",
    rules: "",
    interests: [],
    joinPolicy: "open",
    hasHome: true,
    latitude: position.latitude,
    longitude: position.longitude,
    coverMediaId: null,
    coverUrl: null,
  };
}

/** The form of a group being edited. */
export function groupFormOf(group: Group, fallback: { latitude: number; longitude: number }): GroupFormValues {
  return {
    name: group.name,
    description: group.description,
    rules: group.rules,
    interests: group.interests,
    joinPolicy: group.joinPolicy,
    hasHome: group.home !== null,
    latitude: group.home?.latitude ?? fallback.latitude,
    longitude: group.home?.longitude ?? fallback.longitude,
    coverMediaId: group.coverUrl ? (group.coverUrl.split("/").pop() ?? null) : null,
    coverUrl: group.coverUrl,
  };
}

/** The request of a filled form, or the errors to show: the contract's own messages (the server says the same). */
export function validateGroupForm(
  values: GroupFormValues,
): { input: GroupInput; errors: null } | { input: null; errors: GroupFormErrors } {
  const parsed = groupInputSchema.safeParse({
    name: values.name.trim(),
    description: values.description.trim(),
    rules: values.rules.trim(),
    interests: values.interests,
    joinPolicy: values.joinPolicy,
    home: values.hasHome ? { latitude: values.latitude, longitude: values.longitude } : null,
    coverMediaId: values.coverMediaId,
  });
  if (parsed.success) return { input: parsed.data, errors: null };
  const errors: GroupFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "") as GroupFormField;
    errors[field] ??= issue.message;
  }
  return { input: null, errors };
}
