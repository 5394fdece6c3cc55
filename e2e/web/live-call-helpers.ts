import type { Browser, BrowserContext, Locator, Page, Request, Response } from 'playwright-core';
import { waitFor } from '@vi/platform-testing';
import { en } from '../../apps/web/src/i18n/en';
import { newPage } from '../support/browser';

/** What the live call browser specs share (not a spec itself). */

export interface CallStats {
  /** Video frames decoded from every other participant (inbound-rtp framesDecoded). */
  frames: number;
  /** Audio samples received and their energy (inbound-rtp): sound is arriving. */
  samples: number;
  energy: number;
  /** Whether a connection in use goes through a TURN relay. */
  relayed: boolean;
}

/**
 * A page whose RTCPeerConnections the test can read (their getStats), optionally forced through TURN
 * (`iceTransportPolicy: 'relay'`); the page's own code is unchanged.
 */
export async function callPage(
  browser: Browser,
  options: { relay?: boolean; viewport?: { width: number; height: number }; locale?: string; timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, options.viewport, { locale: options.locale, timezoneId: options.timezoneId });
  await opened.context.addInitScript((relay: boolean) => {
    const window: any = globalThis;
    const Native = window.RTCPeerConnection;
    window.__peerConnections = [];
    window.RTCPeerConnection = class extends Native {
      constructor(configuration: any) {
        super(relay ? { ...configuration, iceTransportPolicy: 'relay' } : configuration);
        window.__peerConnections.push(this);
      }
    };
  }, options.relay ?? false);
  return opened;
}

export function callStats(page: Page): Promise<CallStats> {
  return page.evaluate(async () => {
    const window: any = globalThis;
    const totals = { frames: 0, samples: 0, energy: 0, relayed: false };
    for (const pc of window.__peerConnections ?? []) {
      if (pc.connectionState === 'closed') continue;
      const stats = await pc.getStats();
      stats.forEach((report: any) => {
        if (report.type === 'inbound-rtp' && report.kind === 'video') totals.frames += report.framesDecoded ?? 0;
        if (report.type === 'inbound-rtp' && report.kind === 'audio') {
          totals.samples += report.totalSamplesReceived ?? 0;
          totals.energy += report.totalAudioEnergy ?? 0;
        }
        if (report.type === 'candidate-pair' && report.state === 'succeeded' && report.nominated) {
          if (stats.get(report.localCandidateId)?.candidateType === 'relay') totals.relayed = true;
        }
      });
    }
    return totals;
  });
}

/** Waits until the page decodes more of the others' video (15 more frames, ~1.5 s of the fake camera's 10 a second) and receives more sound. */
export async function mediaAdvances(page: Page, timeoutMs = 45_000): Promise<CallStats> {
  const before = await callStats(page);
  let now = before;
  await waitFor(
    async () => {
      now = await callStats(page);
      return now.frames >= before.frames + 15 && now.samples > before.samples && now.energy > 0;
    },
    timeoutMs,
    200,
  );
  return now;
}

/** The device check, then Join. */
export async function checkAndJoin(page: Page): Promise<void> {
  await page.getByRole('button', { name: en.device.check }).click();
  await page.getByText(en.device.ok).waitFor();
  await page.getByRole('button', { name: en.live.join }).click();
}

/** The tile caption of a participant as the page shows it ("Name" or "Name: microphone off"). */
export function tileOf(page: Page, name: string) {
  return page.locator('.tile figcaption', { hasText: name });
}

/**
 * The page's requests to its recordings (start, each part, end), with their answers and how long each took: what a
 * failure about saving a recording prints, since CI keeps no artifacts.
 */
