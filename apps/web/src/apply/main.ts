import '../shared/styles.css';
import { text } from '../i18n/texts';
import { companyBadge } from '../candidate/landing';
import { languageSwitcher, useBrowserLanguage } from '../i18n/candidate';
import { ApiError } from '../shared/api';
import { mountAccommodationHelp } from '../shared/accommodation-help';
import { el, pageRoot, show } from '../shared/dom';
import { localTime, waitOf } from '../shared/format';
import { loadingScreen, messageScreen } from '../shared/screens';
import { captionsTrack } from '../shared/captions-track';
import { e164Of, openInterviewOf, readOpenInterview, sameOriginMedia, sendApplication, type Application, type PublicOpenInterview } from './apply-api';

/**
 * `/apply/<uuid>`, an open interview's link (decision 045): the job and its company, the job video, what will
 * happen, and a form (name, email; a phone with SMS consent where the plan sends SMS; a hidden honeypot). After
 * sending, one sentence: check your email. Every refusal is a sentence: a closed or unknown link (the API's one
 * 404), too many attempts (when to retry), a bad field beside the field. `?name=&email=` pre-fill the form (an
 * integrator's link). In the applicant's language, with the candidate pages' switcher (decision 042).
 */

const root = pageRoot();

/** "2 minutes" and "14:05": how long to wait and until when, from a 429's Retry-After. */
const retryWhen = (error: ApiError) => waitOf(error.retryAfter, 60);

function closedScreen(): void {
  document.title = text().apply.closedHeading;
  show(
    root,
    el(
      'main',
      { class: 'card' },
      languageSwitcher(closedScreen),
      el('h1', {}, text().apply.closedHeading),
      el('p', { role: 'alert', class: 'refusal' }, text().apply.closed),
    ),
  );
}

function failedToOpen(error: unknown): void {
  if (error instanceof ApiError && error.code === 'api.open_interview_not_found') return closedScreen();
  if (error instanceof ApiError && error.status === 429) {
    const [wait, at] = retryWhen(error);
    document.title = text().apply.tooManyHeading;
    return messageScreen(root, text().apply.tooManyHeading, text().apply.tooManyRead(wait, at));
  }
  const sentence = error instanceof ApiError && (error.code === 'network' || error.status >= 500) ? text().errors.unavailable : text().errors.unexpected;
  document.title = text().apply.unavailableHeading;
  messageScreen(root, text().apply.unavailableHeading, sentence);
}

let nextId = 0;
type Control = HTMLInputElement;

/** A labelled input with its hint and its own error line (a refusal is said beside its cause). */
function field(label: string, control: Control, hint?: string): HTMLElement {
  nextId += 1;
  control.id ||= `apply-field-${nextId}`;
  const describedBy = [hint ? `${control.id}-hint` : '', `${control.id}-error`].filter(Boolean).join(' ');
  control.setAttribute('aria-describedby', describedBy);
  return el(
    'div',
    { class: 'field' },
    el('label', { for: control.id }, label),
    hint ? el('p', { id: `${control.id}-hint`, class: 'hint' }, hint) : null,
    control,
    el('p', { id: `${control.id}-error`, class: 'field-error' }),
  );
}

function setFieldError(control: Control, sentence: string): void {
  control.setAttribute('aria-invalid', 'true');
  const line = document.getElementById(`${control.id}-error`);
  if (line) line.textContent = sentence;
}

function clearFieldErrors(form: HTMLElement): void {
  for (const control of form.querySelectorAll<Control>('[aria-invalid="true"]')) {
    control.removeAttribute('aria-invalid');
    const line = document.getElementById(`${control.id}-error`);
    if (line) line.textContent = '';
  }
}

