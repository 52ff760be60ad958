import { escapeHtml } from '@neuralbeat/common/contracts';
import { CONFIRM_TOKEN_DAYS } from '@neuralbeat/common/mail/tokens';

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

/** A one-column layout of inline styles and a table, as mail clients (Outlook, Gmail) render it; readable in dark mode. */
const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="color-scheme" content="light dark"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto"><tr><td>
${body}
</td></tr></table></body></html>`;

/** The double opt-in mail: one link to /newsletter/confirm, valid CONFIRM_TOKEN_DAYS days. */
export function confirmationMail(confirmUrl: string): MailContent {
  const subject = 'Confirm your NeuralBeat newsletter subscription';
  const url = escapeHtml(confirmUrl);
  return {
    subject,
    html: layout(
      subject,
      `<h1 style="font-size:22px;margin:0 0 16px">Confirm your subscription</h1>
<p>Someone, hopefully you, asked for the NeuralBeat weekly AI newsletter at this address. Confirm it with the button below.</p>
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;padding:12px 20px;background:#4f46e5;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">Confirm subscription</a></p>
<p>Or open this link: <a href="${url}">${url}</a></p>
<p style="font-size:13px;color:#6b7280">The link works for ${CONFIRM_TOKEN_DAYS} days. If you did not ask for this, ignore this mail: an address that is not confirmed is forgotten after ${CONFIRM_TOKEN_DAYS} days.</p>`,
    ),
    text: `Confirm your subscription

Someone, hopefully you, asked for the NeuralBeat weekly AI newsletter at this address. Confirm it here:

${confirmUrl}

The link works for ${CONFIRM_TOKEN_DAYS} days. If you did not ask for this, ignore this mail: an address that is not confirmed is forgotten after ${CONFIRM_TOKEN_DAYS} days.
`,
  };
}

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Date;
}

/** A contact message as the operators receive it; a reply goes to the sender (Reply-To). */
export function contactMail(m: ContactMessage, consoleUrl: string): MailContent {
  const subject = `[Contact] ${m.subject}`;
  const sent = m.created_at.toISOString();
  return {
    subject,
    html: layout(
      subject,
      `<p><strong>From:</strong> ${escapeHtml(m.name)} &lt;${escapeHtml(m.email)}&gt;<br><strong>Sent:</strong> ${sent}<br><strong>Subject:</strong> ${escapeHtml(m.subject)}</p>
<div style="white-space:pre-wrap;border-left:3px solid #d1d5db;padding-left:12px">${escapeHtml(m.message)}</div>
<p style="font-size:13px;color:#6b7280">Reply to this mail to answer ${escapeHtml(m.name)}. All messages: <a href="${escapeHtml(consoleUrl)}">${escapeHtml(consoleUrl)}</a></p>`,
    ),
    text: `From: ${m.name} <${m.email}>
Sent: ${sent}
Subject: ${m.subject}

${m.message}

--
Reply to this mail to answer ${m.name}. All messages: ${consoleUrl}
`,
  };
}
