import { anApiKey, aUserSummary, overTheWire } from '../../test/factories';
import { ApiKey } from '../generated/identity';
import { apiKeyJson, ApiKeyView } from './api-key.view';

const ada = aUserSummary();

describe('apiKeyJson', () => {
  it('renders the user API key of the reference; a key never used has last_used_at null', () => {
    const sut = apiKeyJson(overTheWire(ApiKey, anApiKey({ last_used_at: undefined })));
    expect(sut).toEqual({
      key: 'vi_live_0123456789abcdef',
      description: 'ATS sync',
      type: 'custom_integration',
      last_used_at: null,
      created_at: '2026-11-22T10:00:00+00:00',
      updated_at: '2026-11-22T10:00:00+00:00',
      user: ada,
    });
    expect(ApiKeyView.parse(sut)).toEqual(sut);
  });
});
