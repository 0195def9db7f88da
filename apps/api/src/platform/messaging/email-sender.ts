import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/** One email, ready to deliver (ID numbers already masked; the real text, secrets included). */
export interface EmailToSend {
  /** Recipient address. */
  to: string;
  subject: string;
  /** Plain-text part. */
  text: string;
  /** HTML part, sent as an alternative to the text when given. */
  html?: string;
}

/** Delivers email. Implementations throw when the message was not accepted. */
export interface EmailSender {
  /**
   * Hands one email to the mail server.
   * @throws Error when it is not accepted (connection failure, timeout, rejected recipient)
   */
  send(email: EmailToSend): Promise<void>;
}

/** Connection limits, so a dead mail server fails an attempt instead of hanging it (milliseconds). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Email through SMTP with nodemailer (DESIGN.md "Outbound channels"). One connection per message
 * (no pool), so there is nothing to close.
 * @param options.smtpUrl `smtp://[user:pass@]host[:port]` (STARTTLS when the server offers it) or
 *   `smtps://...` (TLS from the start)
 * @param options.from the sender, e.g. `Benefit Finder <no-reply@example.co.za>`
 */
export function createSmtpEmailSender(options: { smtpUrl: string; from: string }): EmailSender {
  // nodemailer loads at the first email, not at the server's start (about 14 MB resident).
  let transport: Transporter<SMTPTransport.SentMessageInfo> | undefined;
  return {
    async send(email) {
      if (!transport) {
        const { default: nodemailer } = await import('nodemailer');
        transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
      }
      const info = await transport.sendMail({
        from: options.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html === undefined ? {} : { html: email.html }),
      });
      if (info.rejected.length > 0) throw new Error('The mail server rejected the recipient');
    },
  };
}
