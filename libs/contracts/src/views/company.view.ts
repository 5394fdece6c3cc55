import { z } from 'zod';
import type { Company } from '../generated/identity';
import { timestampView, uuidView } from './view-parts';

export const CompanyView = z
  .object({
    uuid: uuidView,
    name: z.string(),
    website: z.string(),
    summary: z.string(),
    created_at: timestampView,
    updated_at: timestampView,
    avatar: z.string(),
    horizontal_logo: z.string().nullable(),
    social: z.object({ facebook: z.string(), twitter: z.string(), youtube: z.string(), gplus: z.string(), pintrest: z.string(), rss: z.string() }).nullable(),
    location: z.object({ uuid: z.string(), formatted_address: z.string(), google_place_id: z.string() }).nullable(),
    video: z.object({ url: z.string(), mobile: z.string(), embed: z.string(), thumbnail: z.string() }).nullable(),
    industry: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'Company' });

/** `GET /companies/<uuid>`: what proto leaves empty or unset, the API shows as null. */
export function companyJson(company: Company): z.output<typeof CompanyView> {
  return {
    uuid: company.uuid,
    name: company.name,
    website: company.website,
    summary: company.summary,
    created_at: company.created_at,
    updated_at: company.updated_at,
    avatar: company.avatar,
    horizontal_logo: company.horizontal_logo || null,
    social: company.social ?? null,
    location: company.location ?? null,
    video: company.video ?? null,
    industry: company.industry ?? null,
  };
}
