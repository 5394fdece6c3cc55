import { callbackKindOf, orderAfter, orderStatusOfInterview, scoreOf } from './order';

describe('an order follows its interview', () => {
  it('starts when accepted, ends once completed, expired or canceled, and a deleted interview cancels an open order', () => {
    expect(orderAfter('sent', 'accepted')).toEqual({ status: 'started', tell: 'started' });
    expect(orderAfter('started', 'completed')).toEqual({ status: 'completed', tell: 'completed' });
    expect(orderAfter('sent', 'expired')).toEqual({ status: 'expired', tell: 'expired' });
    expect(orderAfter('started', 'canceled')).toEqual({ status: 'canceled', tell: 'canceled' });
    expect(orderAfter('sent', 'deleted')).toEqual({ status: 'canceled', tell: 'canceled' });
  });

  it('changes nothing for an event repeated or one after the end; a completed order’s score change is told', () => {
    expect(orderAfter('started', 'accepted')).toBeUndefined();
    expect(orderAfter('completed', 'deleted')).toBeUndefined();
    expect(orderAfter('canceled', 'completed')).toBeUndefined();
    expect(orderAfter('sent', 'scored')).toBeUndefined();
    expect(orderAfter('completed', 'scored')).toEqual({ status: 'completed', tell: 'scored' });
  });

  it('reads the interview’s status as the order’s, and "Send again" tells the current state', () => {
    expect(['requested', 'accepted', 'completed', 'expired', 'canceled'].map(orderStatusOfInterview)).toEqual([
      'sent',
      'started',
      'completed',
      'expired',
      'canceled',
    ]);
    expect(callbackKindOf('sent')).toBe('started');
    expect(callbackKindOf('completed')).toBe('completed');
  });
});

describe('the score an ATS is given', () => {
  it('is the evaluations’ average × 20, else the rating × 20, else null; rounded, 0–100', () => {
    expect(scoreOf(4.33, 2)).toBe(87);
    expect(scoreOf(null, 3)).toBe(60);
    expect(scoreOf(undefined, undefined)).toBeNull();
    expect(scoreOf(5, null)).toBe(100);
  });
});
