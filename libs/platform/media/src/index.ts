/**
 * Video plumbing with no domain knowledge, for every service that keeps videos (interviews' takes and recordings,
 * jobs' job videos): storage (a directory or an S3 bucket), presigned playback URLs, a container's measured length
 * while it streams in, an upload's body read ahead, and a stored video sent out by range. The rules (how long,
 * how large, who may) stay in each service.
 */
export {
  containerNamed,
  type MediaPlaybackUrls,
  type MediaStorage,
  type MeasuredVideo,
  type VideoContainer,
  type VideoProbe,
  type VideoTracks,
} from './media-storage';
export { checkMediaEnv, mediaConfigOf, mediaEnv, type MediaPlaybackConfig, type MediaStorageConfig } from './media-config';
export { LocalMediaStorage } from './local-media-storage';
export { S3MediaStorage, S3PlaybackUrls } from './s3-media-storage';
export { MediabunnyVideoProbe } from './mediabunny-video-probe';
export { streamedBody, type StreamedBody } from './streamed-body';
export { sendVideo, type VideoChunk, type VideoSource } from './send-video';
export { openMediaStorage } from './open-media-storage';
