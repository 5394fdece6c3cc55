import type { BinaryWriter } from '@bufbuild/protobuf/wire';
import * as identity from '../src/generated/identity';
import * as interviews from '../src/interviews.contracts';
import * as jobs from '../src/generated/jobs';
import * as notifications from '../src/generated/notifications';
import * as sharing from '../src/generated/sharing';

/**
 * Messages as a service answers them, with valid defaults, so a spec states only the fields that matter to it
 * (decision 027). `overTheWire` sends one through protobuf's encoding, as the gateway receives it: unset optional
 * fields come back absent and empty strings stay empty.
 */

export function overTheWire<T>(codec: { encode(message: T): BinaryWriter; decode(input: Uint8Array): T }, message: T): T {
  return codec.decode(codec.encode(message).finish());
}

const AT = '2026-11-22T10:00:00+00:00';
const LATER = '2026-11-23T09:30:00+00:00';

export const aUserSummary = (fields: Partial<identity.UserSummary> = {}): identity.UserSummary => ({
  uuid: '0b1c2d3e-0000-4000-8000-000000000001',
  name: 'Ada Admin',
  email: 'ada@example.com',
  avatar: 'https://api.example.com/assets/default-avatar.svg',
  ...fields,
});

export const aCompanySummary = (fields: Partial<identity.CompanySummary> = {}): identity.CompanySummary => ({
  uuid: '0b1c2d3e-0000-4000-8000-000000000002',
  name: 'Acme',
  avatar: 'https://api.example.com/assets/default-avatar.svg',
  ...fields,
});

export const aJob = (fields: Partial<jobs.Job> = {}): jobs.Job => ({
  uuid: '0b1c2d3e-0000-4000-8000-000000000003',
  status: 'active',
  title: 'Backend engineer',
  description: 'Builds the API.',
  created_at: AT,
  updated_at: LATER,
  status_updated_at: AT,
  created_by: aUserSummary(),
  status_updated_by: aUserSummary(),
  company: aCompanySummary(),
  location: { uuid: '0b1c2d3e-0000-4000-8000-000000000004', formatted_address: 'Paris, France' },
  address: { city: 'Paris', state: '', country: 'France' },
  ...fields,
});

export const aQuestion = (fields: Partial<interviews.Question> = {}): interviews.Question => ({
  uuid: '0b1c2d3e-0000-4000-8000-000000000005',
  text: 'Tell us about a bug you fixed.',
  completed: false,
  skipped: false,
  time_limit: 60,
  takes: { completed: 0, remaining: 2, limit: 2 },
  created_at: AT,
  updated_at: AT,
  think_time: '30',
  unlimited_time: false,
  ...fields,
});

export const aShareLink = (fields: Partial<interviews.ShareLink> = {}): interviews.ShareLink => ({
  uuid: '0b1c2d3e-0000-4000-8000-000000000006',
  url: 'https://api.example.com/share/token-of-the-link',
  type: 'open',
  status: 'active',
  created_at: AT,
  updated_at: LATER,
  updated_by: aUserSummary(),
  ...fields,
});

export const anInterview = (fields: Partial<interviews.Interview> = {}): interviews.Interview => ({
  uuid: '0b1c2d3e-0000-4000-8000-000000000007',
  type: 'one_way',
  status: 'requested',
  created_at: AT,
  updated_at: AT,
  scheduled_at: LATER,
  job_post: {
    uuid: '0b1c2d3e-0000-4000-8000-000000000003',
    title: 'Backend engineer',
    created_at: AT,
    updated_at: LATER,
    status_updated_at: AT,
    status: 'active',
    created_by: aUserSummary(),
    location: { uuid: '0b1c2d3e-0000-4000-8000-000000000004', formatted_address: 'Paris, France' },
  },
  assigned_to: aUserSummary({ uuid: '0b1c2d3e-0000-4000-8000-000000000008', name: 'Sam Seeker', email: 'sam@example.com' }),
  company: aCompanySummary(),
  created_by: aUserSummary(),
  questions: [aQuestion()],
  timezone: 'Europe/Paris',
  language: 'en',
  evaluations_submitted: 0,
  evaluations_started: 0,
  accommodation_requests: [],
  ...fields,
});

