import { takesSlot } from './job';

describe('job rules', () => {
  it('takes a slot only when a job becomes active', () => {
    expect(takesSlot(null, 'active')).toBe(true);
    expect(takesSlot('inactive', 'active')).toBe(true);
    expect(takesSlot('active', 'active')).toBe(false);
    expect(takesSlot(null, 'inactive')).toBe(false);
    expect(takesSlot('active', 'inactive')).toBe(false);
  });
});
