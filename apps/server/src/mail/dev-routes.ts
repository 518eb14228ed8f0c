import type { FastifyInstance } from "fastify";
import type { MailBox } from "./mailer";

/** The development server's own pages; outside development nothing answers under it but a 404. */
export const DEV_PREFIX = "/dev";
/** The mail box (development without SMTP_URL). */
export const DEV_MAIL_PATH = `${DEV_PREFIX}/mail`;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * GET /dev/mail (development only, without SMTP_URL): the mails the server kept, newest first, with
 * their links clickable, so sign-up, reset and address change work on a machine with no mail server.
 */
export function registerDevMailRoutes(app: FastifyInstance, box: MailBox): void {
  app.get(DEV_MAIL_PATH, async (_request, reply) => {
    const mails = box.list();
    const items = mails
      .map((m) => {
        const text = escape(m.text).replace(/https?:\/\/\S+/g, (url) => `<a href="${url}">${url}</a>`);
        return `<article><h2>${escape(m.subject)}</h2><p>To ${escape(m.to)} · ${escape(m.at)}</p><pre>${text}</pre></article>`;
      })
      .join("\n");
    return reply
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mail kept by the development server</title></head><body><h1>Mail (${mails.length})</h1><p>Kept instead of sent because SMTP_URL is not set; newest first.</p>${items || "<p>No mail yet.</p>"}</body></html>`,
      );
  });
}
