import type { ReposOf } from '@vi/platform-bus';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsStore } from '../store';

/**
 * The storage one interview may use, MAX_INTERVIEW_MEDIA_BYTES (decision 037). Every video kept for an interview
 * counts against it: its takes and its call recordings (decision 040, the bytes received so far); each checks
 * `requireMediaQuota` under the interview's row lock before it is kept.
 */
export interface MediaQuota {
  maxInterviewMediaBytes: number;
}

/** Bytes the interview may still store; checked again, under its row lock, before anything new is kept. */
export async function mediaBytesLeft(repos: ReposOf<InterviewsStore, 'takes' | 'recordings'>, quota: MediaQuota, interviewUuid: string): Promise<number> {
  const [takes, recordings] = await Promise.all([repos.takes.bytesStored(interviewUuid), repos.recordings.bytesStored(interviewUuid)]);
  return quota.maxInterviewMediaBytes - takes - recordings;
}

/** MAX_COMPANY_MEDIA_BYTES (issue 38): what all of a company's interviews may keep; a take counts against it as against its interview's. */
export interface CompanyMediaQuota {
  maxCompanyMediaBytes: number;
}

/** Bytes the company may still store; checked again, under its media lock, before a take is kept. */
export async function companyMediaBytesLeft(repos: ReposOf<InterviewsStore, 'companyMedia'>, quota: CompanyMediaQuota, companyUuid: string): Promise<number> {
  return quota.maxCompanyMediaBytes - (await repos.companyMedia.bytesStored(companyUuid));
}

export function companyMediaQuotaExceeded(quota: CompanyMediaQuota): InterviewsError {
  return new InterviewsError(
    InterviewsErrorCode.CompanyMediaQuotaExceeded,
    `The company's videos would exceed ${quota.maxCompanyMediaBytes} bytes, the storage allowed for one company`,
  );
}

/** Refuses `bytes` more for the company when they would take it past its quota, holding its media lock until the transaction ends. */
export async function requireCompanyMediaQuota(
  repos: ReposOf<InterviewsStore, 'companyMedia'>,
  quota: CompanyMediaQuota,
  companyUuid: string,
  bytes: number,
): Promise<void> {
  if (bytes > quota.maxCompanyMediaBytes - (await repos.companyMedia.bytesStored(companyUuid, { lock: true }))) throw companyMediaQuotaExceeded(quota);
}

export function mediaQuotaExceeded(quota: MediaQuota): InterviewsError {
  return new InterviewsError(
    InterviewsErrorCode.MediaQuotaExceeded,
    `The interview's videos would exceed ${quota.maxInterviewMediaBytes} bytes, the storage allowed for one interview`,
  );
}

/** Refuses `bytes` more for the interview when they would take it past its quota; call it under the row lock. */
export async function requireMediaQuota(
  repos: ReposOf<InterviewsStore, 'takes' | 'recordings'>,
  quota: MediaQuota,
  interviewUuid: string,
  bytes: number,
): Promise<void> {
  if (bytes > (await mediaBytesLeft(repos, quota, interviewUuid))) throw mediaQuotaExceeded(quota);
}