export const aTake = (fields: Partial<interviews.Take> = {}): interviews.Take => ({
  uuid: '0b1c2d3e-0000-4000-8000-000000000009',
  question_uuid: '0b1c2d3e-0000-4000-8000-000000000005',
  number: 1,
  content_type: 'video/webm',
  size: 1_234_567,
  duration_seconds: 41.5,
  kind: 'video',
  created_at: LATER,
  ...fields,
});

export const aRecording = (fields: Partial<interviews.Recording> = {}): interviews.Recording => ({
  uuid: '0b1c2d3e-0000-4000-8000-00000000000e',
  started_at: AT,
  ended_at: LATER,
  duration_seconds: 1795.25,
  content_type: 'video/webm',
  size: 98_765_432,
  ...fields,
});

export const aQuestionSet = (fields: Partial<interviews.QuestionSet> = {}): interviews.QuestionSet => ({
  uuid: '0b1c2d3e-0000-4000-8000-00000000000a',
  name: 'Engineering screen',
  created_at: AT,
  updated_at: LATER,
  questions: [{ uuid: '0b1c2d3e-0000-4000-8000-00000000000b', time_limit: 90, takes: -1, think_time: '0', text: 'Why us?' }],
  ...fields,
});

export const anAdvancedShareLink = (fields: Partial<sharing.AdvancedShareLink> = {}): sharing.AdvancedShareLink => ({
  uuid: '0b1c2d3e-0000-4000-8000-00000000000c',
  url: 'https://api.example.com/share/token-of-the-advanced-link',
  status: 'active',
  created_at: AT,
  updated_at: AT,
  reviewer: { name: 'Rita Reviewer', email: 'rita@example.com' },
  company: aCompanySummary(),
  created_by: aUserSummary(),
  updated_by: aUserSummary(),
  interviews: [
    {
      uuid: '0b1c2d3e-0000-4000-8000-00000000000d',
      interview_uuid: '0b1c2d3e-0000-4000-8000-000000000007',
      scheduled_at: LATER,
      type: 'one_way',
      job: { uuid: '0b1c2d3e-0000-4000-8000-000000000003', title: 'Backend engineer' },
    },
  ],
  job: { uuid: '0b1c2d3e-0000-4000-8000-000000000003', title: 'Backend engineer' },
  ...fields,
});

export const aSharedView = (fields: Partial<sharing.SharedView> = {}): sharing.SharedView => ({
  share_link_uuid: '0b1c2d3e-0000-4000-8000-00000000000c',
  company_name: 'Acme',
  company_uuid: '0b1c2d3e-0000-4000-8000-000000000002',
  interviews: [
    {
      uuid: '0b1c2d3e-0000-4000-8000-000000000007',
      type: 'one_way',
      completed_at: LATER,
      job_title: 'Backend engineer',
      candidate_name: 'Sam Seeker',
      questions: [
        {
          uuid: '0b1c2d3e-0000-4000-8000-000000000005',
          text: 'Tell us about a bug you fixed.',
          time_limit: 60,
          skipped: false,
          takes: [
            {
              uuid: '0b1c2d3e-0000-4000-8000-000000000009',
              number: 1,
              content_type: 'video/webm',
              size: 1_234_567,
              duration_seconds: 41.5,
              created_at: LATER,
              video_url: '/v1.0/public/share/token/takes/0b1c2d3e-0000-4000-8000-000000000009/video',
            },
          ],
        },
      ],
      recordings: [],
    },
  ],
  ...fields,
});

