import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { createLogger } from '@vi/platform-logger';
import { createMailer, messageIdDomain } from './mailer';

describe('the .eml file mailer (no SMTP_URL)', () => {
  const root = mkdtempSync(join(tmpdir(), 'mailer-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const logger = createLogger('notifications', 'silent');

  it('makes its folder when a write finds it missing: at the first email, and again after it was removed', async () => {
    const dir = join(root, 'mail', 'out');
    const sut = createMailer({ from: 'noreply@example.test', mailDir: dir, logger });
    const email = { to: 'sam@seeker.example', subject: 'Hello', text: 'Hi', kind: 'interview_invitation' };

    await sut.send(email);
    await sut.send(email);
    expect(readdirSync(dir).filter((f) => f.endsWith('.eml'))).toHaveLength(2);

    rmSync(dir, { recursive: true });
    await sut.send(email);
    expect(readdirSync(dir)).toHaveLength(1);
    sut.close();
  });

  // Decision 054: composed with nodemailer's MailComposer, without its transport; the file must be what
  // `sendMail` on a `newline: 'unix'` stream transport wrote for the same Message-ID, Date and boundary.
  it.each([
    { name: 'an invitation (text and HTML, non-ASCII, long lines)', calendar: undefined },
    {
      name: 'a live invitation with its calendar',
      calendar: { method: 'REQUEST' as const, content: 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n' },
    },
  ])('writes byte for byte the MIME message nodemailer’s stream transport made: $name', async ({ calendar }) => {
    const dir = join(root, `same-${calendar ? 'calendar' : 'plain'}`);
    const from = 'Video interviewing <no-reply@vi.example>';
    const sut = createMailer({ from, mailDir: dir, logger });
    const url = `https://vi.example/candidate/${'x'.repeat(200)}?a=1&b=2`;
    const email = {
      to: 'Ana Pérez <ana.perez+1@seeker.example>',
      subject: 'Votre entretien vidéo — Ingénieure backend',
      text: `Bonjour Ana Pérez,\n\nOuvrez votre entretien : ${url}\n`,
      html: `<!doctype html>\n<html><body style="font-family: sans-serif"><p>Bonjour Ana Pérez,</p><p><a href="${url.replace('&', '&amp;')}">Ouvrir</a></p></body></html>`,
      calendar,
      kind: 'interview_invitation',
    };

    await sut.send(email);
    const [file] = readdirSync(dir);
    const written = readFileSync(join(dir, file));
    const text = written.toString();
    const messageId = /^Message-ID: (<[^>]+>)$/m.exec(text)![1];
    const date = new Date(/^Date: (.+)$/m.exec(text)![1]);
    const baseBoundary = /boundary="--_NmP-([0-9a-f]+)-Part_/.exec(text)![1];
    expect(messageId).toMatch(/^<[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}@vi\.example>$/);
    expect(written.includes(13)).toBe(false);

    const before = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const expected = (await before.sendMail({
      from,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      ...(calendar ? { icalEvent: { method: calendar.method, content: calendar.content, filename: 'invitation.ics' } } : {}),
      messageId,
      date,
      baseBoundary,
    } as SendMailOptions)) as unknown as { message: Buffer };
    expect(written.toString()).toBe(expected.message.toString());
    sut.close();
  });

  it('takes the Message-ID domain from the From address, as nodemailer does', () => {
    expect(messageIdDomain('Video interviewing <no-reply@vi.example>')).toBe('vi.example');
    expect(messageIdDomain('no-reply@vi.example')).toBe('vi.example');
    expect(messageIdDomain('nobody')).toBe('nobody');
  });
});
