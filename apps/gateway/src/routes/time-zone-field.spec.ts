import { isTimeZone, timeZoneField } from './time-zone-field';

describe('time zone field', () => {
  it('accepts tz database names, again from what it remembers', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(timeZoneField.safeParse('America/New_York').success).toBe(true);
  });

  it('refuses a name that is not a zone, naming the expected form', () => {
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    const refused = timeZoneField.safeParse('Mars/Olympus_Mons');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe('must be a tz database name, for example Europe/Paris');
  });
});
