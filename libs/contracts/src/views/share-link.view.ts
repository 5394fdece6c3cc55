import { z } from 'zod';
import type { BasicShareLinkJson } from '../events/sharing.events';
import type { ShareLink } from '../generated/interviews';
import { timestampView, UserSummaryView, uuidView } from './view-parts';

/** The basic share link object (`GET /interviews/<uuid>/share_link`, the interview's `share_link`). */
export const BasicShareLinkView = z
  .object({
    uuid: uuidView,
    url: z.string(),
    type: z.enum(['collaborative', 'open']),
    status: z.enum(['active', 'inactive']),
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
