import type { BasicShareLinkJson } from '../events/sharing.events';
import type { ShareLink } from '../generated/interviews';

/** A basic share link as the API shows it (`GET /interviews/<uuid>/share_link`, the interview's `share_link`). */
export function basicShareLinkJson(link: ShareLink): BasicShareLinkJson {
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
