import type { GatewayErrorCode } from '../http/gateway.errors';
import type { ServerMessage } from './live-protocol';
import type { LiveSocket } from './live-rooms';

/** A participant's socket for the rooms' unit specs: what it was sent, and how it was closed. */
export class FakeSocket implements LiveSocket {
  readonly messages: ServerMessage[] = [];
  closed?: { code: number; reason: string };
  /** The refusal it was told before being closed (a seat taken over, a right to be there that ended). */
  refused?: GatewayErrorCode;
  refuse(code: GatewayErrorCode): void {
    this.refused = code;
  }
  send(message: ServerMessage): void {
    this.messages.push(message);
  }
  close(code: number, reason: string): void {
    this.closed = { code, reason };
  }
  of<T extends ServerMessage['type']>(type: T): Array<Extract<ServerMessage, { type: T }>> {
    return this.messages.filter((m): m is Extract<ServerMessage, { type: T }> => m.type === type);
  }
}
