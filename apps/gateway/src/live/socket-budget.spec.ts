import { SocketBudget } from './socket-budget';

describe('SocketBudget', () => {
  const limits = { burstMessages: 5, messagesPerSecond: 2, burstBytes: 1_000, bytesPerSecond: 100 };

  it('takes a burst of messages, then refuses until time gives more back at the steady rate', () => {
    let now = 0;
    const budget = new SocketBudget(limits, () => now);
    for (let i = 0; i < 5; i++) expect(budget.take(10)).toBe(true);
    expect(budget.take(10)).toBe(false);
    now += 500;
    expect(budget.take(10)).toBe(true);
    expect(budget.take(10)).toBe(false);
    // Never more than the burst, however long the socket was quiet.
    now += 60_000;
    for (let i = 0; i < 5; i++) expect(budget.take(1)).toBe(true);
    expect(budget.take(1)).toBe(false);
  });

  it('refuses a message larger than the bytes left, spending nothing, and gives bytes back at the steady rate', () => {
    let now = 0;
    const budget = new SocketBudget(limits, () => now);
    expect(budget.take(900)).toBe(true);
    expect(budget.take(200)).toBe(false);
    expect(budget.take(100)).toBe(true);
    expect(budget.take(1)).toBe(false);
    now += 1_000;
    expect(budget.take(100)).toBe(true);
  });
});
