import { LocalMediaStorage } from './local-media-storage';
import type { MediaPlaybackConfig, MediaStorageConfig } from './media-config';
import type { MediaPlaybackUrls, MediaStorage } from './media-storage';
import { S3MediaStorage, S3PlaybackUrls } from './s3-media-storage';

/** Registers a started resource and how to stop it (a service's `Lifecycle.add`). */
type Register = <T>(name: string, resource: T, stop: (resource: T) => unknown) => T;

/**
 * The adapters the config names: the storage, and presigned playback URLs when MEDIA_PLAYBACK=redirect (which the
 * config allows only with s3). The S3 clients are registered to be closed with the service.
 */
export function openMediaStorage(
  config: { storage: MediaStorageConfig; playback: MediaPlaybackConfig },
  register: Register,
): { media: MediaStorage; playback: MediaPlaybackUrls | undefined } {
  const storage = config.storage;
  if (storage.kind === 'local') return { media: new LocalMediaStorage(storage.dir), playback: undefined };
  const media = register('media storage', new S3MediaStorage(storage), (m) => m.close());
  const playback =
    config.playback.kind === 'redirect' ? register('playback URLs', new S3PlaybackUrls(storage, config.playback.urlTtlSeconds), (p) => p.close()) : undefined;
  return { media, playback };
}
