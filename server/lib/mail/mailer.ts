import nodemailer from 'nodemailer';

/** One message: plain text and HTML bodies, and the links it carries (the outbox lists them). */
export type Mail = { to: string; subject: string; text: string; html: string; links: string[] };

/** Sends mail: through SMTP when `SMTP_URL` is set, otherwise into the development outbox. */
export type Mailer = {
  kind: 'smtp' | 'outbox' | 'log';
  send: (mail: Mail) => Promise<void>;
  close: () => void;
};

/** A mailer over SMTP (nodemailer); `url` is `smtp://user:pass@host:port` or `smtps://…`. */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    close: () => transport.close(),
  };
}

/**
 * Production without SMTP: nothing is sent and nothing is readable over HTTP; each message's links go to the
 * server's log (a warning, so it shows at the default level) for the operator to pass on.
 */
export function createLogMailer(log: { warn: (details: object, msg: string) => void }): Mailer {
  return {
    kind: 'log',
    async send(mail) {
      await Promise.resolve();
      log.warn(
        { to: mail.to, subject: mail.subject, links: mail.links },
        'mail not sent: SMTP_URL is not set; its links are in this log line',
      );
    },
    close: () => undefined,
  };
}

/**
 * The development outbox: every message is stored (readable at `/dev/outbox` outside production) and its links
 * are written to the log, so verification and reset links are reachable with no mail server at all.
 */
export function createOutboxMailer(
  store: (mail: Mail) => Promise<void>,
  log: { info: (details: object, msg: string) => void },
): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await store(mail);
      log.info(
        { to: mail.to, subject: mail.subject, links: mail.links },
        'mail kept in the development outbox',
      );
    },
    close: () => undefined,
  };
}
