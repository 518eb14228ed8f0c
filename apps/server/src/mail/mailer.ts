import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ServerConfig } from "../config";

/** One mail, in plain text and HTML. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface KeptMail extends Mail {
  id: string;
  from: string;
  at: string;
}

/**
 * Sends mail without holding up the request that asked for it: `send` queues and returns at once
 * (a forgotten-password answer takes as long whether or not a mail goes out); failures are logged.
 * `idle()` waits for what is queued (tests, shutdown).
 */
export interface Mailer {
  send(mail: Mail): void;
  idle(): Promise<void>;
  close(): Promise<void>;
}

type Deliver = (mail: KeptMail) => Promise<void>;

/** Mails of one process sort in the order they were sent, even within a millisecond. */
let sequence = 0;

class QueuedMailer implements Mailer {
  private pending = new Set<Promise<void>>();
  constructor(
    private readonly from: string,
    private readonly deliver: Deliver,
    private readonly log: (line: string) => void,
    private readonly onClose: () => Promise<void> = async () => {},
  ) {}

  send(mail: Mail): void {
    const kept: KeptMail = {
      ...mail,
      id: `${Date.now()}-${String((sequence = (sequence + 1) % 1_000_000)).padStart(6, "0")}-${randomBytes(3).toString("hex")}`,
      from: this.from,
      at: new Date().toISOString(),
    };
    const job = this.deliver(kept)
      .catch((error: unknown) =>
        this.log(
          `mail to ${mail.to} ("${mail.subject}") was not sent: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  async close(): Promise<void> {
    await this.idle();
    await this.onClose();
  }
}

/** Through SMTP_URL (nodemailer, with a pool of connections). */
async function smtpMailer(config: ServerConfig, log: (line: string) => void): Promise<Mailer> {
  const { createTransport } = await import("nodemailer");
  const transport = createTransport(config.smtpUrl!);
  return new QueuedMailer(
    config.mailFrom,
    async (mail) => {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    log,
    async () => transport.close(),
  );
}

/** The mails the embedded default kept, newest first (GET /dev/mail in development). */
export interface MailBox {
  list(): KeptMail[];
}

/**
 * Without SMTP_URL: each mail is written to DATA_DIR/mail as JSON (kept in memory for a throwaway
 * DATA_DIR) and logged with its links, so the flows work on a machine with no mail server.
 */
function keptMailer(config: ServerConfig, log: (line: string) => void): Mailer & MailBox {
  const memory: KeptMail[] = [];
  const dir = config.dataDir === "memory://" ? null : path.join(config.dataDir, "mail");
  const mailer = new QueuedMailer(
    config.mailFrom,
    async (mail) => {
      if (dir) {
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, `${mail.id}.json`), JSON.stringify(mail, null, 2));
      } else memory.push(mail);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log(
        `mail to ${mail.to}: "${mail.subject}"${links.length ? ` ${links.join(" ")}` : ""}${dir ? ` (${path.join(dir, `${mail.id}.json`)})` : ""}`,
      );
    },
    log,
  );
  return Object.assign(mailer, {
    list(): KeptMail[] {
      if (!dir) return [...memory].reverse();
      let names: string[];
      try {
        names = readdirSync(dir).filter((n) => n.endsWith(".json"));
      } catch {
        return [];
      }
      return names
        .sort()
        .reverse()
        .slice(0, 100)
        .map((n) => JSON.parse(readFileSync(path.join(dir, n), "utf8")) as KeptMail);
    },
  });
}

export async function createMailer(
  config: ServerConfig,
  log: (line: string) => void = (line) => console.info(line),
): Promise<Mailer & Partial<MailBox>> {
  return config.smtpUrl ? smtpMailer(config, log) : keptMailer(config, log);
}
