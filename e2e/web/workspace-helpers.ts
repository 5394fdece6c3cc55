import type { Browser, Page } from 'playwright-core';
import { account } from '../../apps/web/src/i18n/account';
import { ws } from '../../apps/web/src/i18n/workspace';
import { setPasswordTokenIn, STRONG_PASSWORD } from '../identity/session-helpers';
import { companyWithJob, DAY_MS } from '../interviews/interview-helpers';
import type { SmtpInbox } from '../notifications/notification-helpers';
import { newPage } from '../support/browser';
import type { TestSystem } from '../support/test-system';
import { axeViolations } from './page-helpers';

/** What the workspace's browser specs share (not a spec itself): the two viewports, a signed-in company user, axe. */

export const MAIL_TIMEOUT_MS = 30_000;
export const LAPTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export type Company = Awaited<ReturnType<typeof companyWithJob>>;

/** A company user created by the company's API key, signed in through the set-password page of their email. */
export async function signedInUser(t: TestSystem, inbox: SmtpInbox, browser: Browser, company: Company, name: string, role: 'administrator' | 'standard') {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@company.example`;
  const created = await company.api.post('/users', { name, email, role });
  expect(created.status).toBe(201);
  const mail = await inbox.next(email, 1, MAIL_TIMEOUT_MS);
  const { context, page } = await newPage(browser, LAPTOP);
  await page.goto(new URL(`/set-password?token=${setPasswordTokenIn(mail.text)}`, t.baseUrl).toString());
  await page.getByLabel(account.newPassword, { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: account.setPassword }).click();
  await page.getByRole('heading', { name: ws.interviews.heading, level: 1 }).waitFor();
  return { context, page, user: created.body, email };
}

export async function expectNoAxeViolation(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/** `<input type="datetime-local">`'s value `days` ahead at hh:mm in the browser's zone (America/New_York), and that instant as the API writes it. */
export function localAhead(days: number, time: string): { local: string; utc: string } {
  const day = new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
  const local = `${day}T${time}`;
  // The offset New York has on that day: format the UTC instant of the same wall clock there and compare.
  const asUtc = Date.parse(`${local}:00Z`);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(asUtc));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const shown = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  const instant = new Date(asUtc + (asUtc - shown));
  return { local, utc: instant.toISOString().replace(/\.\d{3}Z$/, '+00:00') };
}

export async function heading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}
