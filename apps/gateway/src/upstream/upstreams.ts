import { credentials, type ChannelCredentials, type Client, type ClientOptions } from '@grpc/grpc-js';
import { assessments, evaluations, identity, interviews, jobs, notifications, sharing, transcription } from '@vi/contracts';
import { UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type PrincipalTokens } from '@vi/platform-grpc';

export interface Upstreams {
  identity: UpstreamClient<identity.IdentityServiceClient>;
  jobs: UpstreamClient<jobs.JobsServiceClient>;
  /** The interviews process serves one gRPC service per resource (decision 065): one client each, on its address. */
  interviews: UpstreamClient<interviews.InterviewsServiceClient>;
  questions: UpstreamClient<interviews.QuestionsServiceClient>;
  questionSets: UpstreamClient<interviews.QuestionSetsServiceClient>;
  takes: UpstreamClient<interviews.TakesServiceClient>;
  recordings: UpstreamClient<interviews.RecordingsServiceClient>;
  candidateInterviews: UpstreamClient<interviews.CandidateInterviewsServiceClient>;
  liveCalls: UpstreamClient<interviews.LiveCallsServiceClient>;
  sharing: UpstreamClient<sharing.SharingServiceClient>;
  notifications: UpstreamClient<notifications.NotificationsServiceClient>;
  evaluations: UpstreamClient<evaluations.EvaluationsServiceClient>;
  assessments: UpstreamClient<assessments.AssessmentsServiceClient>;
  /** Transcripts, captions and the company's settings (decision 073). */
  transcription: UpstreamClient<transcription.TranscriptionServiceClient>;
  close(): void;
}

export function connectUpstreams(
  addresses: {
    identity: string;
    jobs: string;
    interviews: string;
    sharing: string;
    notifications: string;
    evaluations: string;
    assessments: string;
    transcription: string;
  },
  tokens: PrincipalTokens,
): Upstreams {
  const insecure = credentials.createInsecure();
  // The interviews services' clients have the same address and channel options, so grpc-js gives them the same
  // connections (its global subchannel pool); each has its own circuit breaker.
  const ofInterviews = <C extends Client>(Service: new (address: string, creds: ChannelCredentials, options?: Partial<ClientOptions>) => C) =>
    new UpstreamClient('interviews', new Service(addresses.interviews, insecure, UPSTREAM_CHANNEL_OPTIONS), tokens);
  const clients = {
    identity: new UpstreamClient('identity', new identity.IdentityServiceClient(addresses.identity, insecure, UPSTREAM_CHANNEL_OPTIONS), tokens),
    jobs: new UpstreamClient('jobs', new jobs.JobsServiceClient(addresses.jobs, insecure, UPSTREAM_CHANNEL_OPTIONS), tokens),
    interviews: ofInterviews(interviews.InterviewsServiceClient),
    questions: ofInterviews(interviews.QuestionsServiceClient),
    questionSets: ofInterviews(interviews.QuestionSetsServiceClient),
    takes: ofInterviews(interviews.TakesServiceClient),
    recordings: ofInterviews(interviews.RecordingsServiceClient),
    candidateInterviews: ofInterviews(interviews.CandidateInterviewsServiceClient),
    liveCalls: ofInterviews(interviews.LiveCallsServiceClient),
    sharing: new UpstreamClient('sharing', new sharing.SharingServiceClient(addresses.sharing, insecure, UPSTREAM_CHANNEL_OPTIONS), tokens),
    notifications: new UpstreamClient(
      'notifications',
      new notifications.NotificationsServiceClient(addresses.notifications, insecure, UPSTREAM_CHANNEL_OPTIONS),
      tokens,
    ),
    evaluations: new UpstreamClient('evaluations', new evaluations.EvaluationsServiceClient(addresses.evaluations, insecure, UPSTREAM_CHANNEL_OPTIONS), tokens),
    assessments: new UpstreamClient('assessments', new assessments.AssessmentsServiceClient(addresses.assessments, insecure, UPSTREAM_CHANNEL_OPTIONS), tokens),
    transcription: new UpstreamClient(
      'transcription',
      new transcription.TranscriptionServiceClient(addresses.transcription, insecure, UPSTREAM_CHANNEL_OPTIONS),
      tokens,
    ),
  };
  return {
    ...clients,
    close: () => Object.values(clients).forEach((client) => client.close()),
  };
}
