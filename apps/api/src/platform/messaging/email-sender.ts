import type { Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';

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
  /** Closes the sender's open connections (pooled SMTP); sends after it open new ones. */
  close?(): void;
}

/** Connection limits, so a dead mail server fails an attempt instead of hanging it (milliseconds). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Pooled connections (issue 40 item 6): up to 5 SMTP connections kept open and reused, each for
 * up to 100 messages before it is replaced (nodemailer's defaults, stated here); an idle one is
 * closed by the server or after `socketTimeout`.
 */
const SMTP_POOL = { pool: true, maxConnections: 5, maxMessages: 100 } as const;

/**
 * Email through SMTP with nodemailer (DESIGN.md "Outbound channels"), over a pool of connections
 * (`SMTP_POOL`): a message does not pay for a new connection and greeting. `close` ends them
 * (the app calls it when it closes).
 * @param options.smtpUrl `smtp://[user:pass@]host[:port]` (STARTTLS when the server offers it) or
 *   `smtps://...` (TLS from the start)
 * @param options.from the sender, e.g. `Benefit Finder <no-reply@example.co.za>`
 */
export function createSmtpEmailSender(options: { smtpUrl: string; from: string }): EmailSender {
  // nodemailer loads at the first email, not at the server's start (about 14 MB resident).
  // One pool, however many sends start before nodemailer has loaded.
  let transport: Promise<Transporter<SMTPPool.SentMessageInfo>> | undefined;
  return {
    async send(email) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS, ...SMTP_POOL }),
      );
      const info = await (await transport).sendMail({
        from: options.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html === undefined ? {} : { html: email.html }),
      });
      if (info.rejected.length > 0) throw new Error('The mail server rejected the recipient');
    },
    close() {
      void transport?.then((pool) => pool.close());
      transport = undefined;
    },
  };
}
