import type { Migration } from 'kysely';
import * as initial from './0001_initial';
import * as typeStatusSortIndexes from './0002_type_status_sort_indexes';
import * as shareLinks from './0003_share_links';
import * as questionThinkTime from './0004_question_think_time';
import * as noBearerTokensAtRest from './0005_no_bearer_tokens_at_rest';
import * as outboxTraceContext from './0006_outbox_trace_context';
import * as candidateNamePerInterview from './0007_candidate_name_per_interview';
import * as recordings from './0009_recordings';
import * as interviewLanguage from './0010_interview_language';
import * as jobPostVideo from './0011_job_post_video';
import * as interviewListVersions from './0012_interview_list_versions';
import * as interviewCounterShards from './0013_interview_counter_shards';
import * as outboxClaims from './0014_outbox_claims';
import * as shardsByTransaction from './0015_shards_by_transaction';
import * as liveCallChat from './0016_live_call_chat';
import * as interviewEvaluations from './0017_interview_evaluations';
import * as interviewSource from './0018_interview_source';
import * as accommodations from './0019_accommodations';
import * as transcription from './0020_transcription';

/** Forward-only, applied in key order at service start. */
export const interviewsMigrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_type_status_sort_indexes': typeStatusSortIndexes,
  '0003_share_links': shareLinks,
  '0004_question_think_time': questionThinkTime,
  '0005_no_bearer_tokens_at_rest': noBearerTokensAtRest,
  '0006_outbox_trace_context': outboxTraceContext,
  '0007_candidate_name_per_interview': candidateNamePerInterview,
  '0009_recordings': recordings,
  '0010_interview_language': interviewLanguage,
  '0011_job_post_video': jobPostVideo,
  '0012_interview_list_versions': interviewListVersions,
  '0013_interview_counter_shards': interviewCounterShards,
  '0014_outbox_claims': outboxClaims,
  '0015_shards_by_transaction': shardsByTransaction,
  '0016_live_call_chat': liveCallChat,
  '0017_interview_evaluations': interviewEvaluations,
  '0018_interview_source': interviewSource,
  '0019_accommodations': accommodations,
  '0020_transcription': transcription,
};