function details(open: PublicOpenInterview): HTMLElement {
  const company = open.company.name;
  const video = open.job_video
    ? el(
        'figure',
        { class: 'job-video' },
        el(
          'video',
          {
            class: 'preview',
            controls: true,
            playsinline: true,
            preload: 'metadata',
            src: sameOriginMedia(open.job_video.url),
            'aria-label': text().apply.videoLabel(open.job.title),
          },
          captionsTrack(open.job_video.captions_url, text().common.captions),
        ),
        el('figcaption', { class: 'muted' }, text().apply.videoCaption(company, text().common.duration(Math.round(open.job_video.duration_seconds)))),
      )
    : null;
  const where = open.job.location.formatted_address;
  return el(
    'article',
    { class: 'card apply-job', 'aria-labelledby': 'job-title' },
    el('p', { class: 'eyebrow' }, text().apply.eyebrow(company)),
    el('h1', { id: 'job-title' }, open.job.title),
    where ? el('p', { class: 'muted job-where' }, where) : null,
    // On a phone the form is below the job: one tap takes the applicant there.
    el('a', { class: 'button jump', href: '#apply-heading' }, text().apply.formHeading),
    video,
    open.job.description.trim()
      ? el(
          'section',
          { 'aria-labelledby': 'about-heading' },
          el('h2', { id: 'about-heading' }, text().apply.aboutHeading),
          el('p', { class: 'job-description' }, open.job.description),
        )
      : null,
    el(
      'section',
      { 'aria-labelledby': 'steps-heading' },
      el('h2', { id: 'steps-heading' }, text().apply.whatHappens),
      el(
        'ol',
        { class: 'steps' },
        ...text()
          .apply.steps(open.questions.count, open.due_days)
          .map((step) => el('li', {}, step)),
      ),
      el('h3', {}, text().apply.questionsHeading(open.questions.count)),
      el(
        'ul',
        { class: 'questions' },
        ...open.questions.time_limits.map((limit, i) => el('li', {}, text().apply.questionLimit(i + 1, text().common.duration(limit)))),
      ),
      el('p', { class: 'muted' }, text().apply.questionsHidden),
      el('p', { class: 'muted' }, text().apply.closes(localTime(open.expires_at))),
    ),
  );
}

/** What was typed survives a switch of language: the form is drawn again with the same values. */
interface Typed {
  name: string;
  email: string;
  phone: string;
  consent: boolean;
}

function applyForm(uuid: string, open: PublicOpenInterview, typed: Typed, keep: (typed: Typed) => void): HTMLElement {
  const sms = open.sms_invitations;
  const name = el('input', { type: 'text', name: 'name', autocomplete: 'name', required: true, maxlength: 200, value: typed.name });
  const email = el('input', { type: 'email', name: 'email', autocomplete: 'email', required: true, maxlength: 254, value: typed.email, spellcheck: 'false' });
  const phone = el('input', { type: 'tel', name: 'phone', autocomplete: 'tel', maxlength: 50, value: typed.phone });
  const consent = el('input', {
    type: 'checkbox',
    id: 'sms-consent',
    name: 'has_sms_consent',
    checked: typed.consent,
    'aria-describedby': 'sms-consent-error',
  });
  // The honeypot: out of sight and out of the keyboard's path and the accessibility tree; a robot fills it.
  const website = el('input', { type: 'text', id: 'website', name: 'website', tabindex: '-1', autocomplete: 'off' });
  const alert = el('p', { class: 'refusal form-alert', role: 'alert', hidden: true });
  const submit = el('button', { type: 'submit' }, text().apply.send);
  const current = (): Typed => ({ name: name.value, email: email.value, phone: phone.value, consent: consent.checked });
  const form = el(
    'form',
    { class: 'apply-form', novalidate: true, 'aria-labelledby': 'apply-heading' },
    alert,
    field(text().apply.name, name),
    field(text().apply.email, email, text().apply.emailHint),
    sms ? field(text().apply.phone, phone, text().apply.phoneHint) : null,
    sms
      ? el(
          'div',
          { class: 'consent' },
          el('div', { class: 'choice' }, consent, el('label', { for: 'sms-consent' }, text().apply.smsConsent)),
          el('p', { id: 'sms-consent-error', class: 'field-error' }),
        )
      : null,
    el('div', { class: 'honeypot', 'aria-hidden': 'true' }, el('label', { for: 'website' }, text().apply.honeypot), website),
    el('p', { class: 'muted privacy' }, sms ? text().apply.privacyPhone(open.company.name) : text().apply.privacy(open.company.name)),
    submit,
  );
  for (const control of [name, email, phone, consent]) control.addEventListener('input', () => keep(current()));

  const refuse = (error: unknown) => {
    let first: HTMLElement | null = null;
    if (error instanceof ApiError && error.code === 'api.open_interview_not_found') return closedScreen();
    if (error instanceof ApiError && error.fieldErrors.length > 0) {
      for (const refused of error.fieldErrors) {
        const [control, sentence] =
          refused.field === 'name'
            ? [
                name,
                refused.code === 'too_big'
                  ? text().apply.fields.nameTooLong
                  : refused.code === 'too_small'
                    ? text().apply.fields.nameMissing
                    : text().apply.fields.namePlain,
              ]
            : refused.field === 'email'
              ? [email, text().apply.fields.emailInvalid]
              : refused.field === 'phone' || refused.field === 'phone_parsed'
                ? [phone, text().apply.fields.phoneInvalid]
                : refused.field === 'has_sms_consent'
                  ? [consent, text().apply.fields.consentMissing]
                  : [null, ''];
        if (control && (sms || (control !== phone && control !== consent))) {
          setFieldError(control, sentence);
          first ??= control;
        }
      }
    }
    if (first) return first.focus();
    alert.textContent =
      error instanceof ApiError && error.code === 'api.open_interview_daily_limit_reached'
        ? text().apply.dailyLimit(...retryWhen(error))
        : error instanceof ApiError && error.status === 429
          ? text().apply.tooMany(...retryWhen(error))
          : error instanceof ApiError && error.status === 402
            ? text().apply.smsNotOffered
            : error instanceof ApiError && (error.code === 'network' || error.status >= 500)
              ? text().errors.unavailable
              : text().errors.unexpected;
    alert.hidden = false;
    alert.tabIndex = -1;
    alert.focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearFieldErrors(form);
    alert.hidden = true;
    const application: Application = { name: name.value.trim(), email: email.value.trim(), language: text().lang, website: website.value };
    if (sms && phone.value.trim()) {
      const parsed = e164Of(phone.value);
      if (!parsed) {
        setFieldError(phone, text().apply.fields.phoneInvalid);
        return phone.focus();
      }
      Object.assign(application, { phone: phone.value.trim(), phone_parsed: parsed, has_sms_consent: consent.checked });
    }
    submit.disabled = true;
    submit.textContent = text().apply.sending;
    sendApplication(uuid, application)
      .then(() => sentScreen(open, application.email))
      .catch(refuse)
      .finally(() => {
        submit.disabled = false;
        submit.textContent = text().apply.send;
      });
  });
  return el(
    'section',
    { class: 'card apply-side', 'aria-labelledby': 'apply-heading' },
    el('h2', { id: 'apply-heading' }, text().apply.formHeading),
    el('p', { class: 'muted' }, text().apply.formIntro),
    form,
  );
}

