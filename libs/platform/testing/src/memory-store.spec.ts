import { memoryStore, type PublishedEvent, type Stateful } from './memory-store';

class Counter implements Stateful<{ value: number }> {
  state = { value: 0 };
  async add(n: number): Promise<number> {
    this.state.value += n;
    return this.state.value;
  }
}
/** What a use case sees of a store (as `StoreOf` of @vi/platform-bus gives it). */
interface CounterStore {
  transaction<T>(work: (tx: { counter: Pick<Counter, 'add'>; publish(events: PublishedEvent[]): Promise<void> }) => Promise<T>): Promise<T>;
}

async function addTwice(deps: { store: CounterStore }, fail: boolean): Promise<void> {
  await deps.store.transaction(async (tx) => {
    await tx.counter.add(1);
    await tx.publish([{ subject: 'test.added', payload: 1 }]);
    await tx.counter.add(1);
    if (fail) throw new Error('refused');
  });
}

describe('MemoryStore', () => {
  it('keeps what a transaction wrote and publishes its events when it returns', async () => {
    const sut = memoryStore({ counter: new Counter() });
    await addTwice({ store: sut }, false);
    expect(sut.read.counter.state.value).toBe(2);
    expect(sut.subjects()).toEqual(['test.added']);
  });

  it('puts the rows back and publishes nothing when the transaction throws, as a rollback would', async () => {
    const sut = memoryStore({ counter: new Counter() });
    await expect(addTwice({ store: sut }, true)).rejects.toThrow('refused');
    expect(sut.read.counter.state.value).toBe(0);
    expect(sut.published).toEqual([]);
  });
});
