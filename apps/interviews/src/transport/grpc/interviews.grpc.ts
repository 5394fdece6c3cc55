import type { interviews } from '@vi/contracts';
import { callerOf, type UnaryHandlers } from '@vi/platform-grpc';
import { acceptInterview } from '../../application/accept-interview/accept-interview';
import { completeInterview } from '../../application/complete-interview/complete-interview';
import { getCandidateInterview } from '../../application/get-candidate-interview/get-candidate-interview';
import { joinLiveInterview } from '../../application/join-live-interview/join-live-interview';
import { eraseCandidate } from '../../application/erase-candidate/erase-candidate';
import { issueCandidateLink, issueCandidateLinks } from '../../application/issue-candidate-link/issue-candidate-link';
import { resolveCandidateToken, type CandidateTokenVerifier } from '../../application/resolve-candidate-token/resolve-candidate-token';
import { skipQuestion } from '../../application/skip-question/skip-question';
import { createInterviews } from '../../application/create-interviews/create-interviews';
import { deleteInterview } from '../../application/delete-interview/delete-interview';
import type { CandidateLinks, IdentityDirectory, InterviewPageCache, JobsDirectory } from '../../application/ports';
import { getInterview } from '../../application/get-interview/get-interview';
import { listInterviews } from '../../application/list-interviews/list-interviews';
import { createQuestion } from '../../application/create-question/create-question';
import { deleteQuestion } from '../../application/delete-question/delete-question';
import { getQuestion } from '../../application/get-question/get-question';
import { listQuestions } from '../../application/list-questions/list-questions';
import { updateQuestion } from '../../application/update-question/update-question';
import { listTakes } from '../../application/list-takes/list-takes';
import { streamTakeVideo } from '../../application/stream-take-video/stream-take-video';
import { uploadTake } from '../../application/upload-take/upload-take';
import { endRecording } from '../../application/end-recording/end-recording';
import { listRecordings } from '../../application/list-recordings/list-recordings';
import { listChatMessages } from '../../application/list-chat-messages/list-chat-messages';
import { postChatMessage } from '../../application/post-chat-message/post-chat-message';
import { startRecording } from '../../application/start-recording/start-recording';
import { streamRecordingVideo } from '../../application/stream-recording-video/stream-recording-video';
import { uploadRecordingPart } from '../../application/upload-recording-part/upload-recording-part';
import { measureTakeUpload } from './take-upload-metrics';
import type { MediaPlaybackUrls, MediaStorage } from '../../application/ports';
import type { VideoProbe } from '../../application/ports';
import { resetInterview } from '../../application/reset-interview/reset-interview';
import { resendInvitation } from '../../application/resend-invitation/resend-invitation';
import { updateInterview } from '../../application/update-interview/update-interview';
import type { InterviewOrder } from '../../domain/interview';
import type { InterviewStatus, InterviewType } from '../../domain/interview-status';
import type { InterviewsStore } from '../../application/store';
import type { Clock } from '@vi/platform-time';

