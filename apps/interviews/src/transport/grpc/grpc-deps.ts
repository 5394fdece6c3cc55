import type { Clock } from '@vi/platform-time';
import type { CandidateTokenVerifier } from '../../application/resolve-candidate-token/resolve-candidate-token';
import type {
  CandidateLinks,
  IdentityDirectory,
  InterviewPageCache,
  JobsDirectory,
  MediaPlaybackUrls,
  MediaStorage,
  VideoProbe,
} from '../../application/ports';
import type { InterviewsStore } from '../../application/store';

/** What the gRPC services of this process hand their use cases; each service takes only the part it needs. */
export interface InterviewsGrpcDeps {
  store: InterviewsStore;
  identity: IdentityDirectory;
  jobs: JobsDirectory;
  links: CandidateLinks;
  tokens: CandidateTokenVerifier;
  media: MediaStorage;
  /** Set with MEDIA_PLAYBACK=redirect: videos are answered with a presigned URL. */
  playback?: MediaPlaybackUrls;
  video: VideoProbe;
  maxTakeBytes: number;
  maxTakeBitrate: number;
  maxInterviewMediaBytes: number;
  maxCompanyMediaBytes: number;
  clock: Clock;
  /** Pages of the list rendered before (decision 050). */
  pages: InterviewPageCache;
}
