import { text } from '../i18n/texts';
import { el } from '../shared/dom';

/** The page shows how long is left once the due time is this near. */
export const DUE_SOON_SECONDS = 30 * 60;

/** Whole seconds until the due time by this browser's clock (negative once passed). */
export function secondsUntil(dueAt: number): number {
  return Math.ceil((dueAt - Date.now()) / 1000);
}

export function duePassed(dueAt: number): boolean {
  return Date.now() >= dueAt;
}

/** "1:05:09" or "4:07": hours only when there are some. */
export function clockOf(totalSeconds: number): string {
  const s = Math.max(0, totalSeconds);
  const hours = Math.floor(s / 3600);
  const rest = text().common.clock(s % 3600);
  return hours > 0 ? `${hours}:${rest.padStart(5, '0')}` : rest;
}

/**
 * "Time left before the due time: 4:07", kept current every second while it is on the page, once the due time is
 * within DUE_SOON_SECONDS; `onPassed` runs once when it passes. Null when the due time is further away.
 */
export function dueCountdown(dueAt: number, onPassed?: () => void): HTMLElement | null {
  if (secondsUntil(dueAt) > DUE_SOON_SECONDS) return null;
  const line = el('p', { class: 'due-countdown', role: 'timer', 'aria-live': 'off' }, text().question.dueIn(clockOf(secondsUntil(dueAt))));
  const timer = window.setInterval(() => {
    const left = secondsUntil(dueAt);
    if (!line.isConnected && line.dataset.shown) return window.clearInterval(timer);
    if (line.isConnected) line.dataset.shown = 'true';
    line.textContent = text().question.dueIn(clockOf(left));
    if (left <= 0) {
      window.clearInterval(timer);
      if (line.isConnected) onPassed?.();
    }
  }, 1000);
  return line;
}
