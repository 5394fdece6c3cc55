import { text } from '../i18n/texts';
import { el } from '../shared/dom';
import { localTime } from '../shared/format';
import type { Schemas } from './api';
import { refusalSentence } from './refusals';
import { readSettings, saveSettings } from './transcripts';
import { renderPage, type Workspace } from './ui/frame';
import { toast } from './ui/toast';

/**
 * `/settings`: the company-wide settings (issue 43, decision 073): "Transcribe answers", a switch bound to `GET/PUT
 * /settings`, saved as soon as it changes. Administrators change it; others read it with why they cannot. Without a
 * transcription engine on the platform (`transcription_available: false`) the switch is disabled and says why.
 */

function transcriptionSection(workspace: Workspace, initial: Schemas['TranscriptionSettings']): HTMLElement {
  const t = text().workspace.settings;
  const admin = workspace.role === 'administrator';
  const status = el('p', { role: 'status' });
  const alert = el('p', { class: 'refusal', role: 'alert' });
  const changed = el('p', { class: 'muted' });
  const toggle = el('input', {
    type: 'checkbox',
    role: 'switch',
    id: 'setting-transcription',
    name: 'transcription',
    checked: initial.transcription,
    disabled: !admin || !initial.transcription_available,
    'aria-describedby': 'setting-transcription-explain setting-transcription-why',
  });
  const show = (settings: Schemas['TranscriptionSettings']) => {
    toggle.checked = settings.transcription;
    status.textContent = settings.transcription ? t.isOn : t.isOff;
    changed.textContent = settings.updated_at ? t.changed(localTime(settings.updated_at)) : '';
  };
  toggle.addEventListener('change', () => {
    const wanted = toggle.checked;
    toggle.disabled = true;
    alert.textContent = '';
    saveSettings({ transcription: wanted })
      .then((saved) => {
        show(saved);
        toast(saved.transcription ? t.savedOn : t.savedOff);
      })
      .catch((error: unknown) => {
        toggle.checked = !wanted;
        alert.textContent = refusalSentence(error);
      })
      .finally(() => (toggle.disabled = false));
  });
  show(initial);
  // Why the switch cannot be moved, when it cannot: no engine first (no one can), then the role.
  const why = !initial.transcription_available ? t.unavailable : admin ? '' : t.administratorsOnly;
  return el(
    'section',
    { class: 'settings-section', 'aria-labelledby': 'transcription-heading' },
    el('h2', { id: 'transcription-heading' }, t.transcriptionHeading),
    el('div', { class: 'choice' }, toggle, el('label', { for: toggle.id }, t.transcribe)),
    status,
    el('p', { class: 'hint', id: 'setting-transcription-explain' }, t.explain, ' ', t.earlier),
    el('p', { class: why ? 'notice' : 'muted', id: 'setting-transcription-why', hidden: !why }, why),
    changed,
    alert,
  );
}

export async function settingsScreen(workspace: Workspace): Promise<void> {
  const settings = await readSettings();
  renderPage(workspace, 'settings', text().workspace.settings.heading, transcriptionSection(workspace, settings));
}
