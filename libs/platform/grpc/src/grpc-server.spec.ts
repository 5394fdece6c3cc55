import { connectivityState, credentials, makeGenericClientConstructor, status, type Client, type ServiceDefinition, type ServiceError } from '@grpc/grpc-js';
import { createLogger } from '@vi/platform-logger';
import { GrpcServer } from './grpc-server';
import { PrincipalTokens } from './principal';

const empty = { serialize: () => Buffer.alloc(0), deserialize: () => ({}) };
const definition = {
  ping: {
    path: '/test.Test/Ping',
    requestStream: false,
    responseStream: false,
    requestSerialize: empty.serialize,
    requestDeserialize: empty.deserialize,
    responseSerialize: empty.serialize,
    responseDeserialize: empty.deserialize,
  },
} satisfies ServiceDefinition;

describe('GrpcServer', () => {
  let sut: GrpcServer;
  let client: Client & { ping(request: object, callback: (error: ServiceError | null) => void): void };

  beforeAll(async () => {
    sut = new GrpcServer(new PrincipalTokens('x'.repeat(32)), createLogger('test', 'silent'), { maxConnectionAgeMs: 300 }).add(definition, {
      ping: () => Promise.resolve({}),
    });
    const port = await sut.listen('127.0.0.1:0');
    const Ping = makeGenericClientConstructor(definition, 'Test');
    client = new Ping(`127.0.0.1:${port}`, credentials.createInsecure()) as unknown as typeof client;
  });

  afterAll(async () => {
    client?.close();
    await sut?.shutdown(1_000);
  });

  const call = () => new Promise<number | undefined>((done) => client.ping({}, (error) => done(error?.code)));

  it('closes a client connection at its maximum age, and the next call connects again', async () => {
    // Unsigned, so refused: enough to open the connection.
    expect(await call()).toBe(status.UNAUTHENTICATED);
    const channel = client.getChannel();
    expect(channel.getConnectivityState(false)).toBe(connectivityState.READY);

    // GOAWAY after 300 ms (±10%): the channel lets the connection go.
    const left = await new Promise<connectivityState>((done) =>
      channel.watchConnectivityState(connectivityState.READY, Date.now() + 5_000, () => done(channel.getConnectivityState(false))),
    );
    expect(left).not.toBe(connectivityState.READY);

    expect(await call()).toBe(status.UNAUTHENTICATED);
    expect(channel.getConnectivityState(false)).toBe(connectivityState.READY);
  });
});
