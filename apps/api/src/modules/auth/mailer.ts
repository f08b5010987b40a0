import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Kept out of the text for the log mailer, which writes it as a field (SMTP_URL unset). */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Without SMTP_URL the link is written to the log, so a fresh install without mail still works. */
export const logMailer = (log: FastifyBaseLogger): Mailer => ({
  async send(mail) {
    log.info(
      { mailTo: mail.to, subject: mail.subject, resetUrl: mail.link },
      'mail not sent (SMTP_URL unset); link follows',
    );
  },
});

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