export interface InterviewsGrpcDeps {
  store: InterviewsStore;
  identity: IdentityDirectory;
  jobs: JobsDirectory;
  links: CandidateLinks;
  tokens: CandidateTokenVerifier;
  media: MediaStorage;
  /** Set with MEDIA_PLAYBACK=redirect: take videos are answered with a presigned URL. */
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

type InterviewHandlers = Omit<
  UnaryHandlers<typeof interviews.InterviewsServiceService>,
  | 'listQuestionSets'
  | 'getQuestionSet'
  | 'createQuestionSet'
  | 'updateQuestionSet'
  | 'deleteQuestionSet'
  | 'getSharedInterviews'
  | 'streamSharedTakeVideo'
  | 'streamSharedRecordingVideo'
>;

/** Transport only: request → use case → response message (question sets: question-sets.grpc.ts; sharing reads: sharing.grpc.ts). */
export function interviewHandlers(deps: InterviewsGrpcDeps): InterviewHandlers {
  return {
    listInterviews: async (req, ctx) =>
      listInterviews(deps, callerOf(ctx), {
        types: req.types as InterviewType[],
        statuses: req.statuses as InterviewStatus[],
        orderBy: req.orderby as InterviewOrder,
        rangeFrom: req.range_from,
        rangeTo: req.range_to,
      }),
    getInterview: async (req, ctx) => getInterview(deps, callerOf(ctx), req.interview_uuid),
    createInterviews: async (req, ctx) =>
      createInterviews(deps, callerOf(ctx), {
        type: req.type as InterviewType,
        scheduledAt: new Date(req.scheduled_at),
        assignees: req.assigned_to.map((a) => ({ name: a.name, email: a.email, phone: a.phone, phoneParsed: a.phone_parsed })),
        emailMessage: req.email_message,
        jobUuid: req.job_uuid,
        questions: req.questions.map((q) => ({ text: q.text, timeLimit: q.time_limit, takes: q.takes, thinkTime: q.think_time })),
        questionSetUuid: req.question_set_uuid,
        timezone: req.timezone,
        language: req.language,
        hasSmsConsent: req.has_sms_consent,
        interviewUuid: req.interview_uuid,
      }),
    updateInterview: async (req, ctx) =>
      updateInterview(deps, callerOf(ctx), {
        interviewUuid: req.interview_uuid,
        scheduledAt: req.scheduled_at ? new Date(req.scheduled_at) : undefined,
        status: req.status,
        rating: req.rating,
      }),
    deleteInterview: async (req, ctx) => {
      await deleteInterview(deps, callerOf(ctx), req.interview_uuid);
      return {};
    },
    resetInterview: async (req, ctx) =>
      resetInterview(deps, ctx.principal, {
        interviewUuid: req.interview_uuid,
        scheduledAt: req.scheduled_at === undefined ? undefined : new Date(req.scheduled_at),
      }),
    resendInvitation: async (req, ctx) => {
      await resendInvitation(deps, ctx.principal, req.interview_uuid);
      return {};
    },
    eraseCandidate: async (req, ctx) =>
      eraseCandidate(deps, ctx.principal, { candidateUuid: req.candidate_uuid, erasedName: req.erased_name, erasedEmail: req.erased_email }),
    issueCandidateLink: async (req, ctx) => issueCandidateLink(deps, ctx.principal, req.interview_uuid),
    issueCandidateLinks: async (req, ctx) => issueCandidateLinks(deps, ctx.principal, req.interview_uuids),
    resolveCandidateToken: async (req, ctx) => resolveCandidateToken(deps, ctx.principal, req),
    getCandidateInterview: async (req, ctx) => getCandidateInterview(deps, callerOf(ctx), req.interview_uuid),
    acceptInterview: async (req, ctx) => acceptInterview(deps, callerOf(ctx), req.interview_uuid),
    skipQuestion: async (req, ctx) => skipQuestion(deps, callerOf(ctx), req.interview_uuid, req.question_uuid),
    completeInterview: async (req, ctx) => completeInterview(deps, callerOf(ctx), req.interview_uuid),
    joinLiveInterview: async (req, ctx) => joinLiveInterview(deps, callerOf(ctx), req.interview_uuid),
    uploadTake: async (chunks, ctx) => measureTakeUpload(() => uploadTake(deps, callerOf(ctx), chunks)),
    listTakes: async (req, ctx) => listTakes(deps, callerOf(ctx), req.interview_uuid, req.question_uuid),
    streamTakeVideo: async (req, ctx, send) => streamTakeVideo(deps, callerOf(ctx), req, send),
    startRecording: async (req, ctx) => startRecording(deps, callerOf(ctx), req),
    uploadRecordingPart: async (chunks, ctx) => {
      await uploadRecordingPart(deps, callerOf(ctx), chunks);
      return {};
    },
    endRecording: async (req, ctx) => endRecording(deps, callerOf(ctx), req),
    listRecordings: async (req, ctx) => listRecordings(deps, callerOf(ctx), req.interview_uuid),
    streamRecordingVideo: async (req, ctx, send) => streamRecordingVideo(deps, callerOf(ctx), req, send),
    postChatMessage: async (req, ctx) => postChatMessage(deps, callerOf(ctx), req),
    listChatMessages: async (req, ctx) => listChatMessages(deps, callerOf(ctx), req),
    listQuestions: async (req, ctx) => listQuestions(deps, callerOf(ctx), req.interview_uuid),
    getQuestion: async (req, ctx) => getQuestion(deps, callerOf(ctx), req.interview_uuid, req.question_uuid),
    createQuestion: async (req, ctx) =>
      createQuestion(deps, callerOf(ctx), req.interview_uuid, {
        text: req.question?.text ?? '',
        timeLimit: req.question?.time_limit ?? 0,
        takes: req.question?.takes ?? -1,
        thinkTime: req.question?.think_time,
      }),
    updateQuestion: async (req, ctx) =>
      updateQuestion(deps, callerOf(ctx), req.interview_uuid, req.question_uuid, {
        text: req.text,
        timeLimit: req.time_limit,
        takes: req.takes,
        thinkTime: req.think_time,
      }),
    deleteQuestion: async (req, ctx) => {
      await deleteQuestion(deps, callerOf(ctx), req.interview_uuid, req.question_uuid);
      return {};
    },
  };
}
