import { z } from 'zod';
import type { BasicShareLinkJson } from '../events/sharing.events';
import type { ShareLink } from '../interviews.contracts';
import type { AdvancedShareLink, SharedView as SharedViewMessage } from '../generated/sharing';
import { TranscriptView, type TranscriptJson } from './transcript.view';
import { CompanySummaryView, timestampView, UserSummaryView, uuidView } from './view-parts';

/** Every share link is `active` (it opens) or `inactive`. */
export const SHARE_LINK_STATUSES = ['active', 'inactive'] as const;
type ShareLinkStatus = (typeof SHARE_LINK_STATUSES)[number];
type InterviewType = 'one_way' | 'live';

/** The basic share link object (`GET /interviews/<uuid>/share_link`, the interview's `share_link`). */
export const BasicShareLinkView = z
  .object({
    uuid: uuidView,
    url: z.string(),
    type: z.enum(['collaborative', 'open']),
    status: z.enum(SHARE_LINK_STATUSES),
    created_at: timestampView,
    updated_at: timestampView,
    updated_by: UserSummaryView.nullable(),
  })
  .meta({ id: 'BasicShareLink' });

/** A basic share link as the API shows it (`GET /interviews/<uuid>/share_link`, the interview's `share_link`). */
export function basicShareLinkJson(link: ShareLink): BasicShareLinkJson & z.output<typeof BasicShareLinkView> {
  return {
    uuid: link.uuid,
    url: link.url,
    type: link.type as BasicShareLinkJson['type'],
    status: link.status as BasicShareLinkJson['status'],
    created_at: link.created_at,
    updated_at: link.updated_at,
    updated_by: link.updated_by ?? null,
  };
}

const jobRef = z.object({ uuid: uuidView, title: z.string() });

/** An advanced share link: `interviews` on a single link, `job` on the links just created, neither in lists. */
export const AdvancedShareLinkView = z
  .object({
    uuid: uuidView,
    url: z.string(),
    status: z.enum(SHARE_LINK_STATUSES),
    created_at: timestampView,
    updated_at: timestampView,
    reviewer: z.object({ name: z.string(), email: z.string() }).nullable(),
    company: CompanySummaryView.nullable(),
    created_by: UserSummaryView.nullable(),
    updated_by: UserSummaryView.nullable(),
    interviews: z
      .array(
        z.object({
          uuid: uuidView,
          interview_uuid: uuidView,
          scheduled_at: timestampView,
          completed_at: timestampView.nullable(),
          type: z.enum(['one_way', 'live']),
          job: jobRef.nullable(),
        }),
      )
      .optional(),
    job: jobRef.nullable().optional(),
  })
  .meta({ id: 'AdvancedShareLink' });

/**
 * An advanced share link as the API shows it: `single` (`GET`/`PUT /share_links/<uuid>`) with the interviews it
 * opens, `created` (the answer to `POST /share_links`) with the job instead, `list` with neither.
 */
export function advancedShareLinkJson(link: AdvancedShareLink, shape: 'list' | 'single' | 'created'): z.output<typeof AdvancedShareLinkView> {
  return {
    uuid: link.uuid,
    url: link.url,
    status: link.status as ShareLinkStatus,
    created_at: link.created_at,
    updated_at: link.updated_at,
    reviewer: link.reviewer ?? null,
    company: link.company ?? null,
    created_by: link.created_by ?? null,
    updated_by: link.updated_by ?? null,
    ...(shape === 'single'
      ? {
          interviews: link.interviews.map((i) => ({
            uuid: i.uuid,
            interview_uuid: i.interview_uuid,
            scheduled_at: i.scheduled_at,
            completed_at: i.completed_at ?? null,
            type: i.type as InterviewType,
            job: i.job ?? null,
          })),
        }
      : {}),
    ...(shape === 'created' ? { job: link.job ?? null } : {}),
  };
}

/** What a share link shows of a take's or a recording's transcript (decision 073). */
const sharedTranscriptFields = {
  transcript: TranscriptView.nullable().meta({ description: 'null when none exists (not transcribed, or transcription off)' }),
  captions_url: z
    .string()
    .nullable()
    .meta({ description: 'WebVTT captions through the link (`text/vtt`, for a `<track>`); null unless the transcript is done' }),
};

/** What a reviewer sees through a share link: the completed interviews, their questions and takes. */
export const SharedView = z
  .object({
    uuid: uuidView,
    company: z.object({ name: z.string() }),
    interviews: z.array(
      z.object({
        uuid: uuidView,
        type: z.enum(['one_way', 'live']),
        completed_at: timestampView.nullable(),
        job: z.object({ title: z.string() }),
        candidate: z.object({ name: z.string() }),
        questions: z.array(
          z.object({
            uuid: uuidView,
            text: z.string(),
            time_limit: z.number().int().nullable().meta({ description: "seconds; null when the interview's accommodations remove the limit" }),
            skipped: z.boolean(),
            takes: z.array(
              z.object({
                uuid: uuidView,
                number: z.number().int(),
                content_type: z.string(),
                size: z.number().int(),
                duration_seconds: z.number(),
                created_at: timestampView,
                video_url: z.string(),
                ...sharedTranscriptFields,
              }),
            ),
          }),
        ),
        recordings: z
          .array(
            z.object({
              uuid: uuidView,
              started_at: timestampView,
              ended_at: timestampView,
              duration_seconds: z.number().nullable(),
              content_type: z.string(),
              size: z.number().int(),
              video_url: z.string(),
              ...sharedTranscriptFields,
            }),
          )
          .meta({ description: "a live interview's call recordings, oldest first, each streamed (Range supported) at its video_url" }),
      }),
    ),
  })
  .meta({ id: 'SharedView' });

/** `GET /public/share/<token>`: the link's company and interviews, each take and call recording with the URL that streams it. */
export function sharedViewJson(view: SharedViewMessage): z.output<typeof SharedView> {
  return {
    uuid: view.share_link_uuid,
    company: { name: view.company_name },
    interviews: view.interviews.map((i) => ({
      uuid: i.uuid,
      type: i.type as InterviewType,
      completed_at: i.completed_at ?? null,
      job: { title: i.job_title },
      candidate: { name: i.candidate_name },
      // SharedQuestion and SharedTake are the JSON shapes already ({uuid, text, time_limit, skipped, takes: [{…, video_url}]}),
      // but for an absent time_limit (no limit), which is null, and the transcript, which comes as the JSON bytes the
      // transcription service rendered.
      questions: i.questions.map((q) => ({ ...q, time_limit: q.time_limit ?? null, takes: q.takes.map((t) => ({ ...t, ...sharedTranscriptJson(t) })) })),
      recordings: i.recordings.map((r) => ({ ...r, duration_seconds: r.duration_seconds ?? null, ...sharedTranscriptJson(r) })),
    })),
  };
}

/** A shared take's or recording's transcript and captions as the share view shows them: null when absent. */
function sharedTranscriptJson(media: { transcript?: Uint8Array; captions_url?: string }): { transcript: TranscriptJson | null; captions_url: string | null } {
  return {
    transcript: media.transcript === undefined ? null : (JSON.parse(new TextDecoder().decode(media.transcript)) as TranscriptJson),
    captions_url: media.captions_url ?? null,
  };
}
