/** The only caller of an open interview's public reads and applications: the gateway, for `/public/open_interviews/<uuid>` (no key: the link is public). */
export const PUBLIC_OPEN_INTERVIEW_CALLER = 'gateway';
