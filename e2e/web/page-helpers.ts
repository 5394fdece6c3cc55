import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { en } from '../../apps/web/src/i18n/en';

/** What a candidate does on the page, shared by the browser specs (not a spec itself). */

/** Runs the device check (Chromium's fake camera and microphone), then presses `startButton`. */
export async function checkDevicesAndStart(page: Page, startButton: string): Promise<void> {
  await page.getByRole('button', { name: en.device.check }).click();
  await page.getByText(en.device.ok).waitFor();
  await page.getByRole('button', { name: startButton }).click();
}

/** Starts a recording (cutting think time short) and presses Stop after `stopAfterMs`; with undefined, the time limit stops it. */
export async function recordTake(page: Page, stopAfterMs?: number): Promise<void> {
  // "Start recording", or "Start recording now" during think time.
  await page.getByRole('button', { name: new RegExp(`^${en.question.start}`) }).click();
  await page.getByText(en.question.recording, { exact: true }).waitFor();
  if (stopAfterMs === undefined) return;
  await page.waitForTimeout(stopAfterMs);
  await page.getByRole('button', { name: en.question.stop }).click();
}

// Functions run inside the page reach the DOM through `globalThis` typed `any`: the root tsconfig has
// Node's types, not the DOM's. They are serialized, so they may use nothing from this module.

/** Whether the page scrolls sideways: the document is wider than the viewport. */
export function scrollsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const window: any = globalThis;
    return window.document.documentElement.scrollWidth > window.innerWidth;
  });
}

/**
 * The words of the page's data tables that are broken across two lines (a header "Statu / s"): each word's range in
 * its text node gives one box per line it is laid out on.
 */
export function wordsSplitInTables(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const document: any = (globalThis as any).document;
    const split: string[] = [];
    for (const cell of document.querySelectorAll('table.data th, table.data td')) {
      const walker = document.createTreeWalker(cell, 4 /* NodeFilter.SHOW_TEXT */);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // A hyphen is a line-break opportunity of ordinary text ("UTC-" / "05:00"): each part is a word of its own.
        for (const match of (node.textContent as string).matchAll(/[^\s-]+-?/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r: any) => r.width > 0).map((r: any) => Math.round(r.top)));
          if (lines.size > 1) split.push(match[0]);
        }
      }
    }
    return split;
  });
}

/** For `locator.evaluate`: whether the element has the keyboard focus. */
export const isFocused = (element: unknown): boolean => element === (globalThis as any).document.activeElement;
/** For `locator.evaluate`: the element's computed outline style ('none' when no focus ring shows). */
export const outlineStyle = (element: unknown): string => (globalThis as any).getComputedStyle(element).outlineStyle;
/**
 * For `locator.evaluate` on a <video>: plays it muted (autoplay rules) and resolves when playing. A play() that
 * Chromium interrupts (AbortError: its media pipeline paused or reloaded the element while it was starting, seen
 * once in CI on the real servers) is asked again, at most three times.
 */
export const playMuted = async (video: any): Promise<void> => {
  video.muted = true;
  // A page evaluation has no timeout: a play() that never starts (a CI run, 2026-12-07: the watch page's take) would
  // hang the test until jest's limit and say nothing. After 30 s it fails with what the element knew.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const what = `readyState ${video.readyState}, networkState ${video.networkState}, error ${video.error?.code ?? 'none'}, buffered ${video.buffered.length}`;
      reject(new Error(`the video did not start playing in 30 s (${what}, ${video.currentSrc})`));
    }, 30_000);
  });
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        return await Promise.race([video.play(), stalled]);
      } catch (error) {
        if ((error as Error).name !== 'AbortError' || attempt === 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
  } finally {
    clearTimeout(timer);
  }
};
/** For `locator.evaluate` on a <video>: its playback position in seconds. */
export const currentTime = (video: any): number => video.currentTime;

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's WCAG 2.1 A and AA rules on the page as it is now: the violations, as `rule: target, target…` lines
 * (empty when there is none). axe is evaluated through the DevTools protocol, which the page's CSP does not govern.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> = await page.evaluate(async () => {
    const axe = (globalThis as any).axe;
    const result = await axe.run((globalThis as any).document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return result.violations.map((v: any) => ({ id: v.id, nodes: v.nodes.map((n: any) => ({ target: n.target })) }));
  });
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * A real video as the candidate page records one (a canvas through MediaRecorder, WebM), `ms` long, so that Chromium
 * decodes, plays and seeks it (the synthetic `webmFile` frames do not decode). It takes `ms` of real time. With
 * `sound`, an Opus track of a tone rides along (what a transcription engine is sent, issue 43).
 */
export async function recordedWebm(browser: Browser, ms: number, options: { sound?: boolean } = {}): Promise<Buffer> {
  const recorder = await browser.newPage();
  try {
    const bytes: number[] = await recorder.evaluate(
      async ({ duration, sound }: { duration: number; sound: boolean }) => {
        const window: any = globalThis;
        const canvas = window.document.createElement('canvas');
        canvas.width = 160;
        canvas.height = 90;
        const context = canvas.getContext('2d');
        const timer = window.setInterval(() => {
          context.fillStyle = `hsl(${Date.now() % 360}, 70%, 50%)`;
          context.fillRect(0, 0, 160, 90);
        }, 40);
        const stream = canvas.captureStream(25);
        const audio = sound ? new window.AudioContext() : undefined;
        if (audio) {
          const tone = audio.createOscillator();
          const destination = audio.createMediaStreamDestination();
          tone.connect(destination);
          tone.start();
          stream.addTrack(destination.stream.getAudioTracks()[0]);
        }
        const media = new window.MediaRecorder(stream, { mimeType: sound ? 'video/webm;codecs=vp8,opus' : 'video/webm' });
        const parts: unknown[] = [];
        media.ondataavailable = (event: any) => parts.push(event.data);
        const stopped = new Promise((resolve) => (media.onstop = resolve));
        media.start();
        await new Promise((resolve) => window.setTimeout(resolve, duration));
        media.stop();
        await stopped;
        window.clearInterval(timer);
        await audio?.close();
        return Array.from(new Uint8Array(await new window.Blob(parts).arrayBuffer()));
      },
      { duration: ms, sound: options.sound === true },
    );
    return Buffer.from(bytes);
  } finally {
    await recorder.close();
  }
}
