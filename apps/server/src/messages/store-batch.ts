import { sql } from "drizzle-orm";
import { preparedRows, type Db } from "../db/database";

/** A message to store, as storeMessage has checked it. */
export interface MessageToStore {
  conversationId: string;
  senderId: string;
  content: string;
  mediaId: string | null;
  tempId: string;
  /** A direct conversation's other member (a block between them refuses it); null in a group. */
  peer: string | null;
}

/** A stored message's row: the columns toMessage reads. */
export interface StoredRow extends Record<string, unknown> {
  id: number | string;
  conversation_id: string;
  sender_id: string | null;
  content: string;
  media_id: string | null;
  media_width: number | null;
  media_height: number | null;
  /** A view-once picture (decisions/0047), and when the member it was sent to opened it. */
  media_view_once?: boolean | null;
  media_opened_at?: string | Date | null;
  temp_id: string | null;
  created_at: string | Date;
}

/** Statements of stored messages in flight at once; what arrives meanwhile waits and goes in the next. */
const IN_FLIGHT = 1;
/** Messages in one statement at most. */
const BATCH_MAX = 200;

/**
 * Every message that waits, in one statement: the messages stored unless a block stands between a
 * direct conversation's two members or the sender's tempId was stored before; each conversation's
 * time and each sender's read mark moved with them. One prepared statement whatever the number of
 * messages (they come as one JSON parameter).
 */
const STORE_SQL = (batch: string) => sql`
  WITH input AS (
    SELECT * FROM json_to_recordset(${batch}::json)
      AS t(n int, conversation_id uuid, sender_id uuid, content text, media_id uuid, temp_id text, peer uuid)
  ),
  ins AS (
    INSERT INTO messages (conversation_id, sender_id, content, media_id, temp_id)
    SELECT i.conversation_id, i.sender_id, i.content, i.media_id, i.temp_id FROM input i
    WHERE i.peer IS NULL OR NOT EXISTS (
      SELECT 1 FROM blocks b
      WHERE (b.blocker_id = i.sender_id AND b.blocked_id = i.peer)
         OR (b.blocked_id = i.sender_id AND b.blocker_id = i.peer)
    )
    ORDER BY i.n
    ON CONFLICT (sender_id, temp_id) DO NOTHING
    RETURNING *
  ),
  touched AS (
    UPDATE conversations SET last_message_at = now() WHERE id IN (SELECT conversation_id FROM ins)
  ),
  marked AS (
    UPDATE conversation_participants p SET last_read_message_id = GREATEST(p.last_read_message_id, x.id)
    FROM (SELECT conversation_id, sender_id, max(id) AS id FROM ins GROUP BY conversation_id, sender_id) x
    WHERE p.conversation_id = x.conversation_id AND p.user_id = x.sender_id
  )
  SELECT ins.id, ins.conversation_id, ins.sender_id, ins.content, ins.media_id, md.width AS media_width,
    md.height AS media_height, md.view_once AS media_view_once, md.opened_at AS media_opened_at, ins.temp_id, ins.created_at
  FROM ins LEFT JOIN media md ON md.id = ins.media_id
`;

interface Waiting {
  message: MessageToStore;
  resolve(row: StoredRow | null): void;
  reject(error: unknown): void;
}

/**
 * Stores messages in batches (group commit): a message goes at once when fewer than IN_FLIGHT
 * statements are running, and otherwise waits for one to end and goes with everything else that
 * waited. Alone it costs what it did (one round trip); under load a statement and a commit carry
 * many messages instead of one each (bench/messaging). A statement that fails stores its messages
 * one by one, so one bad message fails alone.
 */
export class MessageStore {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;

  constructor(private readonly db: Db) {}

  /** The stored row, or null: not stored (a block, or this tempId stored before). */
  store(message: MessageToStore): Promise<StoredRow | null> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ message, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.inFlight < IN_FLIGHT && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, BATCH_MAX);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.next();
      });
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    try {
      const rows = await this.insert(batch.map((w) => w.message));
      // The same send twice in one batch (a retry): the first stored it, the second is the retry.
      const answered = new Set<string>();
      for (const w of batch) {
        const key = keyOf(w.message.senderId, w.message.tempId);
        w.resolve(answered.has(key) ? null : (rows.get(key) ?? null));
        answered.add(key);
      }
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const w of batch) {
        await this.insert([w.message]).then(
          (rows) => w.resolve(rows.get(keyOf(w.message.senderId, w.message.tempId)) ?? null),
          (e: unknown) => w.reject(e),
        );
      }
    }
  }

  private async insert(messages: MessageToStore[]): Promise<Map<string, StoredRow>> {
    const batch = JSON.stringify(
      messages.map((m, n) => ({
        n,
        conversation_id: m.conversationId,
        sender_id: m.senderId,
        content: m.content,
        media_id: m.mediaId,
        temp_id: m.tempId,
        peer: m.peer,
      })),
    );
    const rows = await preparedRows<StoredRow>(this.db, "store_messages", STORE_SQL(batch));
    return new Map(rows.map((r) => [keyOf(r.sender_id ?? "", r.temp_id ?? ""), r]));
  }
}

const keyOf = (senderId: string, tempId: string) => `${senderId} ${tempId}`;
