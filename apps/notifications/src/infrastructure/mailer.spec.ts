import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@vi/platform-logger';
import { createMailer } from './mailer';

describe('the .eml file mailer (no SMTP_URL)', () => {
  const root = mkdtempSync(join(tmpdir(), 'mailer-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('makes its folder when a write finds it missing: at the first email, and again after it was removed', async () => {
    const dir = join(root, 'mail', 'out');
    const sut = createMailer({ from: 'noreply@example.test', mailDir: dir, logger: createLogger('notifications', 'silent') });
    const email = { to: 'sam@seeker.example', subject: 'Hello', text: 'Hi', kind: 'interview_invitation' };

    await sut.send(email);
    await sut.send(email);
    expect(readdirSync(dir).filter((f) => f.endsWith('.eml'))).toHaveLength(2);

    rmSync(dir, { recursive: true });
    await sut.send(email);
    expect(readdirSync(dir)).toHaveLength(1);
    sut.close();
  });
});
