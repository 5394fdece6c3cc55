import type { GatewayErrorCode } from '../http/gateway.errors';
import type { ServerMessage } from '@vi/contracts';
import type { LiveSocket } from './live-rooms';

/** A participant's socket for the rooms' unit specs: what it was sent, and how it was closed. */
export class FakeSocket implements LiveSocket {
  readonly messages: ServerMessage<unknown>[] = [];
  closed?: { code: number; reason: string };
  /** The refusal it was told before being closed (a seat taken over, a right to be there that ended). */
  refused?: GatewayErrorCode;
  refuse(code: GatewayErrorCode): void {
    this.refused = code;
  }
  send(message: ServerMessage<unknown>): void {
    this.messages.push(message);
  }
  close(code: number, reason: string): void {
    this.closed = { code, reason };
  }
  of<T extends ServerMessage<unknown>['type']>(type: T): Array<Extract<ServerMessage<unknown>, { type: T }>> {
    return this.messages.filter((m): m is Extract<ServerMessage<unknown>, { type: T }> => m.type === type);
  }
}
