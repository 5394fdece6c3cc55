import type { interviews, jobs } from '@vi/contracts';
import type { OutboundRequest, OutboundResult } from '@vi/platform-http';
import type { Caller, ServicePrincipal, UserPrincipal } from '@vi/platform-grpc';

/**
 * The assessments service's outbound ports besides its store (decision 033); adapters in `infrastructure/`. Jobs and
 * interviews' writes are called as the company user (the integration key's, or the order's creator); what only the
 * service principal `assessments` may read (evaluations' summaries, sharing's links, interviews without takes) as it.
 */

/** Assessments acting on its own behalf (decision 071's allowances name it). */
export const ASSESSMENTS_SERVICE: ServicePrincipal = { kind: 'service', service: 'assessments' };

/** The company user an order was created as: who acts where no request is in hand (a retry, "Send again"). */
export function orderCreator(order: { companyUuid: string; createdBy: string }): Caller<UserPrincipal> {
  return { principal: { kind: 'user', userUuid: order.createdBy, companyUuid: order.companyUuid, role: 'standard', userType: 'company_user' } };
}

/** What assessments needs from jobs: the caller's company's jobs. */
export interface JobsDirectory {
  /** The company's active jobs with an open interview (list items: no questions). */
  activeJobsWithOpenInterview(caller: Caller): Promise<Array<{ uuid: string; title: string }>>;
  /** A job of the caller's company with its open interview's questions; rejects with jobs' 404 otherwise. */
  job(caller: Caller, jobUuid: string): Promise<jobs.Job>;
}

export interface NewInterview {
  uuid: string;
  jobUuid: string;
  scheduledAt: Date;
  candidate: { name: string; email: string; phone: string | null };
  language: string;
  questions: Array<{ text: string; timeLimit: number; takes: number; thinkTime: string }>;
  source: { type: string; externalId: string | null };
}

/** What assessments needs from interviews. */
export interface InterviewsPort {
  /** Makes the interview under the order's uuid; asked again, answers it and sends nothing (decision 063). */
  create(caller: Caller, interview: NewInterview): Promise<void>;
  /** Cancels it as a cancel does (the candidate told). */
  cancel(caller: Caller, interviewUuid: string): Promise<void>;
  /** The interview without takes, as the service: status, completion, rating, questions; undefined when gone. */
  interview(companyUuid: string, interviewUuid: string): Promise<interviews.Interview | undefined>;
}

/** Evaluations' summary of an interview, as the service. */
export interface EvaluationsPort {
  summary(companyUuid: string, interviewUuid: string): Promise<{ overallAverage: number | null; recommendations: Record<string, number> }>;
}

/** Sharing: the interview's basic share link's URL, made for the purpose if it has none. */
export interface SharingPort {
  profileUrl(companyUuid: string, interviewUuid: string): Promise<string | null>;
}

/** Seals and opens the companies' ATS keys (`SecretBox`, ASSESSMENTS_ENCRYPTION_KEY). */
export interface SecretSealer {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

/** Sends a callback (the address rule checked after DNS at each attempt). */
export interface CallbackSender {
  send(request: OutboundRequest): Promise<OutboundResult>;
}
