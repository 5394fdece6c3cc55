import type { NewEvent } from './outbox-inserts';
import { OutboxStore } from './outbox-store';
import type { StoreOf } from './store-of';

class Users {
  constructor(private readonly rows: Map<string, string>) {}
  async find(uuid: string): Promise<string | undefined> {
    return this.rows.get(uuid);
  }
  async rename(uuid: string, name: string): Promise<void> {
    this.rows.set(uuid, name);
  }
}
class Keys {
  async count(): Promise<number> {
    return 0;
  }
}
type Repositories = { users: Users; keys: Keys };
type Store = OutboxStore<unknown, Repositories>;

/** A use case naming the one repository it uses. */
async function renameUser(deps: { store: StoreOf<Store, 'users'> }, uuid: string, name: string): Promise<string | undefined> {
  await deps.store.transaction(async (tx) => {
    await tx.users.rename(uuid, name);
    await tx.publish([{ subject: 'test.user.renamed', payload: { uuid, name } }]);
    // @ts-expect-error -- a repository the use case did not name is out of its reach
    void tx.keys;
  });
  return deps.store.read.users.find(uuid);
}

describe('StoreOf', () => {
  it('lets a spec hand a use case a plain fake of only the repositories it names', async () => {
    const rows = new Map([['u1', 'Ada']]);
    const published: NewEvent[] = [];
    const users = { find: async (uuid: string) => rows.get(uuid), rename: async (uuid: string, name: string) => void rows.set(uuid, name) };
    const fake: StoreOf<Store, 'users'> = {
      read: { users },
      transaction: (work) => work({ users, publish: async (events) => void published.push(...events) }),
      statement: (work) => work({ users, events: (events) => (published.push(...events), { rows: [] }) }),
    };

    const sut = await renameUser({ store: fake }, 'u1', 'Grace');

    expect(sut).toBe('Grace');
    expect(published).toEqual([{ subject: 'test.user.renamed', payload: { uuid: 'u1', name: 'Grace' } }]);
  });

  it('takes the whole store as it is', () => {
    const whole = new OutboxStore<unknown, Repositories>({} as never, { kick: () => undefined }, () => ({ users: new Users(new Map()), keys: new Keys() }));
    const narrowed: StoreOf<Store, 'users'> = whole;
    expect(narrowed.read.users).toBeInstanceOf(Users);
  });
});
