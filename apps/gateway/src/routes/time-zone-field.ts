import { z } from 'zod';

// Building a DateTimeFormat to ask whether a zone exists costs about a millisecond here (it loads the zone's rules):
// names found valid are remembered (IANA has about 600; the bound guards against a flood of odd spellings).
const knownTimeZones = new Set<string>();
const MAX_KNOWN_TIME_ZONES = 1_000;

/** Whether `name` is a tz database name this runtime knows. */
export function isTimeZone(name: string): boolean {
  if (knownTimeZones.has(name)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    return false;
  }
  if (knownTimeZones.size >= MAX_KNOWN_TIME_ZONES) knownTimeZones.clear();
  knownTimeZones.add(name);
  return true;
}

/** A request's time zone: a tz database name. */
export const timeZoneField = z.string().refine(isTimeZone, 'must be a tz database name, for example Europe/Paris');
