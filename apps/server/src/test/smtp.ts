import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { resetDatabase, startTestServer, type Engine, type TestServer } from "./harness";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtp {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The first mail to `to` whose subject matches, once it has come (waits up to `timeoutMs`). */
  waitFor(to: string, subject: RegExp | string, timeoutMs?: number): Promise<ReceivedMail>;
  /** The link a mail carries (its first http(s) URL). */
  linkIn(mail: ReceivedMail): string;
  close(): Promise<void>;
}

/**
 * A real SMTP server for tests: the server under test sends through SMTP_URL to it as
 * to any mail server; what it receives is parsed (headers, plain text and HTML parts).
 */
export async function startSmtp(port = 0, onMail?: (mail: ReceivedMail) => void): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to.flatMap((a) => a.value) : (parsed.to?.value ?? []);
          const mail = {
            to: to.map((a) => a.address ?? "").join(", "),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
          };
          received.push(mail);
          onMail?.(mail);
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.server.address() as AddressInfo;
  const find = (to: string, subject: RegExp | string) =>
    received.find(
      (m) =>
        m.to.toLowerCase() === to.toLowerCase() &&
        (typeof subject === "string" ? m.subject === subject : subject.test(m.subject)),
    );
  return {
    url: `smtp://127.0.0.1:${bound}`,
    received,
    async waitFor(to, subject, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = find(to, subject);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(
            `no mail "${String(subject)}" to ${to} came (received: ${received.map((m) => `${m.to}: ${m.subject}`).join("; ") || "none"})`,
          );
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, Math.max(0, deadline - Date.now()) + 1);
          waiters.add(wake);
        });
      }
    },
    linkIn(mail) {
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
      if (!link) throw new Error(`no link in the mail "${mail.subject}"`);
      return link;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The app's address in the mail tests: every link a mail carries starts with it. */
export const MAIL_APP_URL = "https://vicinity.test";

export interface MailTestServer {
  t: TestServer;
  smtp: TestSmtp;
}

/**
 * The set-up of a mail test file: a real SMTP server, a server under test sending to it (APP_URL
 * MAIL_APP_URL), the database and the mailbox emptied before each test. Read the fields inside tests.
 */
export function useMailServer(engine: Engine): MailTestServer {
  const holder = {} as MailTestServer;
  beforeAll(async () => {
    holder.smtp = await startSmtp();
    holder.t = await startTestServer(engine, { smtpUrl: holder.smtp.url, appUrl: MAIL_APP_URL });
  });
  afterAll(async () => {
    await holder.t?.close();
    await holder.smtp?.close();
  });
  beforeEach(async () => {
    await resetDatabase(holder.t.database); // email_tokens go with their users (CASCADE)
    holder.smtp.received.length = 0;
  });
  return holder;
}

/** The token of a mailed link (after `#token=`). */
export const tokenOf = (link: string): string => new URL(link).hash.replace(/^#token=/, "");
