import type { Migration } from 'kysely';
import * as initial from './0001_initial';
import * as outboxTraceContext from './0002_outbox_trace_context';
import * as jobListVersion from './0003_job_list_version';
import * as jobLocationParts from './0004_job_location_parts';
import * as openInterviews from './0005_open_interviews';
import * as jobVideos from './0006_job_videos';
import * as outboxClaims from './0007_outbox_claims';
import * as videoDeletions from './0008_video_deletions';
import * as applicationInterviewUuids from './0009_application_interview_uuids';
import * as openInterviewDailyApplications from './0010_open_interview_daily_applications';
import * as openInterviewPendingApplications from './0011_open_interview_pending_applications';

/** Forward-only, applied in key order at service start. */
export const jobsMigrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_outbox_trace_context': outboxTraceContext,
  '0003_job_list_version': jobListVersion,
  '0004_job_location_parts': jobLocationParts,
  '0005_open_interviews': openInterviews,
  '0006_job_videos': jobVideos,
  '0007_outbox_claims': outboxClaims,
  '0008_video_deletions': videoDeletions,
  '0009_application_interview_uuids': applicationInterviewUuids,
  '0010_open_interview_daily_applications': openInterviewDailyApplications,
  '0011_open_interview_pending_applications': openInterviewPendingApplications,
};
