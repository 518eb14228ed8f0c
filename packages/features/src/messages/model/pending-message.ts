import type { OutboxEntry } from "@vicinity/contract";

/**
 * A message the member wrote that the server has not stored yet, with what the screen needs. Its
 * own module: the messenger and its engine (loaded on demand) both use it, without importing each
 * other both ways.
 */
export interface PendingMessage extends OutboxEntry {
  previewUrl?: string;
}
