import { aQuestion, overTheWire } from '../../test/factories';
import { Question } from '../interviews.contracts';
import { questionJson, QuestionView } from './question.view';

describe('questionJson', () => {
  it('renders the interview question of the reference, with our think_time', () => {
    const sut = questionJson(
      overTheWire(Question, aQuestion({ completed: true, takes: { completed: 1, remaining: 1, limit: 2 }, started_at: '2026-11-23T09:00:00+00:00' })),
    );
    expect(sut).toEqual({
      uuid: '0b1c2d3e-0000-4000-8000-000000000005',
      text: 'Tell us about a bug you fixed.',
      completed: true,
      skipped: false,
      time_limit: 60,
      think_time: '30',
      takes: { completed: 1, remaining: 1, limit: 2 },
      created_at: '2026-11-22T10:00:00+00:00',
      updated_at: '2026-11-22T10:00:00+00:00',
      started_at: '2026-11-23T09:00:00+00:00',
    });
    expect(QuestionView.parse(sut)).toEqual(sut);
  });

  it('shows a question not started yet with started_at null, and unlimited takes as -1', () => {
    const sut = questionJson(overTheWire(Question, aQuestion({ takes: { completed: 0, remaining: -1, limit: -1 } })));
    expect(sut).toMatchObject({ started_at: null, takes: { completed: 0, remaining: -1, limit: -1 } });
    expect(QuestionView.parse(sut)).toEqual(sut);
  });
});
