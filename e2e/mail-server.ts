import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startSmtp } from "../apps/server/src/test/smtp";
import { E2E_MAIL_DIR, E2E_SMTP_PORT } from "./mail";

/**
 * Playwright's global set-up: a real SMTP server the app's server sends to (SMTP_URL in
 * the web server's command); each mail it receives is written to E2E_MAIL_DIR, where the tests'
 * workers read it. Returns its teardown.
 */
export default async function startMailServer(): Promise<() => Promise<void>> {
  rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
  mkdirSync(E2E_MAIL_DIR, { recursive: true });
  let n = 0;
  const smtp = await startSmtp(E2E_SMTP_PORT, (mail) => {
    n += 1;
    writeFileSync(path.join(E2E_MAIL_DIR, `${String(n).padStart(5, "0")}.json`), JSON.stringify(mail));
  });
  return () => smtp.close();
}
