import { localDueTime } from './invitation';

describe('localDueTime', () => {
  const at = new Date('2026-12-20T10:00:00Z');

  it("writes the due time out in the interview's timezone, each zone its own, however the calls alternate", () => {
    for (let round = 0; round < 2; round++) {
      // \s: ICU versions differ on the space before AM/PM (a narrow no-break space in some).
      expect(localDueTime(at, 'Europe/Paris')).toMatch(/^Sunday, December 20, 2026 at 11:00:00\sAM GMT\+1$/);
      expect(localDueTime(at, 'America/New_York')).toMatch(/^Sunday, December 20, 2026 at 5:00:00\sAM EST$/);
      expect(localDueTime(at, 'Asia/Tokyo')).toMatch(/^Sunday, December 20, 2026 at 7:00:00\sPM GMT\+9$/);
    }
  });
});
