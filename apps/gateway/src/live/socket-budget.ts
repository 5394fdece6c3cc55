/**
 * What one live call socket may send (decision 039): a token bucket of messages and one of bytes, each with a burst
 * and a steady rate. Signaling is small (SDP offers and answers of a few KB, ICE candidates of a few hundred bytes,
 * state changes, chat lines): a page that sends more than a call of four with screen sharing ever does is not a page
 * of ours, and its socket is closed before what it sends can fill the gateway's memory.
 */
export interface BudgetLimits {
  burstMessages: number;
  messagesPerSecond: number;
  burstBytes: number;
  bytesPerSecond: number;
}

export const LIVE_SOCKET_BUDGET: BudgetLimits = {
  burstMessages: 300,
  messagesPerSecond: 30,
  burstBytes: 512 * 1024,
  bytesPerSecond: 64 * 1024,
};

export class SocketBudget {
  private messages: number;
  private bytes: number;
  private at: number;

  constructor(
    private readonly limits: BudgetLimits = LIVE_SOCKET_BUDGET,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.messages = limits.burstMessages;
    this.bytes = limits.burstBytes;
    this.at = now();
  }

  /** Spends one message of `size` bytes; false when either bucket is empty (nothing is spent then). */
  take(size: number): boolean {
    const now = this.now();
    const seconds = Math.max(0, now - this.at) / 1000;
    this.at = now;
    this.messages = Math.min(this.limits.burstMessages, this.messages + seconds * this.limits.messagesPerSecond);
    this.bytes = Math.min(this.limits.burstBytes, this.bytes + seconds * this.limits.bytesPerSecond);
    if (this.messages < 1 || this.bytes < size) return false;
    this.messages -= 1;
    this.bytes -= size;
    return true;
  }
}