export function recordingRequests(page: Page): () => string {
  const since = Date.now();
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = new Map<Request, { at: number; what: string; outcome?: string }>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/\/recordings(\/|$)/.test(path)) lines.set(request, { at: Date.now(), what: `${request.method()} …${path.slice(path.indexOf('/recordings'))}` });
  });
  const answered = (request: Request, outcome: string, at = Date.now()) => {
    const line = lines.get(request);
    if (line) line.outcome = `${outcome} after ${seconds(at - line.at)}`;
  };
  // A refusal names its code and reason (the JSON error), so a failure says why the server said no.
  const outcomeOf = async (response: Response | null): Promise<string> => {
    if (!response) return 'no answer';
    if (response.status() < 400) return String(response.status());
    const body = await response.text().catch(() => '');
    return `${response.status()} ${body.slice(0, 300)}`;
  };
  page.on('requestfinished', (request) => {
    const at = Date.now();
    void request
      .response()
      .then(outcomeOf)
      .then((outcome) => answered(request, outcome, at));
  });
  page.on('requestfailed', (request) => answered(request, `failed (${request.failure()?.errorText ?? 'unknown'})`));
  return () => [...lines.values()].map((l) => `+${seconds(l.at - since)} ${l.what}: ${l.outcome ?? 'pending'}`).join('\n');
}

/** Waits until the page decodes no more of the others' video: no new frame for a whole second. */
export async function mediaStops(page: Page, timeoutMs = 30_000): Promise<void> {
  let last = (await callStats(page)).frames;
  await waitFor(
    async () => {
      await page.waitForTimeout(1_000);
      const now = (await callStats(page)).frames;
      const still = now === last;
      last = now;
      return still;
    },
    timeoutMs,
    0,
  );
}

/**
 * The ICE username fragment of each open connection's current local description: a new one after `restartIce()`
 * (a restart gathers new credentials; nothing else changes them).
 */
export function localIceUfrags(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const window: any = globalThis;
    return (window.__peerConnections ?? [])
      .filter((pc: any) => pc.connectionState !== 'closed')
      .map((pc: any) => /a=ice-ufrag:(\S+)/.exec(pc.localDescription?.sdp ?? '')?.[1] ?? '');
  });
}

/** A video drawn on a canvas (the call recorder's tiles): the picture's own size, and the size it was drawn at. */
export interface VideoDrawing {
  width: number;
  height: number;
  drawnWidth: number;
  drawnHeight: number;
}

/**
 * Notes the last videos the context's pages draw on canvases (CanvasRenderingContext2D.drawImage), so a test can
 * see what the recorder puts in the recording; the page's own code is unchanged.
 */
export async function watchVideoDrawing(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const window: any = globalThis;
    window.__videoDrawings = [];
    const prototype = window.CanvasRenderingContext2D.prototype;
    const native = prototype.drawImage;
    prototype.drawImage = function (this: unknown, ...args: any[]) {
      const [source, , , drawnWidth, drawnHeight] = args;
      if (source?.tagName === 'VIDEO') {
        window.__videoDrawings.push({ width: source.videoWidth, height: source.videoHeight, drawnWidth, drawnHeight });
        if (window.__videoDrawings.length > 60) window.__videoDrawings.shift();
      }
      return native.apply(this, args);
    };
  });
}

export function videoDrawings(page: Page): Promise<VideoDrawing[]> {
  return page.evaluate(() => (globalThis as any).__videoDrawings ?? []);
}

/** The picture size a tile's video plays (0 × 0 before its first frame). */
export function videoSizeOf(tile: Locator): Promise<{ width: number; height: number }> {
  return tile.locator('video').evaluate((v: any) => ({ width: v.videoWidth, height: v.videoHeight }));
}

/** Waits until a tile plays a picture of this shape (its width / height within 2 %); a failure names what it plays. */
export async function playsShapeOf(tile: Locator, shape: { width: number; height: number }, timeoutMs = 30_000): Promise<void> {
  const ratio = (size: { width: number; height: number }) => size.width / size.height;
  await waitFor(async () => Math.abs(ratio(await videoSizeOf(tile)) / ratio(shape) - 1) < 0.02, timeoutMs, 200).catch(async (error: Error) => {
    const size = await videoSizeOf(tile);
    throw new Error(`${error.message}: the tile plays ${size.width}×${size.height}, not the shape of ${shape.width}×${shape.height}`);
  });
}
