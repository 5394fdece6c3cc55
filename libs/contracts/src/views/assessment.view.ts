import { z } from 'zod';
import { timestampView, uuidView } from './view-parts';

/**
 * Applicant-tracking systems ordering our interviews (decision 071): the company's view of its connections and
 * orders, and the ATSs' own bodies as their published contracts shape them. The assessments service renders these.
 */

export const ATS_NAMES = ['greenhouse', 'ashby'] as const;
export type AtsName = (typeof ATS_NAMES)[number];
/** An order follows its interview: sent (requested), started (accepted), completed, expired, canceled. */
export const ASSESSMENT_ORDER_STATUSES = ['sent', 'started', 'completed', 'expired', 'canceled'] as const;
export type AssessmentOrderStatus = (typeof ASSESSMENT_ORDER_STATUSES)[number];

/** Where an interview came from: the interview's `source`. */
export const INTERVIEW_SOURCE_TYPES = ['greenhouse', 'ashby', 'api', 'open_interview', 'workspace'] as const;
export type InterviewSourceType = (typeof INTERVIEW_SOURCE_TYPES)[number];

export const CallbackAttemptView = z
  .object({
    at: timestampView,
    status_code: z.number().int().nullable().meta({ description: "the ATS's HTTP status; null when no answer came (a network error)" }),
    error: z.string().nullable(),
  })
  .meta({ id: 'CallbackAttempt' });

export const AssessmentOrderView = z
  .object({
    uuid: uuidView,
    ats: z.enum(ATS_NAMES),
    external_id: z.string().nullable(),
    interview_uuid: uuidView,
    status: z.enum(ASSESSMENT_ORDER_STATUSES),
    created_at: timestampView,
    callbacks: z.array(CallbackAttemptView).meta({ description: 'every attempt to tell the ATS, oldest first' }),
  })
  .meta({ id: 'AssessmentOrder' });
export type AssessmentOrderJson = z.output<typeof AssessmentOrderView>;

export const AtsIntegrationView = z
  .object({
    ats: z.enum(ATS_NAMES),
    connected: z.boolean().meta({ description: 'Ashby: an API key is set; Greenhouse: it has sent a test' }),
    connected_at: timestampView.nullable(),
    last_callback: CallbackAttemptView.nullable(),
  })
  .meta({ id: 'AtsIntegration' });
export type AtsIntegrationJson = z.output<typeof AtsIntegrationView>;

// Greenhouse Assessment Partner API: its shapes, as it publishes them.
export const GreenhouseTestView = z.object({ partner_test_id: z.string(), partner_test_name: z.string() }).meta({ id: 'GreenhouseTest' });
export const GreenhouseSentTestView = z.object({ partner_interview_id: z.string() }).meta({ id: 'GreenhouseSentTest' });
export const GreenhouseTestStatusView = z
  .object({
    partner_status: z.string(),
    partner_profile_url: z.string().nullable(),
    partner_score: z.number().min(0).max(100).nullable(),
    metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  })
  .meta({ id: 'GreenhouseTestStatus' });

// Ashby's assessment partner API: its shapes, as it publishes them.
export const AshbyAssessmentListView = z
  .object({
    success: z.literal(true),
    results: z.array(z.object({ assessment_type_id: z.string(), name: z.string(), description: z.string() })),
  })
  .meta({ id: 'AshbyAssessmentList' });
export const AshbyStartedView = z.object({ success: z.literal(true), results: z.object({ assessment_id: z.string() }) }).meta({ id: 'AshbyStarted' });
export const AshbySuccessView = z.object({ success: z.literal(true) }).meta({ id: 'AshbySuccess' });
/** Ashby shows `message` to its user (422); our `reason`, `code` and `lang` are there too. */
export const AshbyRefusalView = z.object({ message: z.string(), reason: z.string(), code: z.string(), lang: z.string() }).meta({ id: 'AshbyRefusal' });
