import { text } from '../../i18n/texts';
import { LANGUAGE_NAMES, writtenLanguageOf } from '../../i18n/language-names';
import { el } from '../../shared/dom';
import { e164, type CandidateLine } from '../candidate-lines';
import { field, select } from '../ui/form';
import type { Assignee, InviteBody } from './parts';

/**
 * The languages the candidate's emails can be written in, valued as the user's browser tag where it is that language
 * ("fr-CA" keeps Canadian dates), and the one chosen at first: the browser's language, else English (decision 047).
 */
function emailLanguages(): { options: Record<string, string>; chosen: string } {
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
  const own = tags.find((tag) => writtenLanguageOf(tag) !== undefined);
  const options: Record<string, string> = {};
  for (const [lang, name] of Object.entries(LANGUAGE_NAMES)) options[own && writtenLanguageOf(own) === lang ? own : lang] = name;
  return { options, chosen: own ?? 'en' };
}

/** Step 3, the invitation: its optional message, its language, and the candidates' SMS consent where the plan has SMS. */
export interface EmailStep {
  readonly elements: HTMLElement[];
  fill(body: InviteBody): void;
  /** A candidate as the request names them (their phone only where SMS is allowed). */
  assignee(candidate: CandidateLine): Assignee;
}

export function emailStep(smsAllowed: boolean): EmailStep {
  const message = el('textarea', { name: 'email_message', rows: 3 });
  const languages = emailLanguages();
  const language = select(languages.options, languages.chosen, { name: 'language' });
  // Its own error line, so a refusal for want of consent is said beside the box (form.ts finds it by `data-error-for`).
  const consent = el('input', {
    type: 'checkbox',
    id: 'sms-consent',
    name: 'has_sms_consent',
    'data-field': 'has_sms_consent',
    'aria-describedby': 'sms-consent-error',
  });
  return {
    elements: [
      field(`${text().workspace.invite.message} ${text().workspace.common.optional}`, message, { apiField: 'email_message' }),
      field(text().workspace.invite.language, language, { apiField: 'language', hint: text().workspace.invite.languageHint }),
      ...(smsAllowed
        ? [
            el(
              'div',
              {},
              el('div', { class: 'choice' }, consent, el('label', { for: 'sms-consent' }, text().workspace.invite.smsConsent)),
              el('p', { id: 'sms-consent-error', class: 'field-error', 'data-error-for': 'sms-consent' }),
            ),
          ]
        : []),
    ],
    fill(body) {
      body.language = language.value;
      if (message.value.trim()) body.email_message = message.value;
      if (smsAllowed && consent.checked) body.has_sms_consent = true;
    },
    assignee: (c) => (smsAllowed && c.phone ? { name: c.name, email: c.email, phone: c.phone, phone_parsed: e164(c.phone) } : { name: c.name, email: c.email }),
  };
}
