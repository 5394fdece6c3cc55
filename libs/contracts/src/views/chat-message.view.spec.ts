import { ChatMessage } from '../interviews.contracts';
import { overTheWire } from '../../test/factories';
import { chatMessageJson, ChatMessageView } from './chat-message.view';

describe('chatMessageJson', () => {
  it('renders a call’s chat message: its author’s name and role, its text as kept, when it was sent and its time into the call', () => {
    const sut = chatMessageJson(
      overTheWire(ChatMessage, {
        uuid: '0b1c2d3e-0000-4000-8000-00000000000f',
        author: { name: 'Ada Lovelace', role: 'candidate' },
        text: 'My sound is gone: +44 20 7946 0958',
        sent_at: '2026-03-02T09:01:01+00:00',
        offset_seconds: 61.5,
      }),
    );
    expect(sut).toEqual({
      uuid: '0b1c2d3e-0000-4000-8000-00000000000f',
      author: { name: 'Ada Lovelace', role: 'candidate' },
      text: 'My sound is gone: +44 20 7946 0958',
      sent_at: '2026-03-02T09:01:01+00:00',
      offset_seconds: 61.5,
    });
    expect(ChatMessageView.parse(sut)).toEqual(sut);
  });
});
