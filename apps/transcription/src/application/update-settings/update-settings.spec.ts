import { TranscriptionSubjects } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { aCompanyUser } from '../../../test/factories';
import { inMemoryTranscriptionStore } from '../../../test/fakes';
import { getSettings } from '../get-settings/get-settings';
import { updateSettings } from './update-settings';

describe('updateSettings', () => {
  const admin = aCompanyUser({ role: 'administrator' });
  const clock = new FakeClock('2026-03-01T10:00:00+00:00');

  it('publishes the effective value: on only with an engine, while the setting itself is kept', async () => {
    const store = inMemoryTranscriptionStore();
    const deps = { store, engineConfigured: false, clock };
    expect(await updateSettings(deps, { principal: admin }, { transcription: true })).toEqual({
      transcription: true,
      transcription_available: false,
      updated_at: '2026-03-01T10:00:00+00:00',
    });
    expect(store.published).toEqual([
      {
        subject: TranscriptionSubjects.SettingsChanged,
        payload: { company_uuid: admin.companyUuid, transcription: false, occurred_at: '2026-03-01T10:00:00+00:00' },
      },
    ]);
    expect(await getSettings({ ...deps, engineConfigured: true }, { principal: aCompanyUser({ companyUuid: admin.companyUuid }) })).toMatchObject({
      transcription: true,
      transcription_available: true,
    });
  });

  it('changes nothing and publishes nothing when the body names no setting', async () => {
    const store = inMemoryTranscriptionStore();
    expect(await updateSettings({ store, engineConfigured: true, clock }, { principal: admin }, {})).toEqual({
      transcription: false,
      transcription_available: true,
      updated_at: null,
    });
    expect(store.published).toEqual([]);
  });

  it('is for administrators only', async () => {
    const store = inMemoryTranscriptionStore();
    await expect(updateSettings({ store, engineConfigured: true, clock }, { principal: aCompanyUser() }, { transcription: true })).rejects.toMatchObject({
      code: 'api.administrator_required',
    });
  });
});