export const aPlan = (fields: Partial<identity.Plan> = {}): identity.Plan => ({
  name: 'Pro',
  started_at: AT,
  renews_at: '2026-12-22T10:00:00+00:00',
  jobs: { remaining: 7, limit: 10 },
  users: { remaining: 2, limit: 5, paid: 1 },
  features: { advanced_share_links: true, interview_sms_notifications: false },
  code: 'pro',
  ...fields,
});

export const aMe = (fields: Partial<identity.Me> = {}): identity.Me => ({
  uuid: '0b1c2d3e-0000-4000-8000-000000000001',
  name: 'Ada Admin',
  email: 'ada@example.com',
  avatar: 'https://api.example.com/assets/default-avatar.svg',
  type: 'company_user',
  company: { ...aCompanySummary(), plan: aPlan() },
  ...fields,
});

export const aCompany = (fields: Partial<identity.Company> = {}): identity.Company => ({
  uuid: '0b1c2d3e-0000-4000-8000-000000000002',
  name: 'Acme',
  website: 'https://acme.example.com',
  summary: 'We make everything.',
  created_at: AT,
  updated_at: LATER,
  avatar: 'https://api.example.com/assets/default-avatar.svg',
  horizontal_logo: 'https://acme.example.com/logo.svg',
  social: { facebook: '', twitter: 'https://x.com/acme', youtube: '', gplus: '', pintrest: '', rss: '' },
  location: { uuid: '0b1c2d3e-0000-4000-8000-00000000000e', formatted_address: 'Paris, France', google_place_id: 'ChIJD7fiBh9u5kcRYJSMaMOCCwQ' },
  video: {
    url: 'https://video.example.com/v/1',
    mobile: 'https://video.example.com/m/1',
    embed: '<iframe></iframe>',
    thumbnail: 'https://video.example.com/t/1.jpg',
  },
  industry: { uuid: '0b1c2d3e-0000-4000-8000-00000000000f', name: 'Software' },
  ...fields,
});

export const aCompanyUser = (fields: Partial<identity.CompanyUser> = {}): identity.CompanyUser => ({
  uuid: '0b1c2d3e-0000-4000-8000-000000000001',
  active: true,
  name: 'Ada Admin',
  email: 'ada@example.com',
  role: 'administrator',
  avatar: 'https://api.example.com/assets/default-avatar.svg',
  company: aCompanySummary(),
  created_at: AT,
  updated_at: LATER,
  ...fields,
});

export const anApiKey = (fields: Partial<identity.ApiKey> = {}): identity.ApiKey => ({
  key: 'vi_live_0123456789abcdef',
  description: 'ATS sync',
  type: 'custom_integration',
  last_used_at: LATER,
  created_at: AT,
  updated_at: AT,
  user: aUserSummary(),
  ...fields,
});

export const aWebhook = (fields: Partial<notifications.Webhook> = {}): notifications.Webhook => ({
  uuid: '0b1c2d3e-0000-4000-8000-000000000010',
  description: 'ATS',
  url: 'https://ats.example.com/hooks/interviews',
  http_auth: true,
  status: 'active',
  ...fields,
});

export const aDeliveryAttempt = (fields: Partial<notifications.DeliveryAttempt> = {}): notifications.DeliveryAttempt => ({
  uuid: '0b1c2d3e-0000-4000-8000-000000000011',
  webhook_id: 'msg_2mNvYbD4',
  event_type: 'InterviewCompleted',
  attempt: 1,
  success: true,
  status_code: 200,
  duration_ms: 84,
  attempted_at: LATER,
  ...fields,
});

export const aResolvedSession = (fields: Partial<identity.ResolvedSession> = {}): identity.ResolvedSession => ({
  session_uuid: '0b1c2d3e-0000-4000-8000-000000000012',
  user_uuid: '0b1c2d3e-0000-4000-8000-000000000001',
  company_uuid: '0b1c2d3e-0000-4000-8000-000000000002',
  role: 'administrator',
  user_type: 'company_user',
  ends_at: '2026-11-22T22:00:00+00:00',
  expires_at: '2026-11-22T12:00:00+00:00',
  ...fields,
});