/** A screen of the page: the company and the language switcher above `main`; the switcher draws it again. */
function screen(open: PublicOpenInterview, title: string, rerender: () => void, main: HTMLElement): void {
  document.title = title;
  show(root, el('div', { class: 'apply-page' }, el('header', { class: 'apply-top' }, companyBadge(open.company), languageSwitcher(rerender)), main));
}

function applyScreen(uuid: string, open: PublicOpenInterview, typed: Typed): void {
  let kept = typed;
  const form = applyForm(uuid, open, typed, (now) => (kept = now));
  screen(
    open,
    text().apply.title(open.job.title, open.company.name),
    () => applyScreen(uuid, open, kept),
    el('main', { class: 'apply-layout' }, details(open), form),
  );
}

function sentScreen(open: PublicOpenInterview, email: string): void {
  screen(
    open,
    text().apply.sentHeading,
    () => sentScreen(open, email),
    el(
      'main',
      { class: 'card apply-sent' },
      el('p', { class: 'eyebrow' }, `${open.job.title} · ${open.company.name}`),
      el('h1', {}, text().apply.sentHeading),
      el('p', { role: 'status', class: 'ok' }, text().apply.sent(email)),
      el('p', {}, text().apply.sentDue(open.due_days)),
      el('p', { class: 'muted' }, text().apply.sentAgain),
    ),
  );
}

async function main(): Promise<void> {
  useBrowserLanguage();
  // No interview yet: the help says how to ask for an accommodation once there is one (the invitation's page).
  mountAccommodationHelp(root);
  const uuid = openInterviewOf(window.location);
  if (!uuid) return closedScreen();
  loadingScreen(root);
  const open = await readOpenInterview(uuid);
  const query = new URLSearchParams(window.location.search);
  applyScreen(uuid, open, { name: query.get('name') ?? '', email: query.get('email') ?? '', phone: '', consent: false });
}

main().catch(failedToOpen);
