export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail. SMTP when configured; otherwise the outbox keeps it for the dev page. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}
