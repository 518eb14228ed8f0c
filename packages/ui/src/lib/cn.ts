import { clsx, type ClassValue } from "clsx";
import { createTailwindMerge, type Config } from "tailwind-merge";
import {
  CLASS_GROUPS,
  CONFLICTING_CLASS_GROUP_MODIFIERS,
  CONFLICTING_CLASS_GROUPS,
  ORDER_SENSITIVE_MODIFIERS,
  POSTFIX_LOOKUP_CLASS_GROUPS,
} from "./tw-merge-table.generated";

const lists = (record: Record<string, string>) =>
  Object.fromEntries(Object.entries(record).map(([key, list]) => [key, list.split(" ")]));

/**
 * tailwind-merge told only of the classes the app uses (docs/decisions/0033): for every class
 * Tailwind makes CSS for, it decides as the default `twMerge` does, without carrying or building
 * the default's lookup of every utility. tooling/tw-merge-table.mjs writes the table.
 */
const twMerge = createTailwindMerge((): Config<string, string> => ({
  cacheSize: 500,
  theme: {},
  classGroups: lists(CLASS_GROUPS),
  conflictingClassGroups: lists(CONFLICTING_CLASS_GROUPS),
  conflictingClassGroupModifiers: lists(CONFLICTING_CLASS_GROUP_MODIFIERS),
  postfixLookupClassGroups: POSTFIX_LOOKUP_CLASS_GROUPS,
  orderSensitiveModifiers: ORDER_SENSITIVE_MODIFIERS,
}));

/** Joins class names and lets later Tailwind classes win over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
