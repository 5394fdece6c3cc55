import { text } from '../i18n/texts';
import { el } from '../shared/dom';
import { field, input } from './ui/form';

/** An interview's accommodations (issue 42), as `POST /interviews` and `PUT /interviews/<uuid>` take them. */
export interface Accommodations {
  time_multiplier: number;
  unlimited_time: boolean;
  extra_takes: number;
  audio_only: boolean;
}

export interface AccommodationRequest {
  message: string;
  requested_at: string;
}

export const DEFAULT_ACCOMMODATIONS: Accommodations = { time_multiplier: 1, unlimited_time: false, extra_takes: 0, audio_only: false };

/** What an interview rendering carries (absent on an API without them: the defaults, no requests). */
export function accommodationsOf(interview: object): Accommodations {
  return { ...DEFAULT_ACCOMMODATIONS, ...((interview as { accommodations?: Partial<Accommodations> | null }).accommodations ?? {}) };
}

export function accommodationRequestsOf(interview: object): AccommodationRequest[] {
  return (interview as { accommodation_requests?: AccommodationRequest[] | null }).accommodation_requests ?? [];
}

export function isDefault(a: Accommodations): boolean {
  return a.time_multiplier === 1 && !a.unlimited_time && a.extra_takes === 0 && !a.audio_only;
}

/** "Accommodations: 1.5× time, audio only", for the review and the interview page. */
export function accommodationsSummary(a: Accommodations): string {
  const t = text().workspace.accommodations;
  const parts = [
    a.unlimited_time ? t.partUnlimited : a.time_multiplier !== 1 ? t.partMultiplier(a.time_multiplier) : null,
    a.extra_takes > 0 ? t.partExtraTakes(a.extra_takes) : null,
    a.audio_only ? t.partAudioOnly : null,
  ].filter((part): part is string => part !== null);
  return t.summary(parts);
}

function checkbox(id: string, label: string, checked: boolean, apiField: string): { element: HTMLElement; box: HTMLInputElement } {
  const box = el('input', { type: 'checkbox', id, 'data-field': apiField, checked });
  return { element: el('div', { class: 'choice' }, box, el('label', { for: id }, label)), box };
}

/**
 * The four accommodations as form controls, each named by its API field (`accommodations.time_multiplier`) so a
 * refusal shows beside it. The browser's range checks are left to the API (the form is `novalidate`), which names the field.
 */
export function accommodationFields(
  current: Accommodations = DEFAULT_ACCOMMODATIONS,
  idPrefix = 'accommodations',
): {
  element: HTMLElement;
  read(): Accommodations;
} {
  const t = text().workspace.accommodations;
  const multiplier = input({
    type: 'number',
    id: `${idPrefix}-multiplier`,
    name: 'time_multiplier',
    min: 1,
    max: 10,
    step: 0.25,
    inputmode: 'decimal',
    autocomplete: 'off',
    value: current.time_multiplier,
  });
  const extraTakes = input({
    type: 'number',
    id: `${idPrefix}-extra-takes`,
    name: 'extra_takes',
    min: 0,
    max: 10,
    step: 1,
    inputmode: 'numeric',
    autocomplete: 'off',
    value: current.extra_takes,
  });
  const unlimited = checkbox(`${idPrefix}-unlimited`, t.unlimited, current.unlimited_time, 'accommodations.unlimited_time');
  const audioOnly = checkbox(`${idPrefix}-audio-only`, t.audioOnly, current.audio_only, 'accommodations.audio_only');
  const multiplierField = field(t.multiplier, multiplier, { apiField: 'accommodations.time_multiplier', hint: t.multiplierHint });
  // No multiplier to set when there is no limit to multiply.
  const sync = () => (multiplier.disabled = unlimited.box.checked);
  unlimited.box.addEventListener('change', sync);
  sync();
  const element = el(
    'fieldset',
    { class: 'accommodations' },
    el('legend', {}, t.heading),
    el('p', { class: 'hint' }, t.intro),
    multiplierField,
    unlimited.element,
    field(t.extraTakes, extraTakes, { apiField: 'accommodations.extra_takes', hint: t.extraTakesHint }),
    audioOnly.element,
  );
  return {
    element,
    read: () => ({
      time_multiplier: multiplier.value.trim() === '' ? 1 : Number(multiplier.value),
      unlimited_time: unlimited.box.checked,
      extra_takes: extraTakes.value.trim() === '' ? 0 : Number(extraTakes.value),
      audio_only: audioOnly.box.checked,
    }),
  };
}
