import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import type { ReceivedMail } from "../apps/server/src/test/smtp";

export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
export const E2E_MAIL_DIR = path.join(tmpdir(), `vicinity-e2e-mail-${E2E_SMTP_PORT}`);

function mails(): ReceivedMail[] {
  let names: string[];
  try {
    names = readdirSync(E2E_MAIL_DIR).sort();
  } catch {
    return [];
  }
  return names.map((n) => JSON.parse(readFileSync(path.join(E2E_MAIL_DIR, n), "utf8")) as ReceivedMail);
}

/** The newest mail to `to` with this subject, once the test SMTP server has it; `after` skips as many earlier ones. */
export async function waitForMail(to: string, subject: string, after = 0): Promise<ReceivedMail> {
  const matching = () => mails().filter((m) => m.to.toLowerCase() === to.toLowerCase() && m.subject === subject);
  await expect
    .poll(() => matching().length, { message: `a mail "${subject}" to ${to}`, timeout: 15_000 })
    .toBeGreaterThan(after);
  return matching()[after]!;
}

/** The link of a mail (its first http URL), as the member clicks it. */
export function linkOf(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in "${mail.subject}"`);
  return link;
}
