/** Where a job is: a postal address, or a way of working. */
export type LocationInput =
  { kind: 'address'; city: string; state: string; country: string } | { kind: 'locality'; workMode: 'remote' | 'on_site' | 'hybrid'; workPlace: string };

/**
 * The address shown to people: "Austin, TX, United States" (empty parts left
 * out), "Remote", or the work place of an on-site or hybrid job.
 */
export function formatAddress(location: LocationInput): string {
  if (location.kind === 'address') {
    return [location.city, location.state, location.country]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(', ');
  }
  return location.workMode === 'remote' ? 'Remote' : location.workPlace.trim();
}
