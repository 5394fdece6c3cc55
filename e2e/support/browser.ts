import { closeSync, existsSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Browser end-to-end tests: playwright-core driving the system's Chromium
 * (Debian's `chromium` package) with fake camera and microphone. Without
 * Chromium the browser specs register a single todo each and one line says
 * how to install it; everything else runs as usual. In CI (`CI` set) a missing
 * Chromium fails the run instead: the pages are part of what CI must show.
 */

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumInstalled = existsSync(CHROMIUM_PATH);

/** Screenshots of each step of a failed browser test (kept), or of none (a passing test removes its own). */
export const ARTIFACTS_DIR = resolve(__dirname, '../../test-artifacts/web');

/**
 * The fake camera's picture: a 320×180 (16:9, the shape of the 1280×720 the pages ask for, ideally) video of 10 frames a
 * second, a bright square moving over a gradient, looped. Chromium's own fake camera draws at the size asked for, and
 * Chromium encodes the pages' recordings and calls in software for as long as they last: a recorded call took 152 s of
 * the machine's CPU at 1280×720 and 125 s at 320×180 (live-call, 2026-12-08), a 15-s recording 5.5 s at 20 frames a
 * second and 3.9 at 10. Written once per machine into the OS's temp folder (Y4M, what Chromium reads).
 */
function fakeCameraFile(): string {
  const [width, height, frames] = [320, 180, 20];
  const file = join(tmpdir(), `vi-fake-camera-${width}x${height}x${frames}.y4m`);
  if (existsSync(file)) return file;
  const gradient = Buffer.alloc(width * height);
  for (let row = 0; row < height; row++)
    for (let col = 0; col < width; col++) gradient[row * width + col] = 40 + Math.floor(((row + col) * 160) / (width + height));
  const parts = [Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`)];
  for (let frame = 0; frame < frames; frame++) {
    const luma = Buffer.from(gradient);
    const left = (frame * 14) % (width - 40);
    for (let row = 70; row < 110; row++) luma.fill(235, row * width + left, row * width + left + 40);
    parts.push(Buffer.from('FRAME\n'), luma, Buffer.alloc((width * height) / 2, 128));
  }
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.concat(parts));
  renameSync(partial, file);
  return file;
}

const CHROMIUM_ARGS = [
  '--use-fake-ui-for-media-stream',
  // A fake camera and microphone; a screen share (getDisplayMedia, auto-accepted by the fake UI) captures the page's
  // own tab, whose size is the viewport's: a picture the call tests can tell from the fake camera's.
  // The camera's picture is fakeCameraFile()'s (added at launch).
  '--use-fake-device-for-media-stream=display-media-type=browser',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Recording and playback keep running while the test drives another tab or the window is hidden.
  '--autoplay-policy=no-user-gesture-required',
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  // Live calls between two pages of this machine: WebRTC leaves out loopback addresses otherwise.
  '--allow-loopback-in-peer-connection',
];

/** One line for the whole run (jest workers are children of one process), whatever the number of browser specs. */
function sayBrowserTestsDidNotRunOnce(): void {
  const marker = join(tmpdir(), `vi-browser-tests-not-run-${process.ppid}`);
  try {
    closeSync(openSync(marker, 'wx'));
  } catch {
    return;
  }
  // Straight to stderr: jest's console would add a stack trace to what must stay one line.
  process.stderr.write(
    `\nBrowser tests (e2e/web) did not run: no Chromium at ${CHROMIUM_PATH}. Install it with \`sudo apt-get install chromium\` (or set CHROMIUM_PATH).\n`,
  );
}

/** `describe` when Chromium is installed; otherwise one todo naming what did not run, and the one-line notice. */
export function describeInBrowser(name: string, body: () => void): void {
  if (chromiumInstalled) {
    describe(name, body);
    return;
  }
  if (process.env.CI) {
    describe(name, () =>
      it('runs in a browser', () => {
        throw new Error(`CI is set and there is no Chromium at ${CHROMIUM_PATH}: install it (apt-get install chromium) or set CHROMIUM_PATH`);
      }),
    );
    return;
  }
  sayBrowserTestsDidNotRunOnce();
  describe(name, () => it.todo(`did not run: Chromium is not installed (apt-get install chromium)`));
}

/** Headless Chromium with a fresh profile (Playwright makes a temporary user data dir per launch). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, `--use-file-for-fake-video-capture=${fakeCameraFile()}`],
    timeout: 30_000,
  });
}

/** A phone-sized page by default (375×812, the smallest viewport the pages promise to fit). */
export async function newPage(
  browser: Browser,
  viewport = { width: 375, height: 812 },
  where: { locale?: string; timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: where.locale ?? 'en-US', timezoneId: where.timezoneId ?? 'America/New_York' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/**
 * Runs a browser test, screenshotting each `step(name)` into
 * test-artifacts/web/<test>/; the folder is removed when the test passes and
 * kept, with a final screenshot and the page's console, when it fails.
 */
export async function withSteps(page: Page, testName: string, body: (step: (name: string) => Promise<void>) => Promise<void>): Promise<void> {
  const dir = join(ARTIFACTS_DIR, testName.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 80));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
  // Refusals' bodies name the reason (a measured duration, a field): kept for the failure report.
  page.on('response', (response) => {
    if (response.status() < 400) return;
    void response.text().then(
      (body) => consoleLines.push(`response ${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}: ${body.slice(0, 500)}`),
      () => undefined,
    );
  });
  let steps = 0;
  const step = async (name: string) => {
    steps += 1;
    await page.screenshot({ path: join(dir, `${String(steps).padStart(2, '0')}-${name.replace(/[^A-Za-z0-9_-]+/g, '-')}.png`), fullPage: true });
  };
  try {
    await body(step);
  } catch (error) {
    await page.screenshot({ path: join(dir, 'failed.png'), fullPage: true }).catch(() => undefined);
    writeFileSync(join(dir, 'console.txt'), consoleLines.join('\n'));
    throw new Error(`${(error as Error).message}\n(screenshots of each step: ${dir})`, { cause: error });
  }
  rmSync(dir, { recursive: true, force: true });
}
