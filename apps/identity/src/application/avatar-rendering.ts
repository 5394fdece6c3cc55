/** The picture shown for a user or company: its own, else the configured default (`DEFAULT_AVATAR_URL`). */
export function avatarOf(url: string | null, defaultAvatarUrl: string): string {
  return url ?? defaultAvatarUrl;
}
