import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/** A mail as the local SMTP server received it: its envelope's recipients and its raw text. */
export interface ReceivedMail {
  to: string[];
  data: string;
}

/**
 * A local SMTP server for tests of real delivery (the outbox sends over SMTP to it): every mail it
 * receives is pushed to `mails`. Answers its `SMTP_URL` and how to close it.
 */
export async function localSmtp(mails: ReceivedMail[]): Promise<{ url: string; close: () => Promise<void> }> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}

/**
 * A mail's subject and text as its reader sees them: RFC 2047 encoded words in the subject, a
 * quoted-printable or base64 body decoded (nodemailer's encodings for text in other scripts).
 */
export function decodeMail(data: string): { subject: string; text: string } {
  const [head, ...rest] = data.split(/\r?\n\r?\n/);
  const unfolded = head!.replace(/\r?\n[ \t]+/g, ' ');
  const qp = (s: string) =>
    Buffer.from(
      s.replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  const subject = (/^Subject: (.*)$/m.exec(unfolded)?.[1] ?? '').replace(
    /=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi,
    (_, enc: string, s: string) => (enc.toUpperCase() === 'B' ? Buffer.from(s, 'base64').toString('utf8') : qp(s.replace(/_/g, ' '))),
  );
  const body = rest.join('\n\n');
  const encoding = /^Content-Transfer-Encoding: (.*)$/im.exec(unfolded)?.[1]?.trim().toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? qp(body.replace(/=\r?\n/g, ''))
        : body;
  return { subject, text };
}
