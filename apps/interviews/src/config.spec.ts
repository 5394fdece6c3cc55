import { ConfigError } from '@vi/platform-config';
import { loadInterviewsConfig } from './config';

const secrets = { INTERNAL_JWT_SECRET: 'x'.repeat(32), CANDIDATE_TOKEN_SECRET: 'y'.repeat(32) };
const s3 = { MEDIA_STORAGE: 's3', S3_BUCKET: 'takes' };

function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadInterviewsConfig({ ...secrets, ...env });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('interviews configuration: how take videos reach players', () => {
  it('streams them through the services unless told otherwise', () => {
    expect(loadInterviewsConfig({ ...secrets, ...s3 }).media.playback).toEqual({ kind: 'stream' });
  });

  it('redirects to presigned URLs of five minutes by default, or of the lifetime set', () => {
    expect(loadInterviewsConfig({ ...secrets, ...s3, MEDIA_PLAYBACK: 'redirect' }).media.playback).toEqual({ kind: 'redirect', urlTtlSeconds: 300 });
    expect(loadInterviewsConfig({ ...secrets, ...s3, MEDIA_PLAYBACK: 'redirect', MEDIA_PLAYBACK_URL_TTL: '90s' }).media.playback).toEqual({
      kind: 'redirect',
      urlTtlSeconds: 90,
    });
  });

  it('signs for the public endpoint when there is one', () => {
    const sut = loadInterviewsConfig({ ...secrets, ...s3, S3_ENDPOINT: 'http://minio.storage:9000', S3_PUBLIC_ENDPOINT: 'https://media.example.com' }).media
      .storage;
    expect(sut).toMatchObject({ kind: 's3', endpoint: 'http://minio.storage:9000', publicEndpoint: 'https://media.example.com' });
  });

  it('refuses to start with a redirect it cannot sign, or a lifetime outside what S3 accepts', () => {
    expect(problems({ MEDIA_PLAYBACK: 'redirect' })).toEqual(['MEDIA_PLAYBACK: redirect needs MEDIA_STORAGE=s3 (a presigned URL of the object store)']);
    expect(problems({ ...s3, MEDIA_PLAYBACK: 'redirect', MEDIA_PLAYBACK_URL_TTL: '8d' })).toEqual(['MEDIA_PLAYBACK_URL_TTL: must be between 1s and 7d']);
    expect(problems({ ...s3, MEDIA_PLAYBACK: 'sometimes' })).toHaveLength(1);
    expect(problems({ ...s3, S3_PUBLIC_ENDPOINT: 'not a url' })).toHaveLength(1);
  });
});
