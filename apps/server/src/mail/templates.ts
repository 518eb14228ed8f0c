import type { Mail } from "./mailer";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Letter {
  to: string;
  subject: string;
  /** Paragraphs before the button. */
  intro: string[];
  action?: { label: string; url: string };
  /** Paragraphs after it. */
  outro: string[];
}

/** A mail in plain text and in simple HTML (inline styles only: mail clients drop the rest). */
function letter({ to, subject, intro, action, outro }: Letter): Mail {
  const text = [
    "Hi,",
    "",
    ...intro.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    ...outro.flatMap((p) => [p, ""]),
    "— Vicinity",
  ].join("\n");
  const paragraph = (p: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2430">${escape(p)}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#e4572e">Vicinity</p>
${paragraph("Hi,")}
${intro.map(paragraph).join("\n")}
${
  action
    ? `<p style="margin:24px 0"><a href="${escape(action.url)}" style="display:inline-block;background:#e4572e;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escape(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#6b7080">Or paste this link into your browser: <a href="${escape(action.url)}" style="color:#6b7080">${escape(action.url)}</a></p>`
    : ""
}
${outro.map(paragraph).join("\n")}
<p style="margin:24px 0 0;font-size:14px;color:#6b7080">— Vicinity</p>
</div></body></html>`;
  return { to, subject, text, html };
}

export const verifyMail = (to: string, url: string) =>
  letter({
    to,
    subject: "Confirm your email address",
    intro: ["Welcome to Vicinity. Confirm that this address is yours, so you can always get back into your account."],
    action: { label: "Confirm my address", url },
    outro: [
      "The link works for 48 hours. If you did not sign up, ignore this mail: nobody can use the account without opening it.",
    ],
  });

export const resetMail = (to: string, url: string) =>
  letter({
    to,
    subject: "Choose a new password",
    intro: ["Someone, hopefully you, asked to choose a new password for your Vicinity account."],
    action: { label: "Choose a new password", url },
    outro: [
      "The link works for one hour and only once. Choosing a new password signs you out everywhere.",
      "If it was not you, ignore this mail: your password stays as it is.",
    ],
  });

export const confirmNewAddressMail = (to: string, url: string) =>
  letter({
    to,
    subject: "Confirm your new email address",
    intro: ["You asked to use this address for your Vicinity account."],
    action: { label: "Use this address", url },
    outro: [
      "The link works for 24 hours. Until you open it, your account keeps its current address. If it was not you, ignore this mail.",
    ],
  });

export const addressChangedMail = (to: string, newAddress: string, undoUrl: string) =>
  letter({
    to,
    subject: "Your email address was changed",
    intro: [`Your Vicinity account now uses ${newAddress} instead of this address.`],
    action: { label: "This was not me: undo it", url: undoUrl },
    outro: [
      "The undo link works for 7 days. It puts this address back and signs you out everywhere; then choose a new password.",
    ],
  });
