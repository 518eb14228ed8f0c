import type { OutboxEntry, OutboxStorage } from "@vicinity/contract";

export const OUTBOX_STORAGE_KEY = "vicinity.outbox";

/** Keeps the outbox in localStorage, so a reload does not lose what was typed. */
export function browserOutboxStorage(key = OUTBOX_STORAGE_KEY): OutboxStorage {
  return {
    load() {
      try {
        const parsed: unknown = JSON.parse(window.localStorage.getItem(key) ?? "[]");
        return Array.isArray(parsed) ? (parsed as OutboxEntry[]) : [];
      } catch {
        return [];
      }
    },
    save(entries) {
      if (entries.length === 0) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, JSON.stringify(entries));
    },
  };
}
